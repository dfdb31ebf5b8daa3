import Foundation
import XCTest

/// `/` in the real binary: typing narrows the list at once, the bottom line shows the
/// query and the count, Enter keeps the filter, Esc clears it.
final class ListFilterTests: EndToEndTestCase {
  func testTypingNarrowsTheListAndEscBringsItBack() throws {
    let home = try makeHome()
    try home.add("https://forums.swift.org", name: "Swift Forums")
    try home.add("https://www.tokyotower.co.jp", name: "東京タワー")
    try home.add("https://example.com/launch", name: "🚀 Launch")
    try home.add("https://recipes.example", name: "Crème Brûlée")
    let app = try launch(home)
    try app.waitFor("Crème Brûlée")

    try app.type("/")
    try app.waitFor("/ · 4 of 4")
    try app.type("東")
    try waitForList(app, ["  東京タワー", "  https://www.tokyotower.co.jp", ""])
    try app.type("京")
    var lines = try app.waitFor("/東京 · 1 of 4").components(separatedBy: "\n")
    XCTAssertTrue(lines[23].hasSuffix("Enter keep · Esc clear · ↑↓ move"), lines[23])
    // The cursor sits after the query (columns: space, slash, two wide characters).
    XCTAssertEqual(try app.format("#{cursor_y} #{cursor_x}"), "23 6")

    // Every key is text while typing: `q` does not quit, `e` does not enter Edit mode.
    try app.press("C-u")
    try app.type("CREME")
    try waitForList(app, ["  Crème Brûlée", "  https://recipes.example", ""])
    try app.press("BSpace", "BSpace", "BSpace", "BSpace", "BSpace")
    try app.type("🚀")
    try waitForList(app, ["  🚀 Launch", "  https://example.com/launch", ""])

    // Enter keeps the filter; the keys move in it again; Esc clears it.
    try app.press("Enter")
    lines = try app.waitFor("/🚀 · 1/1 of 4").components(separatedBy: "\n")
    XCTAssertTrue(lines[23].hasSuffix("Enter open · y copy · / change · Esc clear"), lines[23])
    try app.press("Escape")
    lines = try waitForList(app, ["  Swift Forums", "  https://forums.swift.org", "  東京タワー"])
    XCTAssertTrue(lines[23].contains("3/4"), "the selection stayed on 🚀 Launch: \(lines[23])")
  }

  func testNothingMatchingSaysSo() throws {
    let home = try makeHome()
    try home.add("https://one.example", name: "One")
    let app = try launch(home)
    try app.waitFor("One")
    try app.type("/zzz")
    try app.waitFor("No bookmark matches “zzz”.")
    try app.waitFor("/zzz · 0 of 1")
    try app.press("Escape")
    try waitForList(app, ["  One", "  https://one.example"])
  }
}
