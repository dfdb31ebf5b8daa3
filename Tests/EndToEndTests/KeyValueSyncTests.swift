import Foundation
import XCTest

/// The `key-value` backend across devices: two homes pointed at one SQLite cloud are two
/// devices of one account, and a change on one appears on the other's running screen
/// without a key press. Offline work queues and is pushed on the next online run; an
/// unreachable cloud leaves the app working from its local copy.
final class KeyValueSyncTests: EndToEndTestCase {
  /// A private folder holding this test's cloud file.
  private var cloudFolder: URL!

  override func setUpWithError() throws {
    try super.setUpWithError()
    cloudFolder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cloudy-e2e-cloud-\(UUID().uuidString.prefix(13).lowercased())", isDirectory: true)
    try FileManager.default.createDirectory(at: cloudFolder, withIntermediateDirectories: true)
    let folder = cloudFolder!
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
  }

  private var cloudAddress: String { "sqlite:" + cloudFolder.appendingPathComponent("cloud.sqlite").path }

  /// A fresh home that is one device of the test's account on `cloud` (the shared one by default).
  private func makeDevice(cloud: String? = nil) throws -> CloudyHome {
    let home = try makeHome()
    home.settings = [
      "CLOUDY_STORE": "key-value",
      "CLOUDY_CLOUD": cloud ?? cloudAddress,
      "CLOUDY_ACCOUNT": "e2e",
    ]
    return home
  }

  /// Starts the app on `device` and waits until its list has loaded. (At 80 columns the
  /// key-value status leaves no room for the key hint that ``launch`` waits for.)
  private func open(
    _ device: CloudyHome, environment: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line
  ) throws -> TmuxSession {
    let app = try launch(device, environment: environment, waitUntilLoaded: false, file: file, line: line)
    try app.waitUntil(timeout: 15, "the list has loaded", file: file, line: line) {
      let lines = try app.lines()
      return lines.first?.hasPrefix(" Edit") == true && !lines.joined().contains("Loading…")
    }
    return app
  }

  /// The bottom line, trailing blanks trimmed.
  private func bottomLine(_ app: TmuxSession) throws -> String {
    try app.lines().last?.trimmingTrailingSpaces ?? ""
  }

  /// Waits until the bottom line contains `text`; returns it.
  @discardableResult
  private func waitForBottomLine(
    _ app: TmuxSession, containing text: String, file: StaticString = #filePath, line: UInt = #line
  ) throws -> String {
    var bottom = ""
    try app.waitUntil(timeout: 15, "the bottom line contains “\(text)”", file: file, line: line) {
      bottom = try self.bottomLine(app)
      return bottom.contains(text)
    }
    return bottom
  }

  /// The name on the selected (reverse-video) row of the list, or nil if none is selected.
  private func selectedName(_ app: TmuxSession) throws -> String? {
    let styled = try app.styledScreen()
    let row = (1..<(styled.rows.count - 1)).first { styled.ranges(row: $0) { $0.reverse } != "none" }
    return row.map { styled.text(row: $0).trimmingCharacters(in: .whitespaces) }
  }

  /// Asserts that the selected row shows `name`.
  private func assertSelection(
    _ app: TmuxSession, _ name: String, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let screen = try app.screen()
    XCTAssertEqual(try selectedName(app), name, "the selected row\n\(screen)", file: file, line: line)
  }

  // MARK: - Tests

  func testAnAddAndADeleteOnOneDeviceAppearOnAnotherWithoutAKeyPress() throws {
    let deviceA = try open(try makeDevice())
    let deviceB = try open(try makeDevice())
    try deviceA.waitFor("No bookmarks yet.")
    try deviceB.waitFor("No bookmarks yet.")

    try fillAddDialog(deviceA, url: "https://synced.example", name: "Synced One")
    try deviceA.press("Enter")
    try deviceA.waitFor("Added “Synced One”.")

    // No key goes to B from here on.
    try waitForList(deviceB, ["  Synced One", "  https://synced.example"])
    // Two keys: the bookmark, and the place A's list is at (docs/sync.md; it may arrive a
    // moment after the bookmark).
    try deviceB.waitFor("key-value · synced · 2/1024 keys")

    try deviceA.type("e")
    try deviceA.waitUntil("the top-left button reads Done") { try deviceA.lines()[0].hasPrefix(" Done") }
    try deviceA.type("d")
    try deviceA.waitFor("Delete “Synced One”? Press y to delete")
    try deviceA.type("y")
    try deviceA.waitFor("Deleted “Synced One”; D shows Recently Deleted.")

    let screen = try deviceB.waitFor("No bookmarks yet.")
    // B was on that row: a notice says where it went, then the status comes back.
    XCTAssertTrue(screen.contains("“Synced One” was deleted elsewhere."), screen)
    XCTAssertFalse(try deviceB.lines()[1...22].joined().contains("Synced One"), screen)
    // The place, and the bookmark in Recently Deleted (counted in the quota).
    try deviceB.waitFor("key-value · synced · 2/1024 keys (1 deleted)", timeout: 10)
  }

