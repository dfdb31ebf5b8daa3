import Foundation
import XCTest

/// Resizing the terminal redraws at once, with no key pressed.
final class ResizeTests: EndToEndTestCase {
  func testShrinkingBelowTheMinimumShowsAMessageAndGrowingBackShowsTheList() throws {
    let home = try makeHome()
    try home.add("https://resize.example", name: "Resized")
    let app = try launch(home)
    try app.waitFor("Resized")

    try app.resize(columns: 30, rows: 8)
    XCTAssertEqual(try app.format("#{pane_width}x#{pane_height}"), "30x8")
    let small = try app.waitFor("needs at least 40×10", timeout: 15)
    XCTAssertTrue(small.contains("this window is 30×8."), small)
    XCTAssertFalse(small.contains("Resized"), small)

    try app.resize(columns: 80, rows: 24)
    try app.waitUntil(timeout: 15, "the list is back") {
      let screen = try app.screen()
      return screen.contains("Resized") && !screen.contains("needs at least")
    }
    let lines = try app.lines()
    XCTAssertEqual(lines.count, 24)
    XCTAssertTrue(lines[0].hasPrefix(" Edit"), lines[0])
    XCTAssertTrue(lines[0].contains("Cloudy"), lines[0])
    assertRow(lines, 1, "  Resized")
    assertRow(lines, 2, "  https://resize.example")
    XCTAssertTrue(lines[23].hasSuffix("Enter open · + add · / find · ? help · q quit"), lines[23])
  }
}
