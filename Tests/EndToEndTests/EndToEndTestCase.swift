import Foundation
import XCTest

/// Base class: skips without tmux or the binary, gives each test its own fresh
/// `CLOUDY_HOME`, and kills every tmux server the test started.
class EndToEndTestCase: XCTestCase {
  private var homes: [CloudyHome] = []
  private var sessions: [TmuxSession] = []

  override func setUpWithError() throws {
    try super.setUpWithError()
    guard TmuxSession.tmuxPath != nil else { throw XCTSkip("tmux is not installed; the end-to-end tests need it") }
    guard CloudyBinary.exists else {
      XCTFail("The cloudy binary is not at \(CloudyBinary.url.path) (Bundle.main is \(Bundle.main.bundleURL.path))")
      return
    }
  }

  override func tearDown() {
    for session in sessions { session.kill() }
    sessions.removeAll()
    for home in homes { home.remove() }
    homes.removeAll()
    super.tearDown()
  }

  /// A private folder for this test's cloud file, removed when the test ends; the address of
  /// an SQLite cloud in it.
  func makeSQLiteCloud(_ label: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cloudy-e2e-\(label)-\(UUID().uuidString.prefix(13).lowercased())", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    return "sqlite:" + folder.appendingPathComponent("cloud.sqlite").path
  }

  /// A fresh home that is one device, named `name`, of the test's account on `cloud`, in the
  /// document store.
  func makeDocumentDevice(on cloud: String, named name: String) throws -> CloudyHome {
    let home = try makeHome()
    home.settings = [
      "CLOUDY_STORE": "documents", "CLOUDY_CLOUD": cloud, "CLOUDY_ACCOUNT": "e2e", "CLOUDY_DEVICE_NAME": name,
    ]
    return home
  }

  /// A fresh, empty home for this test.
  func makeHome() throws -> CloudyHome {
    let home = try CloudyHome()
    homes.append(home)
    return home
  }

  /// Starts the app on `home` (a fresh one by default) and waits until its list has loaded.
  func launch(
    _ home: CloudyHome? = nil, arguments: [String] = [], environment: [String: String] = [:],
    unsetting: [String] = [], columns: Int = 80, rows: Int = 24,
    waitUntilLoaded: Bool = true, file: StaticString = #filePath, line: UInt = #line
  ) throws -> TmuxSession {
    let home = try home ?? makeHome()
    let session = try TmuxSession(
      home: home, arguments: arguments, environment: environment, unsetting: unsetting, columns: columns, rows: rows)
    sessions.append(session)
    if waitUntilLoaded {
      // Until the store's first snapshot arrives the list says "Loading…". Keys sent
      // earlier are not lost, but waiting makes every test start from a known screen.
      try session.waitUntil(timeout: 15, "the list has loaded", file: file, line: line) {
        let screen = try session.screen()
        return screen.contains("+ add") && screen.contains("? help") && !screen.contains("Loading…")
      }
    }
    return session
  }

  /// Opens the Add dialog with `a` and fills it in screen order, as a person does: `name`
  /// (if given) into Name, which has the focus, Tab, then `url` into URL; leaves the dialog
  /// open.
  func fillAddDialog(
    _ app: TmuxSession, url: String, name: String? = nil, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    try app.type("a")
    try app.waitFor("Add Bookmark", file: file, line: line)
    if let name { try app.type(name) }
    try app.press("Tab")
    try app.type(url)
    if let name { try app.waitFor("Name   \(name)", file: file, line: line) }
  }

  /// Waits until the list area starts with exactly these rows (row 1 onwards, trailing
  /// blanks ignored) and no dialog is open; returns the screen's lines.
  @discardableResult
  func waitForList(
    _ app: TmuxSession, _ rows: [String], timeout: TimeInterval = 15, file: StaticString = #filePath, line: UInt = #line
  ) throws -> [String] {
    var lines: [String] = []
    try app.waitUntil(timeout: timeout, "the list reads \(rows)", file: file, line: line) {
      lines = try app.lines()
      guard lines.count > rows.count, !lines.joined().contains("Bookmark ─") else { return false }
      return Array(lines[1...rows.count].map(\.trimmingTrailingSpaces)) == rows
    }
    return lines
  }

  /// Asserts that a row of the screen reads exactly `expected` (trailing blanks ignored).
  func assertRow(
    _ lines: [String], _ row: Int, _ expected: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    let actual = lines.indices.contains(row) ? lines[row].trimmingTrailingSpaces : "(no row \(row))"
    XCTAssertEqual(
      actual, expected, "row \(row) of the screen:\n\(lines.joined(separator: "\n"))", file: file, line: line)
  }
}

extension String {
  var trimmingTrailingSpaces: String {
    var result = Substring(self)
    while result.last == " " { result = result.dropLast() }
    return String(result)
  }
}
