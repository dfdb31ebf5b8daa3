import Foundation
import XCTest

/// Deleting: Edit mode (`e`), then `d`/Del/`x`, then `y` to confirm or any key to keep.
final class DeleteBookmarkTests: EndToEndTestCase {
  func testDeleteInEditModeAfterConfirmingAndKeepWithAnyOtherKey() throws {
    let home = try makeHome()
    try home.add("https://alpha.example", name: "Alpha")
    let betaID = try home.add("https://beta.example", name: "Beta")
    let app = try launch(home)
    try app.waitFor("Beta")

    try app.type("e")
    try app.waitUntil("the top-left button reads Done") { try app.lines()[0].hasPrefix(" Done") }
    var lines = try app.lines()
    assertRow(lines, 1, " (-) Alpha")
    assertRow(lines, 2, "     https://alpha.example")
    XCTAssertTrue(lines[23].contains("d delete · e done"), lines[23])

    try app.type("d")
    try app.waitFor("Press y to delete")
    lines = try app.lines()
    XCTAssertEqual(
      lines[23].trimmingTrailingSpaces, " Delete “Alpha”? Press y to delete, any other key to keep it.")
    XCTAssertEqual(try home.listedBookmarks().count, 2, "nothing is deleted before y")

    try app.type("y")
    try app.waitFor("Deleted “Alpha”; D shows Recently Deleted.")
    lines = try app.lines()
    XCTAssertFalse(lines[1..<23].joined().contains("Alpha"), lines.joined(separator: "\n"))
    assertRow(lines, 1, " (-) Beta")
    assertRow(lines, 2, "     https://beta.example")
    XCTAssertEqual(try home.listedBookmarks().map(\.name), ["Beta"])

    // The Delete key asks too; `n` keeps the bookmark.
    try app.press("DC")
    try app.waitFor("Delete “Beta”? Press y to delete")
    try app.type("n")
    try app.waitFor("Kept “Beta”.")
    lines = try app.lines()
    assertRow(lines, 1, " (-) Beta")
    XCTAssertEqual(try home.listedBookmarks().map(\.id), [betaID])

    // `e` again leaves Edit mode.
    try app.type("e")
    try app.waitUntil("the top-left button reads Edit") { try app.lines()[0].hasPrefix(" Edit") }
    assertRow(try app.lines(), 1, "  Beta")
  }

  func testDeleteOutsideEditModeOnlyExplains() throws {
    let home = try makeHome()
    try home.add("https://stay.example", name: "Stay")
    let app = try launch(home)
    try app.waitFor("Stay")

    try app.type("d")
    let screen = try app.waitFor("Press e for Edit mode to delete bookmarks.")
    XCTAssertFalse(screen.contains("Press y to delete"), screen)
    assertRow(try app.lines(), 1, "  Stay")
    XCTAssertEqual(try home.listedBookmarks().map(\.name), ["Stay"])
  }
}
