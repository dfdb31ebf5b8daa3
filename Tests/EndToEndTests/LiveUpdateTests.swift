import Foundation
import XCTest

/// Changes made by another process (the CLI) show up in the open app without a key press.
final class LiveUpdateTests: EndToEndTestCase {
  func testChangesFromTheCommandLineAppearWithoutAKeyPress() throws {
    let home = try makeHome()
    let app = try launch(home)
    try app.waitFor("No bookmarks yet.")

    let id = try home.add("https://live.example", name: "Live One")
    try app.waitFor("Live One", timeout: 15)
    var lines = try app.lines()
    assertRow(lines, 1, "  Live One")
    assertRow(lines, 2, "  https://live.example")
    XCTAssertTrue(lines[23].contains("1/1"), lines[23])

    let edit = try home.cli("edit", id, "--name", "Live Renamed")
    XCTAssertEqual(edit.status, 0, edit.stderr)
    try app.waitFor("Live Renamed", timeout: 15)
    lines = try app.lines()
    assertRow(lines, 1, "  Live Renamed")

    let remove = try home.cli("remove", id)
    XCTAssertEqual(remove.status, 0, remove.stderr)
    let screen = try app.waitFor("No bookmarks yet.", timeout: 15)
    XCTAssertFalse(screen.contains("  Live Renamed\n"), screen)
    // The row the user was on went away: a notice says so, then the status comes back.
    XCTAssertTrue(screen.contains("“Live Renamed” was deleted elsewhere."), screen)
  }
}
