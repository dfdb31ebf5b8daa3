import Foundation
import XCTest

/// What a new user does in the first hour (issue 14), typed into the real binary in tmux
/// without pauses, as a person types.
final class FirstHourTests: EndToEndTestCase {
  /// A home on one of the three stores (synced ones through a cloud file in the home).
  private func home(for store: String) throws -> CloudyHome {
    let home = try makeHome()
    home.settings = [
      "CLOUDY_STORE": store, "CLOUDY_CLOUD": "sqlite:" + home.root.appendingPathComponent("cloud.sqlite").path,
      "CLOUDY_ACCOUNT": "e2e",
    ]
    return home
  }

  /// The defect report: `+`, `Swift Forums`, `Tab`, `forums.swift.org`, `Enter` lost the
  /// bookmark. Typed in one go, in every store.
  func testTypingTheNameTabTheURLAndEnterSavesTheBookmarkInEveryStore() throws {
    for store in ["user-defaults", "key-value", "documents"] {
      let home = try home(for: store)
      let app = try launch(home, waitUntilLoaded: false)
      try app.waitFor("No bookmarks yet.")
      try app.type("+Swift Forums")
      try app.press("Tab")
      try app.type("forums.swift.org")
      try app.press("Enter")
      try app.waitFor("Added “Swift Forums”.")
      let stored = try home.listedBookmarks()
      XCTAssertEqual(stored.map(\.name), ["Swift Forums"], store)
      XCTAssertEqual(stored.map(\.url), ["https://forums.swift.org"], store)
      app.kill()
    }
  }

  /// A newcomer run (issue 36): `e G d y u` in one burst said "No bookmark has the id …" and
  /// undid the add before; `e G m Box Enter u` undid an add. Typed after a delete or a move,
  /// `u` takes back that delete or move, in every store.
  func testUTypedRightAfterADeleteOrAMoveUndoesThatStep() throws {
    for store in ["user-defaults", "documents"] {
      let home = try home(for: store)
      for (name, url) in [("Keep", "https://keep.example"), ("X", "https://x.example")] {
        XCTAssertEqual(try home.cli("add", url, "--name", name, "--no-fetch").status, 0)
      }
      let app = try launch(home, environment: ["CLOUDY_MESSAGE_SECONDS": "30"])
      try app.type("eGdyu")
      try app.waitFor("Undid delete of “X”.")
      try app.waitUntil("X is back") { try home.listedBookmarks().map(\.name) == ["Keep", "X"] }
      try app.type("mBox")
      try app.press("Enter")
      try app.type("u")
      try app.waitFor("Undid move of “X”.")
      try app.waitUntil("X is back at the top level") {
        try home.listedBookmarks().allSatisfy { $0.folder == nil }
      }
      XCTAssertEqual(try home.cli("trash", "list").stdout, "", store)
      app.kill()
    }
  }

  /// Keys typed while the first save is in flight wait for it, in order.
  func testTwoAddsTypedWithoutAPauseAreBothStored() throws {
    let home = try makeHome()
    let app = try launch(home)
    try app.type("+")
    try app.press("Tab")
    try app.type("fast1.example.com")
    try app.press("Enter")
    try app.type("+")
    try app.press("Tab")
    try app.type("fast2.example.com")
    try app.press("Enter")
    try waitForList(app, ["  fast1.example.com", "  https://fast1.example.com", "  fast2.example.com"])
    XCTAssertEqual(try home.listedBookmarks().map(\.name), ["fast1.example.com", "fast2.example.com"])
  }

  /// Alt-Backspace, Alt-b and Home as tmux sends it (`ESC [ 1 ~`, which xterm-256color's
  /// terminfo lacks) used to act as Esc and close the dialog, losing what was typed.
  func testAltKeysAndUnknownHomeSequencesEditTheFieldAndNeverCloseTheDialog() throws {
    let app = try launch()
    try app.type("+")
    try app.waitFor("Add Bookmark")
    try app.type("Swift Forums draft")
    try app.press("M-BSpace")  // deletes "draft"
    try app.waitFor("Name   Swift Forums ")
    try app.press("M-b")  // to the start of "Forums"
    try app.type("The ")
    try app.waitFor("Name   Swift The Forums")
    try app.press("Home")
    try app.type(">")
    try app.press("End")
    try app.type("<")
    let screen = try app.waitFor("Name   >Swift The Forums <")
    XCTAssertTrue(screen.contains("Add Bookmark"), "the dialog is still open:\n\(screen)")
  }

