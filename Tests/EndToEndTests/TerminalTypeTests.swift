import Foundation
import XCTest

/// Every supported TERM draws the list, with colour where it has colour and reverse
/// video for the selection everywhere; TERM empty or unknown is refused in one line.
final class TerminalTypeTests: EndToEndTestCase {
  func testEachTerminalTypeDrawsTheList() throws {
    let home = try makeHome()
    try home.add("https://one.example", name: "One")
    try home.add("https://www.tokyotower.co.jp", name: "東京タワー")
    for (type, hasColour) in [
      ("xterm-256color", true), ("screen-256color", true), ("tmux-256color", true), ("xterm", true),
      ("vt100", false), ("linux", true),
    ] {
      let app = try launch(home, environment: ["TERM": type])
      let lines = try waitForList(app, ["  One", "  https://one.example", "  東京タワー", "  https://www.tokyotower.co.jp"])
      XCTAssertTrue(lines[0].hasPrefix(" Edit"), "\(type): \(lines[0])")
      XCTAssertTrue(lines[0].hasSuffix("+"), "\(type): \(lines[0])")
      XCTAssertTrue(lines[23].hasPrefix(" user-defaults · local · 1/2"), "\(type): \(lines[23])")
      let styled = try app.styledScreen()
      XCTAssertEqual(styled.ranges(row: 1) { $0.reverse }, "0–78", "\(type): selected row\n\(styled.raw)")
      XCTAssertEqual(styled.ranges(row: 3) { $0.reverse }, "none", "\(type): other row")
      let barColour = styled.rows[0].first { $0.character == "E" }?.attributes.background
      XCTAssertEqual(barColour != nil, hasColour, "\(type): the bar's colour is \(String(describing: barColour))")
      // The selection moves and the dialog's box draws.
      try app.type("j")
      try app.waitFor("2/2")
      try app.type("a")
      let dialog = try app.waitFor("Add Bookmark")
      XCTAssertTrue(dialog.contains("┌") && dialog.contains("┘"), "\(type): box corners\n\(dialog)")
      try app.press("Escape")
      // (Esc and q sent together would be one Alt-q, which does nothing.)
      try app.waitForAbsence(of: "Add Bookmark")
      try app.type("q")
      XCTAssertEqual(try app.waitForExit(), 0, type)
      app.kill()
    }
  }

  func testAnUnsetEmptyOrUnknownTerminalTypeIsRefusedInOneLine() throws {
    let cases: [(type: String?, shown: String)] = [
      (nil, "(unset)"), ("", "(unset)"), ("no-such-terminal", "no-such-terminal"),
    ]
    for (type, shown) in cases {
      let app = try launch(
        environment: type.map { ["TERM": $0] } ?? [:], unsetting: type == nil ? ["TERM"] : [],
        waitUntilLoaded: false)
      XCTAssertNotEqual(try app.waitForExit(), 0, type ?? "unset")
      let printed = try app.joinedScreen().components(separatedBy: "\n").filter {
        !$0.trimmingTrailingSpaces.isEmpty
      }
      XCTAssertEqual(printed.count, 3, "banner, one message, exit marker: \(printed)")
      XCTAssertTrue(printed.contains { $0.contains("“\(shown)”") && $0.contains("`cloudy list`") }, "\(printed)")
      XCTAssertEqual(try app.format("#{alternate_on}"), "0", "the screen was never taken over")
      app.kill()
    }
  }

  func testAnEmptyNoColorKeepsColourAndASetOneDropsIt() throws {
    let home = try makeHome()
    try home.add("https://one.example", name: "One")
    for (value, hasColour) in [("", true), ("1", false)] {
      let app = try launch(home, environment: ["NO_COLOR": value])
      try app.waitFor("One")
      let bar = try app.styledScreen().rows[0].first { $0.character == "E" }
      XCTAssertEqual(bar?.attributes.background != nil, hasColour, "NO_COLOR=“\(value)”")
      app.kill()
    }
  }
}
