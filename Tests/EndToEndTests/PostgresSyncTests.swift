import Foundation
import TestSupport
import XCTest

/// Both synced backends through a real PostgreSQL server (`scripts/with-postgres`): two
/// homes on one database are two devices of one account; a change on one appears on the
/// other's running screen without a key press, and a server outage mid-session loses and
/// duplicates nothing. Each test gets its own database. The password reaches the app
/// through a private password file (`PGPASSFILE`), never through argv.
final class PostgresSyncTests: EndToEndTestCase {
  private var server: PostgresTestServer!
  private var database = ""
  private var passFile = ""

  override func setUpWithError() throws {
    try super.setUpWithError()
    guard let server = PostgresTestServer.current else { throw XCTSkip(PostgresTestServer.skipReason) }
    self.server = server
    database = try server.createDatabase()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cloudy-e2e-pg-\(UUID().uuidString.prefix(13).lowercased())", isDirectory: true)
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    passFile = folder.appendingPathComponent("pgpass").path
    _ = FileManager.default.createFile(
      atPath: passFile, contents: Data("*:*:*:*:\(server.password)\n".utf8), attributes: [.posixPermissions: 0o600])
    let name = database
    addTeardownBlock {
      // The sessions are stopped before teardown blocks run; a server stopped by a failed
      // test is started again so the next test has one.
      if (try? server.psql(["-c", "SELECT 1"])) == nil { try? server.controlServer("start") }
      server.dropDatabase(name)
      try? FileManager.default.removeItem(at: folder)
    }
  }

  /// A fresh home that is one device of the test's account on the test's database.
  private func makeDevice(store: String) throws -> CloudyHome {
    let home = try makeHome()
    home.settings = [
      "CLOUDY_STORE": store,
      "CLOUDY_CLOUD": server.url(database: database),
      "CLOUDY_ACCOUNT": "e2e",
      "PGPASSFILE": passFile,
    ]
    return home
  }

  /// Starts the app on a new device and waits until its empty list has loaded.
  private func openDevice(store: String) throws -> TmuxSession {
    let app = try launch(try makeDevice(store: store), waitUntilLoaded: false)
    try app.waitFor("No bookmarks yet.")
    try waitForBottomLine(app, containing: "\(store) · synced")
    return app
  }

  private func bottomLine(_ app: TmuxSession) throws -> String {
    try app.lines().last?.trimmingTrailingSpaces ?? ""
  }

  @discardableResult
  private func waitForBottomLine(
    _ app: TmuxSession, containing text: String, timeout: TimeInterval = 15, file: StaticString = #filePath,
    line: UInt = #line
  ) throws -> String {
    var bottom = ""
    try app.waitUntil(timeout: timeout, "the bottom line contains “\(text)”", file: file, line: line) {
      bottom = try self.bottomLine(app)
      return bottom.contains(text)
    }
    return bottom
  }

  private func add(_ app: TmuxSession, url: String, name: String) throws {
    try fillAddDialog(app, url: url, name: name)
    try app.press("Enter")
    try app.waitFor("Added “\(name)”.")
  }

  // MARK: - Tests

  func testKeyValueAddAndDeleteReachTheOtherDeviceWithoutAKeyPress() throws {
    try addAndDeleteReachTheOtherDevice(store: "key-value")
  }

  func testDocumentsAddAndDeleteReachTheOtherDeviceWithoutAKeyPress() throws {
    try addAndDeleteReachTheOtherDevice(store: "documents")
  }

  private func addAndDeleteReachTheOtherDevice(store: String) throws {
    let deviceA = try openDevice(store: store)
    let deviceB = try openDevice(store: store)
    try add(deviceA, url: "https://pg.example", name: "Through Postgres")
    // No key goes to B from here on.
    let lines = try waitForList(deviceB, ["  Through Postgres", "  https://pg.example"])
    XCTAssertTrue(lines[23].contains("\(store) · synced"), lines[23])

    try deviceA.type("e")
    try deviceA.waitUntil("the top-left button reads Done") { try deviceA.lines()[0].hasPrefix(" Done") }
    try deviceA.type("d")
    try deviceA.waitFor("Delete “Through Postgres”? Press y to delete")
    try deviceA.type("y")
    try deviceA.waitFor("Deleted “Through Postgres”; D shows Recently Deleted.")
    let screen = try deviceB.waitFor("No bookmarks yet.")
    XCTAssertFalse(try deviceB.lines()[1...22].joined().contains("Through Postgres"), screen)
  }

