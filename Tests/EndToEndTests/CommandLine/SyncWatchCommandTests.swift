import Foundation
import TestSupport
import XCTest

/// Issue 20.6: `cloudy sync --watch` syncs with no screen open. A change made while the
/// PostgreSQL server is down reaches the cloud soon after it comes back, pushed by the
/// watcher alone; SIGTERM stops it cleanly.
final class SyncWatchCommandTests: XCTestCase {
  private var server: PostgresTestServer!
  private var database = ""
  private var folder: TemporaryFolder!
  private var watcher: ChildProcess.Started?

  override func setUpWithError() throws {
    guard let server = PostgresTestServer.current, server.control != nil else {
      throw XCTSkip(PostgresTestServer.skipReason)
    }
    self.server = server
    database = try server.createDatabase()
    folder = try TemporaryFolder()
  }

  override func tearDown() {
    watcher?.stop()
    if (try? server?.psql(["-c", "SELECT 1"])) == nil { try? server?.controlServer("start") }
    server?.dropDatabase(database)
    folder?.remove()
  }

  private func environment(_ device: String, store: String) -> [String: String] {
    [
      "CLOUDY_STORE": store, "CLOUDY_CLOUD": server.url(database: database), "CLOUDY_ACCOUNT": "team",
      "CLOUDY_HOME": folder.file(device), "CLOUDY_NO_FETCH": "1", "PGPASSWORD": server.password,
    ]
  }

  private func cloudy(
    _ arguments: [String], _ device: String, store: String, fetching: Bool = false
  ) throws -> ChildProcess.Output {
    var environment = environment(device, store: store)
    if fetching { environment["CLOUDY_NO_FETCH"] = "0" }
    guard
      let output = try ChildProcess.cloudy(arguments, environment: environment, timeout: .seconds(60))
    else { throw Hung(description: "cloudy \(arguments) did not exit within a minute") }
    return output
  }

  private func log() -> String {
    (try? String(contentsOfFile: folder.file("watch.log"), encoding: .utf8)) ?? ""
  }

  /// How many bookmarks of the account's the cloud holds, read with psql as the account.
  private func recordsInCloud() -> Int {
    let output = try? server.psql(
      [
        "-c", "SELECT set_config('cloudy.account', 'team', false)",
        "-c", "SELECT count(*) FROM cloudy.records WHERE value IS NOT NULL AND key LIKE '%.bookmark'",
      ], database: database)
    return output.flatMap { $0.split(separator: "\n").last.flatMap { Int($0) } } ?? -1
  }

  func testAChangeMadeWhileTheServerWasDownIsPushedSoonAfterItComesBack() throws {
    let store = "documents"
    XCTAssertEqual(try cloudy(["add", "https://first.example", "--name", "First"], "a", store: store).status, 0)
    watcher = try ChildProcess.start(
      ChildProcess.cloudyPath, ["sync", "--watch"], environment: environment("a", store: store),
      log: folder.file("watch.log"))
    XCTAssertTrue(waitUntil(within: .seconds(15)) { self.log().contains("documents · synced") }, log())
    XCTAssertEqual(recordsInCloud(), 1)

    try server.controlServer("stop")
    let offline = try cloudy(["add", "https://offline.example", "--name", "Made offline"], "a", store: store)
    XCTAssertEqual(offline.status, 0, offline.stderr)
    XCTAssertTrue(offline.stderr.contains("will sync later"), offline.stderr)
    XCTAssertTrue(waitUntil(within: .seconds(15)) { self.log().contains("offline · 1 pending") }, log())

    try server.controlServer("start")
    let back = ContinuousClock.now
    // Nothing but the watcher runs on device a now.
    XCTAssertTrue(waitUntil(within: .seconds(15), every: .milliseconds(50)) { self.recordsInCloud() == 2 }, log())
    let pushed = ContinuousClock.now - back
    print("sync --watch: the offline change reached the cloud \(pushed) after the server was back")
    let b = try cloudy(["list"], "b", store: store)
    XCTAssertTrue(b.stdout.contains("Made offline"), "another device fetches it: \(b.stdout)")

    kill(watcher!.processIdentifier, SIGTERM)
    watcher!.waitUntilExit()
    XCTAssertEqual(watcher!.terminationStatus, 0, log())
    XCTAssertTrue(log().hasSuffix("Stopped.\n"), log())
  }

  /// A page kept while the server is down waits on the device; the watcher sends it once
  /// its sync reaches the server again (`offline` → `synced`), says so, and another device
  /// reads it.
  func testAPageKeptWhileTheServerWasDownIsSentWhenItComesBack() throws {
    let store = "documents"
    let pages = try webFixture.get()
    let added = try cloudy(
      ["add", "--no-fetch", "--name", "Article", pages.url("/archive/article")], "a", store: store)
    XCTAssertEqual(added.status, 0, added.stderr)
    let id = added.stdout.trimmingCharacters(in: .newlines)
    watcher = try ChildProcess.start(
      ChildProcess.cloudyPath, ["sync", "--watch"], environment: environment("a", store: store),
      log: folder.file("watch.log"))
    XCTAssertTrue(waitUntil(within: .seconds(15)) { self.log().contains("documents · synced") }, log())

    try server.controlServer("stop")
    XCTAssertEqual(try cloudy(["add", "https://offline.example"], "a", store: store).status, 0)
    XCTAssertTrue(waitUntil(within: .seconds(15)) { self.log().contains("offline · 1 pending") }, log())
    let kept = try cloudy(["archive", id], "a", store: store, fetching: true)
    XCTAssertEqual(kept.status, 0, kept.stderr)
    XCTAssertTrue(kept.stderr.contains("The pages stay on this device"), kept.stderr)
    XCTAssertFalse(log().contains("Sent 1 page"), log())

    try server.controlServer("start")
    XCTAssertTrue(
      waitUntil(within: .seconds(20)) {
        self.log().contains("Sent 1 page kept while the cloud could not be reached.")
      }, log())
    let read = try cloudy(["read", id], "b", store: store)
    XCTAssertEqual(read.status, 0, read.stderr)
    XCTAssertTrue(read.stdout.contains("# The Tower"), read.stdout)
  }

  func testWatchingRefusesAStoreWithNothingToSync() throws {
    let local = try cloudy(["sync", "--watch"], "a", store: "user-defaults")
    XCTAssertEqual(local.status, 1)
    XCTAssertTrue(local.stderr.contains("stays on this device"), local.stderr)
    let offline = try cloudy(["sync", "--watch", "--offline"], "a", store: "key-value")
    XCTAssertEqual(offline.status, 1)
    XCTAssertTrue(offline.stderr.contains("nothing to watch offline"), offline.stderr)
  }
}