  /// A URL pasted with its line break goes into the field; only a typed Enter saves.
  func testAPastedURLEndingInANewlineDoesNotSave() throws {
    let home = try makeHome()
    let app = try launch(home)
    try app.type("+")
    try app.waitFor("Add Bookmark")
    try app.press("Tab")
    try app.tmux("set-buffer", "--", "https://pasted.example/page\n")
    try app.tmux("paste-buffer", "-p", "-t", "cloudy")
    let screen = try app.waitFor("URL    https://pasted.example/page")
    XCTAssertTrue(screen.contains("Add Bookmark"), "nothing was saved yet:\n\(screen)")
    XCTAssertEqual(try home.listedBookmarks(), [])
    try app.press("Enter")
    try app.waitFor("Added “pasted.example”.")
  }

  /// Ctrl-Z hands the terminal back to the shell; `fg` brings the list back, redrawn whole.
  func testCtrlZSuspendsAndFgRedrawsEverything() throws {
    let home = try makeHome()
    try home.add("https://suspend.example", name: "Suspended")
    let app = try TmuxSession(
      home: home, arguments: ["--norc", "--noprofile", "-i"], executable: "/bin/bash")
    defer { app.kill() }
    try app.type("PS1='$ '; clear; " + CloudyBinary.url.path)
    try app.press("Enter")
    try app.waitFor("Suspended")
    try app.press("C-z")
    try app.waitFor("Stopped")
    XCTAssertEqual(try app.format("#{alternate_on}"), "0", "the shell has the normal screen")
    try app.type("fg")
    try app.press("Enter")
    try app.waitUntil("the list is drawn again") {
      let lines = try app.lines()
      return lines[0].contains("Cloudy") && lines[1].hasPrefix("  Suspended") && lines[23].contains("? help")
    }
    try app.type("q")
  }

  /// After a migration, the empty store's screen says where the bookmarks are.
  func testTheEmptyScreenSaysWhichOtherStoreHoldsTheBookmarks() throws {
    let home = try makeHome()
    try home.add("https://kept.example", name: "Kept")
    home.settings = ["CLOUDY_STORE": "documents", "CLOUDY_ACCOUNT": "e2e"]
    let app = try launch(home, waitUntilLoaded: false)
    let screen = try app.waitFor("in the user-defaults store")
    XCTAssertTrue(screen.contains("No bookmarks yet."), screen)
    XCTAssertTrue(screen.contains("1 bookmark"), screen)
  }

  /// The message after an action gives way to the status line after a few seconds, even
  /// without a key.
  func testAMessageGivesWayToTheStatusWithoutAKey() throws {
    let home = try makeHome()
    // Long enough to be seen by a wait on a loaded machine (each look is a tmux process).
    let app = try launch(home, environment: ["CLOUDY_MESSAGE_SECONDS": "2"])
    try fillAddDialog(app, url: "msg.example", name: "Message")
    try app.press("Enter")
    try app.waitFor("Added “Message”.")
    try app.waitFor("user-defaults · local · 1/1")
  }

  /// Import's "no" is the user's choice: a plain sentence and exit status 0.
  func testAnsweringNoAtTheImportPromptIsNotAnError() throws {
    let home = try makeHome()
    let file = home.root.appendingPathComponent("in.json")
    try Data(#"[{"id":"x","name":"X","url":"https://x.example","created":"2020-01-02T03:04:05Z"}]"#.utf8).write(
      to: file)
    let app = try launch(home, arguments: ["import", file.path], waitUntilLoaded: false)
    try app.waitFor("[y/N]")
    try app.type("n")
    try app.press("Enter")
    XCTAssertEqual(try app.waitForExit(), 0)
    let screen = try app.joinedScreen()
    XCTAssertTrue(screen.contains("Nothing was imported: you answered no."), screen)
    XCTAssertFalse(screen.contains("Error"), screen)
  }

  /// `/` and a query typed the moment the app starts, before the list or the filter's index
  /// is ready: no key is lost, and the query is answered once the index is built.
  func testAFilterTypedRightAtLaunchIsAnsweredWithoutLosingAKey() throws {
    let home = try makeHome()
    let file = home.root.appendingPathComponent("many.json")
    let items = (1...3000).map {
      #"{"id":"id-\#($0)","name":"Bookmark \#($0)","url":"https://b\#($0).example","created":"2020-01-02T03:04:05Z"}"#
    }
    try Data(("[" + items.joined(separator: ",") + "]").utf8).write(to: file)
    XCTAssertEqual(try home.cli("import", "--yes", file.path).status, 0)
    let app = try launch(home, waitUntilLoaded: false)
    try app.type("/mark 2999")
    let lines = try waitForList(app, ["  Bookmark 2999", "  https://b2999.example", ""], timeout: 10)
    XCTAssertTrue(lines[23].contains("/mark 2999 · 1 of 3,000"), lines[23])
  }
}
