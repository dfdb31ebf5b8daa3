import Foundation
import TestSupport
import XCTest

/// A cloud that was reset (its SQLite file deleted or emptied, its PostgreSQL schema
/// dropped) or replaced is not the one the devices' tokens belong to. Each device finds out
/// before it fetches or pushes, says so, and syncs as for the first time: it uploads what
/// it holds and fetches everything, so no bookmark is skipped or left behind.
final class CloudResetCommandTests: XCTestCase {
  private var home: TemporaryFolder!

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() {
    home.remove()
  }

  private static let limit: Duration = .seconds(60)

  private func cloudy(
    _ arguments: [String], device: String, store: String, cloud: String, extra: [String: String] = [:]
  ) throws -> ChildProcess.Output {
    let environment = [
      "CLOUDY_STORE": store, "CLOUDY_CLOUD": cloud, "CLOUDY_ACCOUNT": "alice",
      "CLOUDY_HOME": home.path + "/" + device,
    ].merging(extra) { $1 }
    guard let output = try ChildProcess.cloudy(arguments, environment: environment, timeout: Self.limit) else {
      throw Hung(description: "cloudy \(arguments) did not exit within \(Self.limit)")
    }
    return output
  }

  private func urls(device: String, store: String, cloud: String, extra: [String: String] = [:]) throws -> Set<String> {
    let output = try cloudy(["list"], device: device, store: store, cloud: cloud, extra: extra)
    XCTAssertEqual(output.status, 0, output.stderr)
    return Set(output.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[2]) })
  }

  /// Given two devices in sync with three bookmarks, when the cloud is reset and each
  /// device adds more, then both devices end with every bookmark, and the first command
  /// after the reset said what happened.
  private func checkReset(
    store: String, cloud: String, extra: [String: String] = [:], reset: () throws -> Void
  ) throws {
    for index in 1...3 {
      let added = try cloudy(
        ["add", "https://before.example/\(index)"], device: "a", store: store, cloud: cloud, extra: extra)
      XCTAssertEqual(added.status, 0, added.stderr)
    }
    XCTAssertEqual(try urls(device: "b", store: store, cloud: cloud, extra: extra).count, 3)

    try reset()

    let afterA = try cloudy(["add", "https://after.example/a"], device: "a", store: store, cloud: cloud, extra: extra)
    XCTAssertEqual(afterA.status, 0, afterA.stderr)
    XCTAssertTrue(afterA.stderr.contains("reset or replaced"), "\(store): A was not told: \(afterA.stderr)")
    let afterB = try cloudy(["add", "https://after.example/b"], device: "b", store: store, cloud: cloud, extra: extra)
    XCTAssertEqual(afterB.status, 0, afterB.stderr)
    XCTAssertTrue(afterB.stderr.contains("reset or replaced"), "\(store): B was not told: \(afterB.stderr)")

    let expected = Set(
      (1...3).map { "https://before.example/\($0)" } + ["https://after.example/a", "https://after.example/b"])
    XCTAssertEqual(try urls(device: "a", store: store, cloud: cloud, extra: extra), expected, store)
    XCTAssertEqual(try urls(device: "b", store: store, cloud: cloud, extra: extra), expected, store)
    // A third device that never saw the old cloud gets everything from the new one.
    XCTAssertEqual(try urls(device: "c", store: store, cloud: cloud, extra: extra), expected, store)
  }

  func testDeletedSQLiteCloudIsSyncedAsNewByKeyValueDevices() throws {
    let path = home.path + "/cloud.sqlite"
    try checkReset(store: "key-value", cloud: "sqlite:" + path) { try removeSQLite(path) }
  }

  func testEmptiedSQLiteCloudIsSyncedAsNewByDocumentDevices() throws {
    let path = home.path + "/cloud.sqlite"
    try checkReset(store: "documents", cloud: "sqlite:" + path) {
      for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
      XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()))
    }
  }

  func testDeletedSQLiteCloudIsSyncedAsNewByDocumentDevices() throws {
    let path = home.path + "/cloud.sqlite"
    try checkReset(store: "documents", cloud: "sqlite:" + path) { try removeSQLite(path) }
  }

  func testRecreatedPostgresSchemaIsSyncedAsNew() throws {
    guard let server = PostgresTestServer.current else { throw XCTSkip(PostgresTestServer.skipReason) }
    for store in ["key-value", "documents"] {
      let database = try server.createDatabase()
      defer { server.dropDatabase(database) }
      try checkReset(
        store: store, cloud: server.url(database: database), extra: ["PGPASSWORD": server.password]
      ) {
        try server.psql(["-c", "DROP SCHEMA cloudy CASCADE"], database: database)
      }
      home.remove()
      home = try TemporaryFolder()
    }
  }

  private func removeSQLite(_ path: String) throws {
    for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
      try FileManager.default.removeItem(atPath: path + suffix)
    }
  }
}

/// A command that did not exit within its time limit.
struct Hung: Error, CustomStringConvertible {
  var description: String
}
