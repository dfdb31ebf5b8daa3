import Foundation
import XCTest

/// Mouse clicks select rows and a second click edits; the wheel moves; `--no-mouse` and
/// `CLOUDY_NO_MOUSE=1` leave the mouse (and text selection) to the terminal.
final class MouseClickTests: EndToEndTestCase {
  /// An SGR (1006) mouse report, as the terminal sends it: `button` 0 is the left button,
  /// 64/65 the wheel; `row` and `column` are 0-based screen cells.
  private func report(_ button: Int, row: Int, column: Int, release: Bool = false) -> String {
    "\u{1B}[<\(button);\(column + 1);\(row + 1)\(release ? "m" : "M")"
  }

  private func threeBookmarks() throws -> CloudyHome {
    let home = try makeHome()
    for name in ["One", "Two", "Three"] { try home.add("https://\(name.lowercased()).example", name: name) }
    return home
  }

  func testAClickSelectsARowAndASecondClickOpensIt() throws {
    let app = try launch(try threeBookmarks())
    try app.waitFor("Three")
    XCTAssertEqual(try app.format("#{mouse_standard_flag}"), "1", "the app asked for mouse reports")

    // Row 5 is the third bookmark's name (rows 1–2, 3–4, 5–6).
    try app.type(report(0, row: 5, column: 10) + report(0, row: 5, column: 10, release: true))
    try app.waitFor("3/3")
    try app.type("e")  // in Edit mode a second click edits, as Enter does (outside it, it opens)
    try app.type(report(0, row: 6, column: 10) + report(0, row: 6, column: 10, release: true))
    let dialog = try app.waitFor("Edit Bookmark")
    XCTAssertTrue(dialog.contains("https://three.example"), dialog)
    try app.press("Escape")

    // The wheel: up moves the selection towards the top.
    try app.type(report(64, row: 3, column: 3))
    try app.waitFor("1/3")
  }

  func testNoMouseLeavesTheMouseToTheTerminal() throws {
    let home = try threeBookmarks()
    for (arguments, environment) in [(["--no-mouse"], [:]), ([], ["CLOUDY_NO_MOUSE": "1"])] {
      let app = try launch(home, arguments: arguments, environment: environment)
      try app.waitFor("Three")
      XCTAssertEqual(try app.format("#{mouse_standard_flag}"), "0", "\(arguments) \(environment)")
      XCTAssertEqual(try app.format("#{mouse_sgr_flag}"), "0", "\(arguments) \(environment)")
      app.kill()
    }
  }
}
