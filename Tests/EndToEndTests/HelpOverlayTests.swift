import Foundation
import XCTest

/// `?` shows every key, every screen's, scrolling at 80×24; any key but the scrolling ones
/// closes the overlay and does nothing else.
final class HelpOverlayTests: EndToEndTestCase {
  func testQuestionMarkListsTheKeysAndAnyKeyClosesIt() throws {
    let home = try makeHome()
    try home.add("https://help.example", name: "Helpful")
    let app = try launch(home)
    try app.waitFor("Helpful")

    try app.type("?")
    let help = try app.waitFor("any other key closes")
    let lines = try app.lines()
    XCTAssertTrue(lines.contains { $0.contains("─ Keys ─") }, help)
    for (keys, summary) in [
      ("↑ k", "Move up"), ("↓ j", "Move down"), ("+ a", "Add a bookmark"), ("Enter", "Open; Edit mode: edit"),
      ("e", "Edit mode on/off"), ("d Del x", "Delete (in Edit mode)"), ("? F1", "This help"), ("q ^C F10", "Quit"),
      ("^Z", "Suspend"),
      ("Enter Esc", "Save; cancel"), ("→ l", "Open the folder"),
    ] {
      XCTAssertTrue(
        lines.contains { $0.contains(keys) && $0.contains(summary) },
        "no line with “\(keys)” and “\(summary)”:\n\(help)")
    }
    XCTAssertTrue(help.contains("In the dialog"), help)
    XCTAssertTrue(lines[23].hasSuffix("↑↓ scroll · any other key closes"), lines[23])

    // `x` would delete in Edit mode and explain outside it; here it only closes the help.
    try app.type("x")
    let closed = try app.waitForAbsence(of: "any other key closes")
    XCTAssertFalse(closed.contains("Move up"), closed)
    XCTAssertFalse(closed.contains("Press e for Edit mode"), closed)
    assertRow(try app.lines(), 1, "  Helpful")
    XCTAssertTrue(try app.lines()[23].hasSuffix("Enter open · + add · Tab shelf · ? help · q quit"))

    // Escape and arrows other than the scrolling ones close it as well.
    for key in ["Escape", "Left"] {
      try app.type("?")
      try app.waitFor("any other key closes")
      try app.press(key)
      try app.waitForAbsence(of: "any other key closes")
    }
  }

  /// “any other key closes” includes keys Cloudy has no use for, like F5 or Insert.
  func testKeysWithoutAMeaningCloseTheHelpToo() throws {
    let app = try launch()
    for key in ["F5", "IC"] {
      try app.type("?")
      try app.waitFor("any other key closes")
      try app.press(key)
      try app.waitForAbsence(of: "any other key closes", timeout: 15)
    }
  }
}
