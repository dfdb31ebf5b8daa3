import Foundation
import XCTest

/// The Add dialog, driven by keys in a real terminal. At 80×24 the dialog's frame is
/// rows 7–15: the Name field on row 9, the URL field on row 10, its error on row 12.
final class AddBookmarkTests: EndToEndTestCase {
  func testAddThroughTheDialogShowsTheRowAndStoresIt() throws {
    let home = try makeHome()
    let app = try launch(home)
    try app.waitFor("No bookmarks yet.")

    try app.type("a")
    var screen = try app.waitFor("Add Bookmark")
    XCTAssertTrue(screen.contains("<the host, if left empty>"), screen)  // empty Name placeholder
    XCTAssertTrue(screen.contains("Tab next · Enter save · Esc cancel"), screen)

    // In screen order, as a person types: Name (which has the focus), Tab, URL, Enter.
    try app.type("Example Docs")
    try app.press("Tab")
    try app.type("example.com/docs")
    screen = try app.waitFor("URL    example.com/docs")
    let lines = try app.lines()
    XCTAssertTrue(lines[8].contains("│ Name   Example Docs"), screen)
    XCTAssertTrue(lines[9].contains("│ URL    example.com/docs"), screen)

    try app.press("Enter")
    try waitForList(app, ["  Example Docs", "  https://example.com/docs"])
    // The message lasts until the next key; then the bottom line counts the bookmarks.
    try app.type("j")
    try app.waitFor("user-defaults · local · 1/1")

    let stored = try home.listedBookmarks()
    XCTAssertEqual(stored.map(\.name), ["Example Docs"])
    XCTAssertEqual(stored.map(\.url), ["https://example.com/docs"])
  }

  func testPlusOpensTheDialogAndTabWalksThroughTheButtonsBackToName() throws {
    let home = try makeHome()
    let app = try launch(home)

    try app.type("+")  // `send-keys -l`: a plain `send-keys +` would not deliver '+'
    try app.waitFor("Add Bookmark")
    try app.press("Tab")
    try app.type("http://www.swift.org")
    // URL → Folder → Tags → Notes → Cancel → Save → Name.
    try app.press("Tab", "Tab", "Tab", "Tab", "Tab", "Tab")
    try app.type("Swift")
    try app.waitFor("Name   Swift")

    try app.press("Enter")
    // A scheme that was typed is kept.
    try waitForList(app, ["  Swift", "  http://www.swift.org"])
    XCTAssertEqual(try home.listedBookmarks().map(\.url), ["http://www.swift.org"])
  }

  func testURLWithoutSchemeGetsHTTPSAndAnEmptyNameBecomesTheHost() throws {
    let home = try makeHome()
    let app = try launch(home)

    try fillAddDialog(app, url: "www.example.org/path?q=1")
    try app.press("Enter")
    try waitForList(app, ["  www.example.org", "  https://www.example.org/path?q=1"])
    let stored = try home.listedBookmarks()
    XCTAssertEqual(stored.map(\.name), ["www.example.org"])
    XCTAssertEqual(stored.map(\.url), ["https://www.example.org/path?q=1"])
  }

  func testAnInvalidURLIsExplainedInlineAndTheTypedTextIsKept() throws {
    let home = try makeHome()
    let app = try launch(home)

    try fillAddDialog(app, url: "bad url", name: "Keep Me")
    try app.press("Enter")

    let screen = try app.waitFor("A URL can't contain spaces.")
    let lines = try app.lines()
    XCTAssertTrue(lines[6].contains("Add Bookmark"), "the dialog is still open:\n\(screen)")
    XCTAssertTrue(lines[8].contains("│ Name   Keep Me"), screen)
    XCTAssertTrue(lines[9].contains("│ URL    bad url"), screen)
    XCTAssertTrue(lines[14].contains("│ A URL can't contain spaces."), "the error is inside the dialog:\n\(screen)")
    XCTAssertEqual(try home.listedBookmarks(), [], "nothing was stored")

    // The focus is back on the URL with the cursor at its end: fixing it clears the error.
    try app.press("C-u")
    try app.type("good.example")
    try app.waitForAbsence(of: "A URL can't contain spaces.")
    try app.press("Enter")
    try waitForList(app, ["  Keep Me", "  https://good.example"])
    XCTAssertEqual(try home.listedBookmarks().map(\.url), ["https://good.example"])
  }

  func testADuplicateURLAsksFirstAndASecondEnterAddsItAnyway() throws {
    let home = try makeHome()
    try home.add("https://example.com", name: "First")
    let app = try launch(home)
    try app.waitFor("First")

    try fillAddDialog(app, url: "example.com", name: "Second")
    try app.press("Enter")

    let screen = try app.waitFor("already has this URL")
    XCTAssertTrue(try app.lines()[14].contains("“First” already has this URL."), screen)
    XCTAssertTrue(screen.contains("Add Bookmark"), "the dialog is still open:\n\(screen)")
    XCTAssertEqual(try home.listedBookmarks().count, 1, "nothing was stored yet")

    try app.press("Enter")
    try waitForList(app, ["  First", "  https://example.com", "  Second", "  https://example.com"])
    XCTAssertEqual(try home.listedBookmarks().map(\.name), ["First", "Second"])
  }

  func testEscapeCancelsTheDialogAndStoresNothing() throws {
    let home = try makeHome()
    let app = try launch(home)

    try fillAddDialog(app, url: "example.net", name: "Never")
    try app.press("Escape")
    try app.waitFor("Discard your changes? y discards")
    try app.type("y")

    try app.waitUntil("the dialog closed") {
      let screen = try app.screen()
      return !screen.contains("Add Bookmark") && screen.contains("No bookmarks yet.")
    }
    let screen = try app.screen()
    XCTAssertFalse(screen.contains("Never"), screen)
    XCTAssertEqual(try home.listedBookmarks(), [])

    // The next dialog starts empty.
    try app.type("a")
    let reopened = try app.waitFor("Add Bookmark")
    XCTAssertTrue(reopened.contains("the host, if left empty"), reopened)
    XCTAssertFalse(reopened.contains("example.net"), reopened)
  }

  /// The bottom line confirms what happened: “Added” for a new bookmark, never “Saved”.
  /// Several adds in a row, because the wrong word came from a race (see the report).
  func testAddingConfirmsWithAddedOnTheBottomLine() throws {
    let home = try makeHome()
    let app = try launch(home)
    for number in 1...6 {
      try fillAddDialog(app, url: "site\(number).example")
      try app.press("Enter")
      try app.waitForAbsence(of: "Add Bookmark")
      let bottom = try app.lines()[23]
      XCTAssertTrue(
        bottom.hasPrefix(" Added “site\(number).example”."),
        "add number \(number) said: \(bottom.trimmingTrailingSpaces)")
    }
    XCTAssertEqual(try home.listedBookmarks().count, 6)
  }
}