  func testTheCommandLineOnAThirdDeviceReachesARunningSessionWhichKeepsItsSelection() throws {
    let deviceB = try open(try makeDevice())
    try deviceB.waitFor("No bookmarks yet.")
    let deviceC = try makeDevice()
    var ids: [String: String] = [:]
    for name in ["Alpha", "Beta", "Gamma"] {
      ids[name] = try deviceC.add("https://\(name.lowercased()).example", name: name)
    }

    // The three arrive without a key press, in the store's order (creation date, then id).
    try deviceB.waitUntil("all three bookmarks are listed") {
      let screen = try deviceB.screen()
      return ["Alpha", "Beta", "Gamma"].allSatisfy { screen.contains($0) } && screen.contains("/3")
    }
    let lines = try deviceB.lines()
    let shown = [1, 3, 5].map { lines[$0].trimmingCharacters(in: .whitespaces) }
    XCTAssertEqual(Set(shown), ["Alpha", "Beta", "Gamma"], lines.joined(separator: "\n"))

    try deviceB.type("g")
    try waitForBottomLine(deviceB, containing: "· 1/3")
    try deviceB.type("j")
    try waitForBottomLine(deviceB, containing: "· 2/3")
    let selected = shown[1]
    try assertSelection(deviceB, selected)

    // Another device deletes the first bookmark: the selection stays on the same one,
    // which is now first.
    let removal = try deviceC.cli("remove", try XCTUnwrap(ids[shown[0]]))
    XCTAssertEqual(removal.status, 0, removal.stderr)
    try deviceB.waitForAbsence(of: shown[0])
    try waitForBottomLine(deviceB, containing: "· 1/2")
    try assertSelection(deviceB, selected)
    assertRow(try deviceB.lines(), 1, "  \(selected)")

    // Another device adds one (it may sort before or after): still the same bookmark.
    try deviceC.add("https://delta.example", name: "Delta")
    try deviceB.waitFor("Delta")
    try waitForBottomLine(deviceB, containing: "/3")
    try assertSelection(deviceB, selected)
  }

  /// The cloud's last write wins: A edits in the app; B, offline, edits the same bookmark
  /// without having seen A's edit and pushes it on its next online run. A's screen says its
  /// edit was replaced, and `u` brings it back, on both devices (issue 19.4).
  func testAnEditReplacedUnseenIsToldAndUBringsItBack() throws {
    let deviceA = try makeDevice()
    let deviceB = try makeDevice()
    // Looks at the cloud: A's own list shows its edit before it is pushed.
    let deviceC = try makeDevice()
    let id = try deviceA.cli("add", "https://x.example", "--name", "Original").stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    XCTAssertTrue(try deviceB.cli("list").stdout.contains("Original"))
    let app = try open(deviceA)
    try app.press("e", "Enter")
    _ = try app.waitFor("Save")
    try app.press("C-u")
    try app.type("From A")
    try app.press("Enter")
    try app.waitUntil("A's edit is saved") { try app.lines().contains { $0.contains("From A") } }
    try app.waitUntil(timeout: 15, "A's edit reached the cloud") { try deviceC.cli("list").stdout.contains("From A") }

    XCTAssertEqual(try deviceB.cli("--offline", "edit", id, "--name", "From B").status, 0)
    XCTAssertTrue(try deviceB.cli("list").stdout.contains("From B"), "B's edit went to the cloud last")
    try waitForBottomLine(app, containing: "Another device replaced your edit of “From A”; u brings it back.")
    try app.press("u")
    try waitForBottomLine(app, containing: "Undid the other device's change to “From B”.")
    try app.waitUntil(timeout: 15, "B has A's edit back") { try deviceB.cli("list").stdout.contains("From A") }
  }

