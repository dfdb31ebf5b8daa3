import Foundation
import XCTest

/// Enter on a row opens the Edit dialog with the bookmark's name and URL.
final class EditBookmarkTests: EndToEndTestCase {
  func testEnterOpensAPrefilledEditDialogAndANewNameIsShownAndStored() throws {
    let home = try makeHome()
    let id = try home.add("https://example.com/a", name: "Old Name")
    let app = try launch(home)
    try app.waitFor("Old Name")

    try app.press("e", "Enter")  // in Edit mode Enter edits (in the list it opens)
    let dialog = try app.waitFor("Edit Bookmark")
    var lines = try app.lines()
    XCTAssertTrue(lines[8].contains("│ Name   Old Name"), dialog)
    XCTAssertTrue(lines[9].contains("│ URL    https://example.com/a"), dialog)
    // The Name field has the focus, with the cursor after the text: column 13 + 8.
    XCTAssertEqual(try app.format("#{cursor_y},#{cursor_x},#{cursor_flag}"), "8,21,1", dialog)

    try app.press("C-u")
    try app.type("New Name")
    try app.waitFor("Name   New Name")
    try app.press("Enter")
    try app.waitFor("Saved “New Name”.")

    lines = try app.lines()
    XCTAssertFalse(lines.joined().contains("Edit Bookmark"), "the dialog closed")
    assertRow(lines, 1, " (-) New Name")  // still in Edit mode
    assertRow(lines, 2, "     https://example.com/a")
    XCTAssertEqual(
      try home.listedBookmarks(), [.init(id: id, name: "New Name", url: "https://example.com/a")])
  }

  func testTheURLCanBeChangedAndGetsHTTPS() throws {
    let home = try makeHome()
    let id = try home.add("https://old.example", name: "Moved")
    let app = try launch(home)
    try app.waitFor("Moved")

    try app.press("e", "Enter")
    try app.waitFor("Edit Bookmark")
    try app.press("Tab", "C-u")
    try app.type("new.example/here")
    try app.waitFor("URL    new.example/here")
    try app.press("Enter")
    try app.waitFor("Saved “Moved”.")

    let lines = try app.lines()
    assertRow(lines, 1, " (-) Moved")
    assertRow(lines, 2, "     https://new.example/here")
    XCTAssertEqual(try home.listedBookmarks(), [.init(id: id, name: "Moved", url: "https://new.example/here")])
  }
}
