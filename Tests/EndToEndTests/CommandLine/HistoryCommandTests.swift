import Foundation
import TestSupport
import XCTest

/// `cloudy history ID` and `cloudy revert ID VERSION` (issue 19.3), the real binary on two
/// devices of one account, over the SQLite cloud and PostgreSQL: each device lists the
/// other's edits, a revert on one is the current version on the other, and what can't be
/// done is one sentence with exit status 1.
final class HistoryCommandTests: XCTestCase {
  private var home: TemporaryFolder!

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() {
    home.remove()
  }

  private static let limit: Duration = .seconds(60)

  private func cloudy(_ arguments: [String], device: String, cloud: String, extra: [String: String] = [:]) throws
    -> ChildProcess.Output
  {
    let environment = [
      "CLOUDY_STORE": "documents", "CLOUDY_CLOUD": cloud, "CLOUDY_ACCOUNT": "alice",
      "CLOUDY_HOME": home.path + "/" + device, "CLOUDY_DEVICE_NAME": device,
    ].merging(extra) { $1 }
    guard let output = try ChildProcess.cloudy(arguments, environment: environment, timeout: Self.limit) else {
      throw Hung(description: "cloudy \(arguments) did not exit within \(Self.limit)")
    }
    return output
  }

  /// The rows `cloudy history` prints: version, time, device, what changed, name, URL.
  private func history(_ id: String, device: String, cloud: String, extra: [String: String]) throws -> [[String]] {
    let output = try cloudy(["history", id], device: device, cloud: cloud, extra: extra)
    XCTAssertEqual(output.status, 0, output.stderr)
    return output.stdout.split(separator: "\n").map {
      $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
  }

  private func checkHistoryAcrossDevices(cloud: String, extra: [String: String] = [:]) throws {
    let added = try cloudy(
      ["add", "https://swift.org", "--name", "Swift"], device: "laptop", cloud: cloud, extra: extra)
    XCTAssertEqual(added.status, 0, added.stderr)
    let id = added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let renamed = try cloudy(["edit", id, "--name", "Swift lang"], device: "laptop", cloud: cloud, extra: extra)
    XCTAssertEqual(renamed.status, 0, renamed.stderr)
    let moved = try cloudy(["edit", id, "--url", "https://www.swift.org"], device: "desk", cloud: cloud, extra: extra)
    XCTAssertEqual(moved.status, 0, moved.stderr)

    let onLaptop = try history(id, device: "laptop", cloud: cloud, extra: extra)
    XCTAssertEqual(onLaptop.map { $0[3] }, ["URL changed", "name changed", "created"], cloud)
    XCTAssertEqual(onLaptop.map { $0[2] }, ["desk", "laptop", "laptop"], cloud)
    XCTAssertEqual(onLaptop.map { $0[4] }, ["Swift lang", "Swift lang", "Swift"], cloud)
    XCTAssertEqual(try history(id, device: "desk", cloud: cloud, extra: extra), onLaptop, "the same on both")
    XCTAssertEqual(onLaptop.map { $0[0] }, onLaptop.map { $0[0].lowercased() }, "version ids in one case")
    // A version is found by its start in either case.
    let upper = try cloudy(["revert", id, onLaptop[0][0].uppercased()], device: "laptop", cloud: cloud, extra: extra)
    XCTAssertEqual(upper.status, 1, upper.stderr)
    XCTAssertTrue(upper.stderr.contains("is already as version \(onLaptop[0][0]) has it"), upper.stderr)

    // The desk reverts to the first version; the laptop has it, and the revert in its history.
    let first = onLaptop[2][0]
    let reverted = try cloudy(["revert", id, first], device: "desk", cloud: cloud, extra: extra)
    XCTAssertEqual(reverted.status, 0, reverted.stderr)
    XCTAssertEqual(reverted.stdout, "Reverted “Swift” to version \(first).\n")
    let listed = try cloudy(["list"], device: "laptop", cloud: cloud, extra: extra)
    XCTAssertTrue(listed.stdout.contains("Swift\thttps://swift.org"), listed.stdout)
    let after = try history(id, device: "laptop", cloud: cloud, extra: extra)
    XCTAssertEqual(after.first?[3], "reverted to \(first)", cloud)
    XCTAssertEqual(after.first?[2], "desk", cloud)
    XCTAssertEqual(after.count, 4, cloud)

    // What can't be done: one sentence, exit status 1, nothing changed.
    let again = try cloudy(["revert", id, first], device: "laptop", cloud: cloud, extra: extra)
    XCTAssertEqual(again.status, 1)
    XCTAssertEqual(again.stderr, "Error: “Swift” is already as version \(first) has it; nothing was changed.\n")
    let none = try cloudy(["revert", id, "zzzz"], device: "laptop", cloud: cloud, extra: extra)
    XCTAssertEqual(none.status, 1)
    XCTAssertEqual(none.stderr, "Error: This bookmark has no version zzzz; `cloudy history` lists the ones it has.\n")
    XCTAssertEqual(try history(id, device: "laptop", cloud: cloud, extra: extra).count, 4)

    // Deleted on the desk: the laptop says where it is.
    XCTAssertEqual(try cloudy(["remove", id], device: "desk", cloud: cloud, extra: extra).status, 0)
    let gone = try cloudy(["history", id], device: "laptop", cloud: cloud, extra: extra)
    XCTAssertEqual(gone.status, 1)
    XCTAssertEqual(
      gone.stderr,
      "Error: “Swift” was deleted on desk; restore it from Recently Deleted (D, or `cloudy trash restore`) and its"
        + " history comes back with it.\n")
  }

  func testHistoryAndRevertAcrossDevicesOverSQLite() throws {
    try checkHistoryAcrossDevices(cloud: "sqlite:" + home.path + "/cloud.sqlite")
  }

  func testHistoryAndRevertAcrossDevicesOverPostgres() throws {
    guard let server = PostgresTestServer.current else { throw XCTSkip(PostgresTestServer.skipReason) }
    let database = try server.createDatabase()
    defer { server.dropDatabase(database) }
    try checkHistoryAcrossDevices(cloud: server.url(database: database), extra: ["PGPASSWORD": server.password])
  }

  /// Given a bookmark that came in by an import and was then edited, when its history is
  /// listed, then the imported version names the device by its name, never by its raw id.
  func testAnImportedVersionNamesTheDeviceByItsName() throws {
    let cloud = "sqlite:" + home.path + "/cloud.sqlite"
    let file = home.path + "/in.json"
    try Data(#"[{"id":"one","name":"One","url":"https://one.example","created":"2026-01-01T00:00:00Z"}]"#.utf8)
      .write(to: URL(fileURLWithPath: file))
    let imported = try cloudy(["import", "--yes", file], device: "laptop", cloud: cloud)
    XCTAssertEqual(imported.status, 0, imported.stderr)
    XCTAssertEqual(try cloudy(["edit", "one", "--name", "One again"], device: "laptop", cloud: cloud).status, 0)
    let rows = try history("one", device: "laptop", cloud: cloud, extra: [:])
    XCTAssertEqual(rows.map { $0[2] }, ["laptop", "laptop"], "\(rows)")
  }

  /// `history-versions` bounds what this device keeps; a value out of range is refused.
  func testHistoryVersionsSettingBoundsTheHistory() throws {
    let cloud = "sqlite:" + home.path + "/cloud.sqlite"
    let set = try cloudy(["config", "set", "history-versions", "2"], device: "laptop", cloud: cloud)
    XCTAssertEqual(set.status, 0, set.stderr)
    let refused = try cloudy(["config", "set", "history-versions", "0"], device: "laptop", cloud: cloud)
    XCTAssertEqual(refused.status, 1)
    XCTAssertEqual(refused.stderr, "Error: history-versions is a whole number from 1 to 1000, not “0”.\n")
    let added = try cloudy(["add", "https://swift.org", "--name", "v0"], device: "laptop", cloud: cloud)
    let id = added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    for step in 1...4 {
      XCTAssertEqual(try cloudy(["edit", id, "--name", "v\(step)"], device: "laptop", cloud: cloud).status, 0)
    }
    XCTAssertEqual(try history(id, device: "laptop", cloud: cloud, extra: [:]).map { $0[4] }, ["v4", "v3"])
  }

  func testTheOtherStoresSayTheyKeepNoHistory() throws {
    let added = try cloudy(
      ["add", "https://swift.org"], device: "laptop", cloud: "", extra: ["CLOUDY_STORE": "user-defaults"])
    XCTAssertEqual(added.status, 0, added.stderr)
    let id = added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let output = try cloudy(["history", id], device: "laptop", cloud: "", extra: ["CLOUDY_STORE": "user-defaults"])
    XCTAssertEqual(output.status, 1)
    XCTAssertEqual(
      output.stderr,
      "Error: The user-defaults store keeps no history of its bookmarks; the documents store does (`cloudy migrate"
        + " --to documents` moves them there).\n")
  }
}
