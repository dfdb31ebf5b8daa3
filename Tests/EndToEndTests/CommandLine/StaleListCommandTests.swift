import Foundation
import TestSupport
import XCTest

/// `list` from a synced store whose cloud could not be used prints this device's copy, and
/// says so: one line on stderr and exit status 3, so a script can tell it may be stale.
final class StaleListCommandTests: XCTestCase {
  private var home: TemporaryFolder!

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() {
    home.remove()
  }

  private func cloudy(_ arguments: [String], store: String, cloud: String) throws -> ChildProcess.Output {
    let environment = [
      "CLOUDY_STORE": store, "CLOUDY_CLOUD": cloud, "CLOUDY_ACCOUNT": "alice", "CLOUDY_HOME": home.path + "/" + store,
    ]
    guard let output = try ChildProcess.cloudy(arguments, environment: environment, timeout: .seconds(60)) else {
      throw Hung(description: "cloudy \(arguments) did not exit within a minute")
    }
    return output
  }

  func testAListFromAnUnreachableCloudSaysItMayBeStale() throws {
    let good = "sqlite:" + home.path + "/cloud.sqlite"
    // A folder stands where the cloud's file should be: it can't be opened.
    let notAFile = home.path + "/cloud-is-a-folder.sqlite"
    try FileManager.default.createDirectory(atPath: notAFile, withIntermediateDirectories: true)
    let unreachable = "sqlite:" + notAFile
    for store in ["key-value", "documents"] {
      XCTAssertEqual(try cloudy(["add", "https://kept.example"], store: store, cloud: good).status, 0)
      let fresh = try cloudy(["list"], store: store, cloud: good)
      XCTAssertEqual(fresh.status, 0, fresh.stderr)
      XCTAssertEqual(fresh.stderr, "", store)

      let stale = try cloudy(["list"], store: store, cloud: unreachable)
      XCTAssertEqual(stale.status, 3, "\(store): \(stale.stderr)")
      XCTAssertEqual(stale.stderr.split(separator: "\n").count, 1, "\(store): one line: \(stale.stderr)")
      XCTAssertTrue(stale.stderr.contains("may be out of date"), "\(store): \(stale.stderr)")

      let offline = try cloudy(["list", "--offline"], store: store, cloud: unreachable)
      XCTAssertEqual(offline.status, 0, "\(store): --offline asked for the local copy: \(offline.stderr)")
    }
  }

  /// Issue 15.8: a cloud that refuses the password, or whose file is damaged, is no more a
  /// silent fresh list than an unreachable one.
  func testAListFromARefusingOrDamagedCloudSaysItMayBeStale() throws {
    let good = "sqlite:" + home.path + "/cloud.sqlite"
    XCTAssertEqual(try cloudy(["add", "https://kept.example"], store: "key-value", cloud: good).status, 0)
    try Data(repeating: 0x5A, count: 4096).write(to: URL(fileURLWithPath: home.path + "/cloud.sqlite"))
    try? FileManager.default.removeItem(atPath: home.path + "/cloud.sqlite-wal")
    let damaged = try cloudy(["list"], store: "key-value", cloud: good)
    XCTAssertEqual(damaged.status, 3, damaged.stderr)
    XCTAssertTrue(damaged.stdout.contains("kept.example"), "this device's copy is still printed")

    guard let server = PostgresTestServer.current else { return }
    let environment = [
      "CLOUDY_STORE": "key-value", "CLOUDY_CLOUD": server.url, "CLOUDY_ACCOUNT": "stale-\(UUID().uuidString)",
      "CLOUDY_HOME": home.path + "/postgres", "PGPASSWORD": "not-the-password", "PGPASSFILE": "/nonexistent",
    ]
    guard let refused = try ChildProcess.cloudy(["list"], environment: environment, timeout: .seconds(60)) else {
      throw Hung(description: "list with a wrong password did not exit within a minute")
    }
    XCTAssertEqual(refused.status, 3, refused.stderr)
    XCTAssertTrue(refused.stderr.contains("password"), refused.stderr)
    XCTAssertFalse(refused.stderr.contains("not-the-password"), "never the password itself")
  }
}