  func testKeyValueChangesMadeWhileTheServerIsDownArePushedAndFetchedWhenItReturns() throws {
    try serverOutage(store: "key-value")
  }

  func testDocumentChangesMadeWhileTheServerIsDownArePushedAndFetchedWhenItReturns() throws {
    try serverOutage(store: "documents")
  }

  /// Stops the server mid-session: both devices keep working and say `offline · N pending`;
  /// when it starts again every queued change is pushed and fetched, once.
  private func serverOutage(store: String) throws {
    let deviceA = try openDevice(store: store)
    let deviceB = try openDevice(store: store)
    try add(deviceA, url: "https://before.example", name: "Before")
    try waitForList(deviceB, ["  Before", "  https://before.example"])

    try server.controlServer("stop")
    try add(deviceA, url: "https://during-a1.example", name: "During A1")
    try add(deviceA, url: "https://during-a2.example", name: "During A2")
    try add(deviceB, url: "https://during-b.example", name: "During B")
    try deviceA.type("j")  // any key clears the “Added” message from the bottom line
    try deviceB.type("j")
    // In the key-value store the place each list is at is one more key waiting (docs/sync.md).
    let place = store == "key-value" ? 1 : 0
    let bottomA = try waitForBottomLine(deviceA, containing: "offline · \(2 + place) pending")
    let bottomB = try waitForBottomLine(deviceB, containing: "offline · \(1 + place) pending")
    XCTAssertTrue(bottomA.contains("\(store) · offline"), bottomA)
    XCTAssertTrue(bottomB.contains("\(store) · offline"), bottomB)

    try server.controlServer("start")
    // No key from here on: the devices reconnect by themselves.
    let names = ["Before", "During A1", "During A2", "During B"]
    for device in [deviceA, deviceB] {
      try device.waitUntil(timeout: 20, "all four bookmarks are listed and nothing is pending") {
        let screen = try device.screen()
        return names.allSatisfy { screen.contains("  \($0)\n") } && !screen.contains("pending")
          && screen.contains("\(store) · synced")
      }
    }
    // A third device, from the cloud alone: each bookmark exactly once.
    let third = try makeDevice(store: store)
    let listed = try third.listedBookmarks().map(\.name).sorted()
    XCTAssertEqual(listed, names, "the cloud holds every bookmark once")
  }

  func testAWrongPasswordIsOneSentenceAndTheChangeStaysQueued() throws {
    let device = try makeDevice(store: "key-value")
    let wrongFile = passFile + "-wrong"
    _ = FileManager.default.createFile(
      atPath: wrongFile, contents: Data("*:*:*:*:not-the-password\n".utf8), attributes: [.posixPermissions: 0o600])
    let result = try device.cli(
      ["add", "https://queued.example", "--name", "Queued"], environment: ["PGPASSFILE": wrongFile])
    XCTAssertEqual(result.status, 0, "the add itself succeeds locally: \(result.stderr)")
    XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "one line: \(result.stderr)")
    XCTAssertTrue(result.stderr.contains("refused the password"), result.stderr)
    XCTAssertFalse(result.stderr.contains("not-the-password"), "no password in messages: \(result.stderr)")
    let pushed = try device.cli("list")
    XCTAssertTrue(pushed.stdout.contains("Queued"), "the right password pushes it on the next run: \(pushed.stdout)")
    XCTAssertEqual(pushed.stderr, "")
    let other = try makeDevice(store: "key-value")
    XCTAssertEqual(try other.listedBookmarks().map(\.name), ["Queued"])
  }

  func testAPasswordInTheAddressIsRefusedWithOneSentence() throws {
    let device = try makeDevice(store: "key-value")
    let withPassword = server.url(database: database).replacingOccurrences(of: "cloudy@", with: "cloudy:secret@")
    let result = try device.cli(["list"], environment: ["CLOUDY_CLOUD": withPassword])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "one line: \(result.stderr)")
    XCTAssertTrue(result.stderr.contains("PGPASSWORD"), result.stderr)
    XCTAssertFalse(result.stderr.contains("secret"), "the password is not repeated: \(result.stderr)")
  }
}
