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
    XCTAssertTrue(lines[23].hasSuffix("Enter open · + add · Tab shelf · ? help · q quit"), lines[23])
  }

  /// Ctrl-Z, the terminal resized while Cloudy is stopped, then `fg`: the first frame
  /// already fits the new size, with no key pressed.
  func testAResizeWhileSuspendedIsSeenOnResume() throws {
    let home = try makeHome()
    try home.add("https://stopped.example", name: "Stopped meanwhile")
    let app = try TmuxSession(
      home: home, arguments: ["--norc", "--noprofile", "-i"], executable: "/bin/bash")
    defer { app.kill() }
    try app.type("PS1='$ '; clear; " + CloudyBinary.url.path)
    try app.press("Enter")
    try app.waitFor("Stopped meanwhile")
    try app.press("C-z")
    try app.waitFor("Stopped")
    try app.resize(columns: 60, rows: 16)
    XCTAssertEqual(try app.format("#{pane_width}x#{pane_height}"), "60x16")
    try app.type("fg")
    try app.press("Enter")
    // No key after `fg`: the bottom line is on the pane's last row only if the frame was
    // drawn at 60×16.
    try app.waitUntil(timeout: 15, "the list is drawn at the new size") {
      let lines = try app.lines()
      return lines.count == 16 && lines[0].contains("Cloudy") && lines[1].hasPrefix("  Stopped meanwhile")
        && lines[15].contains("? help")
    }
    try app.type("q")
  }
}
