import Foundation
import XCTest

/// Folders, tags and notes in the real binary (issue 18.3–18.4): typed into the dialog in
/// screen order on one device, shown and found by words, `#tag` and `in:Folder` on another
/// device of the account, for both synced stores.
final class OrganiseTests: EndToEndTestCase {
  private var cloudFolder: URL!

  override func setUpWithError() throws {
    try super.setUpWithError()
    cloudFolder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cloudy-e2e-organise-\(UUID().uuidString.prefix(13).lowercased())", isDirectory: true)
    try FileManager.default.createDirectory(at: cloudFolder, withIntermediateDirectories: true)
    let folder = cloudFolder!
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
  }

  private func device(_ store: String) throws -> CloudyHome {
    let home = try makeHome()
    home.settings = [
      "CLOUDY_STORE": store, "CLOUDY_CLOUD": "sqlite:" + cloudFolder.appendingPathComponent("\(store).sqlite").path,
      "CLOUDY_ACCOUNT": "e2e",
    ]
    return home
  }

  /// Adds bookmarks with the command line: URL, name and folder path (empty: the top level).
  private func add(to home: CloudyHome, _ bookmarks: [(url: String, name: String, folder: String)]) throws {
    for (url, name, folder) in bookmarks {
      let added = try home.cli(["add", url, "--name", name] + (folder.isEmpty ? [] : ["--folder", folder]))
      XCTAssertEqual(added.status, 0, added.stderr)
    }
  }

  /// Two devices of one account, both running (a, b), the first with News in Toolbar, Swift
  /// in Toolbar/Dev and Loose at the top; and the second device's home.
  private func twoDevicesWithFolders(_ store: String) throws -> (CloudyHome, TmuxSession, TmuxSession) {
    let first = try device(store)
    let second = try device(store)
    try add(
      to: first,
      [
        ("https://news.example", "News", "Toolbar"), ("https://swift.org", "Swift", "Toolbar/Dev"),
        ("https://loose.example", "Loose", ""),
      ])
    return (second, try open(first), try open(second))
  }

  private func open(_ home: CloudyHome, arguments: [String] = []) throws -> TmuxSession {
    let app = try launch(home, arguments: arguments, waitUntilLoaded: false)
    try app.waitUntil(timeout: 15, "the list has loaded") {
      let lines = try app.lines()
      return lines.first?.hasPrefix(" Edit") == true && !lines.joined().contains("Loading…")
    }
    return app
  }

  func testTagsFolderAndNotesTypedOnOneDeviceAreFoundOnTheOther() throws {
    for store in ["key-value", "documents"] {
      let first = try device(store)
      let second = try device(store)
      try first.add("https://doc.rust-lang.org/book", name: "Rust Book")
      let a = try open(first)
      let b = try open(second)
      try b.waitFor("Rust Book")

      // Typed as a person types it, in screen order, without pauses.
      try a.type("+")
      try a.waitFor("Add Bookmark")
      try a.type("Swift Forums")
      try a.press("Tab")
      try a.type("forums.swift.org")
      try a.press("Tab")
      try a.type("Toolbar/Dev")
      try a.press("Tab")
      try a.type("swift, community")
      try a.press("Tab")
      try a.type("Ask about concurrency")
      try a.press("Enter")
      try a.waitFor("Added “Swift Forums”.")

      // The other device shows the new folder, live; a match found by the filter shows
      // its folder path before the URL.
      try b.waitFor("1 folder · 1 bookmark")
      // Words in any order, across the name and the notes.
      try b.type("/concurrency swift")
      try b.waitFor("/concurrency swift · 1 of 2")
      try b.waitFor("Toolbar › Dev › https://forums.swift.org")
      try b.press("C-u")
      try b.type("#community")
      try b.waitFor("#community · 1 of 2")
      try b.press("C-u")
      try b.type("in:Toolbar -forums")
      try b.waitFor("No bookmark matches “in:Toolbar -forums”.")
      try b.press("Escape")
      // (Waiting: Esc and a key right after it read as Alt and that key.)
      try b.waitFor("Rust Book")

      // Editing the tags on the second device reaches the first.
      try b.type("gll")
      try b.waitFor("Cloudy › Toolbar › Dev")
      try b.press("e", "Enter")
      try b.waitFor("Edit Bookmark")
      try b.waitFor("Tags   swift community")
      try b.press("Tab", "Tab", "Tab", "C-u")
      try b.type("forums")
      try b.press("Enter")
      try b.waitFor("Saved “Swift Forums”.")
      try a.type("/#forums")
      try a.waitFor("/#forums · 1 of 2", timeout: 10)
      a.kill()
      b.kill()
    }
  }