  func testOfflineChangesQueueAndArePushedOnTheNextOnlineRun() throws {
    let deviceA = try open(try makeDevice())
    try deviceA.waitFor("No bookmarks yet.")
    try waitForBottomLine(deviceA, containing: "key-value · synced · 0/1024 keys")

    let offlineHome = try makeDevice()
    let offline = try open(offlineHome, environment: ["CLOUDY_OFFLINE": "1"])
    try waitForBottomLine(offline, containing: "key-value · offline · 0/1024 keys")

    try fillAddDialog(offline, url: "https://queued.example", name: "Queued")
    try offline.press("Enter")
    try waitForList(offline, ["  Queued", "  https://queued.example"])
    try offline.type("j")  // any key clears the “Added” message from the bottom line
    let bottom = try waitForBottomLine(offline, containing: "1 pending")
    XCTAssertEqual(bottom, " key-value · offline · 1 pending · 1/1024 keys · <1% of 1 MB · 1/1       ? help")

    try offline.type("q")
    XCTAssertEqual(try offline.waitForExit(), 0)
    // The offline session has ended, so anything it would have pushed is in the cloud now.
    let bystander = try makeDevice().cli("list")
    XCTAssertEqual(bystander.stdout, "", "an offline device pushed its change")
    XCTAssertTrue(try deviceA.screen().contains("No bookmarks yet."), "an offline device pushed its change")

    // The next online run of that device pushes the queue; the other device shows it.
    let list = try offlineHome.cli("list")
    XCTAssertEqual(list.status, 0, list.stderr)
    XCTAssertTrue(list.stdout.contains("\tQueued\thttps://queued.example"), list.stdout)
    XCTAssertEqual(list.stderr, "")
    try waitForList(deviceA, ["  Queued", "  https://queued.example"])
    let synced = try waitForBottomLine(deviceA, containing: "key-value · synced · 1/1024 keys")
    XCTAssertFalse(synced.contains("pending"), synced)

    // And nothing is left queued on the device that was offline.
    let again = try open(offlineHome)
    let status = try waitForBottomLine(again, containing: "key-value · synced · 1/1024 keys")
    XCTAssertFalse(status.contains("pending"), status)
  }

  func testTheCommandLineWorksOfflineAndPushesOnItsNextOnlineRun() throws {
    let laptop = try makeDevice()
    let server = try makeDevice()
    let added = try laptop.cli("add", "https://offline.example", "--name", "Offline", "--offline")
    XCTAssertEqual(added.status, 0, added.stderr)
    XCTAssertEqual(added.stderr, "", "working offline on purpose is not a problem to report")
    let offlineList = try laptop.cli("list", "--offline")
    XCTAssertTrue(offlineList.stdout.contains("\tOffline\thttps://offline.example"), offlineList.stdout)
    XCTAssertEqual(try server.cli("list").stdout, "", "an offline add reached the cloud")

    let pushed = try laptop.cli("list")
    XCTAssertEqual(pushed.status, 0, pushed.stderr)
    let onServer = try server.cli("list")
    XCTAssertTrue(onServer.stdout.contains("\tOffline\thttps://offline.example"), onServer.stdout)
  }

  func testAnUnreachableCloudLeavesTheAppWorkingFromItsLocalCopy() throws {
    // The cloud's file can't be opened: a folder stands where it should be.
    let notAFile = cloudFolder.appendingPathComponent("cloud-is-a-folder.sqlite")
    try FileManager.default.createDirectory(at: notAFile, withIntermediateDirectories: true)
    let device = try makeDevice(cloud: "sqlite:" + notAFile.path)

    let app = try open(device)
    try app.waitFor("No bookmarks yet.")
    var bottom = try waitForBottomLine(app, containing: "Can't reach the cloud")
    XCTAssertTrue(bottom.contains("offline"), "the bottom line says offline: \(bottom)")

    try fillAddDialog(app, url: "https://local.example", name: "Local Only")
    try app.press("Enter")
    try waitForList(app, ["  Local Only", "  https://local.example"])
    try app.type("j")  // clears the “Added” message
    bottom = try app.waitForAbsence(of: "Added “").components(separatedBy: "\n")[23]
    XCTAssertTrue(bottom.contains("offline"), "the bottom line says offline: \(bottom)")
    // The bookmark, and the place the list is at.
    XCTAssertTrue(bottom.contains("2 pending"), "the bottom line counts the queued changes: \(bottom)")
    XCTAssertTrue(bottom.contains("Can't reach the cloud"), "the problem stays on the bottom line: \(bottom)")

    try app.type("q")
    XCTAssertEqual(try app.waitForExit(), 0)
    let list = try device.cli("list")
    XCTAssertEqual(list.status, 3, "the list is this device's copy: \(list.stderr)")
    XCTAssertTrue(list.stderr.contains("may be out of date"), list.stderr)
    XCTAssertTrue(list.stdout.contains("\tLocal Only\thttps://local.example"), list.stdout)
  }
}