  /// Folders are walked with the arrows, `l`/`h` and Backspace; `A` shows every bookmark;
  /// a bookmark moved with `m` on one device moves on the other, live, for both synced
  /// stores (issue 18.2).
  func testWalkingFoldersAndMovingABookmarkReachesTheOtherDevice() throws {
    for store in ["key-value", "documents"] {
      let (second, a, b) = try twoDevicesWithFolders(store)
      try b.waitFor("Loose")
      try waitForList(a, ["  ▸ Toolbar", "    1 folder · 2 bookmarks", "  Loose", "  https://loose.example"])

      try a.type("l")
      try a.waitFor("Cloudy › Toolbar")
      try waitForList(a, ["  ▸ Dev", "    1 bookmark", "  News", "  https://news.example"])
      try a.press("Right")
      try a.waitFor("Cloudy › Toolbar › Dev")
      try waitForList(a, ["  Swift", "  https://swift.org"])
      try a.press("BSpace")
      try a.waitFor("Cloudy › Toolbar ")
      try a.type("A")
      try a.waitFor("Cloudy › All bookmarks")
      try waitForList(a, ["  News", "  Toolbar › https://news.example", "  Swift"])
      try a.type("A")
      try a.waitFor("Cloudy › Toolbar ")

      // Move News to the top level: Edit mode, m, Home, Enter.
      try a.type("jem")
      try a.waitFor("Move “News” to")
      try a.press("Home", "Enter")
      try a.waitFor("Moved “News” to the top level.")
      // The other device, at the top level, shows it there, live.
      try b.waitFor("1 folder · 1 bookmark", timeout: 10)
      try waitForList(b, ["  ▸ Toolbar", "    1 folder · 1 bookmark", "  News", "  https://news.example"])
      let listed = try second.cli("list", "--folder", "Toolbar")
      XCTAssertFalse(listed.stdout.contains("News"), listed.stdout)

      // Typed in the picker, a path that is no folder yet makes one.
      try a.press("BSpace")
      try waitForList(a, ["  ▸ Toolbar", "    1 folder · 1 bookmark", " (-) News"])
      try a.type("jmReading/Later")
      try a.waitFor("+ New folder “Reading/Later”")
      try a.press("Enter")
      try a.waitFor("Moved “News” to Reading › Later.")
      // In your own order, a new folder comes after those made before it.
      try waitForList(
        b, ["  ▸ Toolbar", "    1 folder · 1 bookmark", "  ▸ Reading", "    1 folder · 1 bookmark"], timeout: 10)
      a.kill()
      b.kill()
    }
  }

  /// Folders as things of their own (issue 18.1), typed without pauses: renamed, made
  /// empty and deleted on one device; the other device follows live, and the bookmarks the
  /// deleted folder held are at the top level there.
  func testRenamingMakingAndDeletingFoldersReachesTheOtherDevice() throws {
    for store in ["key-value", "documents"] {
      let (second, a, b) = try twoDevicesWithFolders(store)
      try waitForList(b, ["  ▸ Toolbar", "    1 folder · 2 bookmarks", "  Loose"])

      // Edit mode, Enter on the folder: its name, ready to change.
      try a.type("e")
      try a.press("Enter")
      try a.waitFor("Rename the folder “Toolbar”")
      try a.press("C-u")
      try a.type("Bar")
      try a.press("Enter")
      try a.waitFor("Renamed “Toolbar” to “Bar”.")
      try waitForList(b, ["  ▸ Bar", "    1 folder · 2 bookmarks", "  Loose"], timeout: 10)

      // N, a name and Enter at once: an empty folder, on both devices.
      try a.type("NEmpty")
      try a.press("Enter")
      try a.waitFor("Made the folder “Empty” in the top level.")
      try waitForList(b, ["  ▸ Bar", "    1 folder · 2 bookmarks", "  ▸ Empty", "    0 bookmarks"], timeout: 10)

      // d on the folder asks, saying where what it holds goes; y deletes it.
      try a.type("gd")
      try a.waitFor("Delete the folder “Bar”? Its 1 folder · 2 bookmarks go to the top level.")
      try a.type("y")
      try a.waitFor("Deleted the folder “Bar”; what it held is now in the top level.")
      try b.waitFor("  News", timeout: 10)
      try waitForList(b, ["  ▸ Dev", "    1 bookmark", "  ▸ Empty", "    0 bookmarks", "  News"], timeout: 10)
      let folders = try second.cli("folders")
      XCTAssertEqual(folders.stdout, "1\tDev\n0\tEmpty\n", folders.stderr)
      a.kill()
      b.kill()
    }
  }

  /// `J` and `K` in Edit mode reorder the list, typed ahead without pauses, and the other
  /// device shows the new order live, for both synced stores (issue 18.5).
  func testReorderingWithJAndKReachesTheOtherDevice() throws {
    for store in ["key-value", "documents"] {
      let first = try device(store)
      let second = try device(store)
      for name in ["one", "two", "three"] { try first.add("https://\(name).example", name: name) }
      let a = try open(first)
      let b = try open(second)
      try waitForList(b, ["  one", "  https://one.example", "  two", "  https://two.example", "  three"])
      try a.type("eJJ")
      try waitForList(
        a, [" (-) two", "     https://two.example", " (-) three", "     https://three.example", " (-) one"])
      try waitForList(
        b, ["  two", "  https://two.example", "  three", "  https://three.example", "  one"], timeout: 10)
      try a.type("K")
      try waitForList(
        b, ["  two", "  https://two.example", "  one", "  https://one.example", "  three"], timeout: 10)
      a.kill()
      b.kill()
    }
  }

  /// Your place follows you (issue 18.6): the list opens on the second home where the first
  /// left it (folder, selection, order), for both synced stores; `--no-follow-place` opens at
  /// the top.
  func testTheListOpensWhereAnotherDeviceOfTheAccountLeftIt() throws {
    for store in ["key-value", "documents"] {
      let first = try device(store)
      let second = try device(store)
      try add(
        to: first,
        [
          ("https://swift.org", "Swift", "Toolbar/Dev"), ("https://docs.example", "Docs", "Toolbar/Dev"),
          ("https://loose.example", "Loose", ""),
        ])
      let a = try open(first)
      try a.type("ll")
      try a.waitFor("Cloudy › Toolbar › Dev")
      try a.type("s")
      try a.waitFor("Sorted by name.")
      try a.type("j")  // Swift, the second by name
      try a.waitFor("2/2")
      try a.type("q")
      XCTAssertEqual(try a.waitForExit(), 0)

      let b = try open(second)
      try b.waitFor("Cloudy › Toolbar › Dev", timeout: 10)
      try waitForList(b, ["  Docs", "  https://docs.example", "  Swift", "  https://swift.org"])
      try b.waitFor("2/2")
      b.kill()
      let c = try open(second, arguments: ["--no-follow-place"])
      try waitForList(c, ["  ▸ Toolbar", "    1 folder · 2 bookmarks", "  Loose"])
      c.kill()
    }
  }

  /// Undo (issue 19.1): a delete undone with `u` comes back with its folder on both devices,
  /// and `U` deletes it again, typed without pauses, for both synced stores.
  func testUndoAndRedoOfADeleteReachTheOtherDevice() throws {
    for store in ["key-value", "documents"] {
      let first = try device(store)
      let second = try device(store)
      try add(to: first, [("https://keep.example", "Keep", ""), ("https://gone.example", "Gone", "Work")])
      let a = try open(first)
      let b = try open(second)
      try waitForList(b, ["  ▸ Work", "    1 bookmark", "  Keep"], timeout: 10)
      try a.type("Ajedy")  // the flat list, Gone, Edit mode, delete, yes
      try a.waitFor("Deleted “Gone”; D shows Recently Deleted.")
      // The folder stays, empty: it is a folder of its own.
      try waitForList(b, ["  ▸ Work", "    0 bookmarks", "  Keep"], timeout: 10)
      try a.type("u")
      try a.waitFor("Undid delete of “Gone”.")
      try waitForList(b, ["  ▸ Work", "    1 bookmark", "  Keep"], timeout: 10)
      try a.type("U")
      try a.waitFor("Redid delete of “Gone”.")
      try waitForList(b, ["  ▸ Work", "    0 bookmarks", "  Keep"], timeout: 10)
      a.kill()
      b.kill()
    }
  }

  /// `s` sorts, says how, and the next start opens in the same order and says so.
  func testSortingIsRememberedOnThisDevice() throws {
    let home = try makeHome()
    try home.add("https://zoo.example", name: "zebra")
    try home.add("https://b.example", name: "Äpfel")
    try home.add("https://a.example", name: "Mango")
    var app = try launch(home)
    try waitForList(app, ["  zebra", "  https://zoo.example", "  Äpfel"])
    try app.type("s")
    try app.waitFor("Sorted by name.")
    try waitForList(app, ["  Äpfel", "  https://b.example", "  Mango", "  https://a.example", "  zebra"])
    try app.type("q")
    _ = try app.waitForExit()
    XCTAssertTrue(try home.cli("config").stdout.contains("sort"), "the order is saved")
    app = try launch(home)
    try waitForList(app, ["  Äpfel", "  https://b.example", "  Mango"])
    // The bottom line says the order it opened in, with no key pressed.
    let bottom = try app.lines()[23]
    XCTAssertTrue(bottom.contains("· by name"), bottom)
    try app.type("ssss")
    try app.waitFor("Sorted by your own order.")
    try waitForList(app, ["  zebra", "  https://zoo.example", "  Äpfel"])
  }

  /// A folder made in a new home, with no bookmark anywhere, is a row of the list, not
  /// hidden behind "No bookmarks yet" (while the bottom line counted it).
  func testAFolderShowsInAHomeWithNoBookmarks() throws {
    let home = try makeHome()
    XCTAssertEqual(try home.cli("folder", "new", "Projects").status, 0)
    let app = try launch(home)
    var screen = try app.waitFor("▸ Projects")
    XCTAssertFalse(screen.contains("No bookmarks yet"), screen)
    try app.press("Enter")
    screen = try app.waitFor("No bookmarks here.")
    XCTAssertTrue(try app.lines()[0].contains("Cloudy › Projects"), screen)
  }
}
