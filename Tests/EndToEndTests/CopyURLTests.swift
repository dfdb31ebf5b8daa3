import Foundation
import XCTest

/// `y`: OSC 52 reaches tmux's paste buffer (`set-clipboard on`), plain or wrapped for
/// tmux's passthrough, and the bottom line says what was copied and how.
final class CopyURLTests: EndToEndTestCase {
  func testYCopiesTheSelectedURLIntoTmuxsPasteBuffer() throws {
    let home = try makeHome()
    try home.add("https://first.example", name: "First")
    try home.add("https://東京.example/パス?q=1&r=2", name: "Second")
    let app = try launch(home)
    try app.tmux("set", "-s", "set-clipboard", "on")
    try app.waitFor("Second")

    try app.type("jy")
    try app.waitFor("Copied https://東京.example/パス?q=1&r=2 to the clipboard (OSC 52).")
    XCTAssertEqual(try app.tmux("show-buffer"), "https://東京.example/パス?q=1&r=2")
    // The sequence left no trace on the screen.
    try waitForList(app, ["  First", "  https://first.example", "  Second"])
  }

  func testInsideTmuxThePassthroughIsSentAsWell() throws {
    let home = try makeHome()
    try home.add("https://tmux.example", name: "In tmux")
    // As inside tmux: TMUX names the server; the plain sequence still fills the buffer.
    let app = try launch(home, environment: ["TMUX": "/tmp/tmux-test/default,1,0"])
    try app.tmux("set", "-s", "set-clipboard", "on")
    try app.waitFor("In tmux")
    try app.type("y")
    try app.waitFor("Copied https://tmux.example to the clipboard (OSC 52 through tmux).")
    XCTAssertEqual(try app.tmux("show-buffer"), "https://tmux.example")
    try waitForList(app, ["  In tmux", "  https://tmux.example"])
  }

  func testAFilteredSelectionIsWhatIsCopied() throws {
    let home = try makeHome()
    try home.add("https://alpha.example", name: "Alpha")
    try home.add("https://beta.example", name: "Beta")
    let app = try launch(home)
    try app.tmux("set", "-s", "set-clipboard", "on")
    try app.waitFor("Beta")
    try app.type("/bet")
    try app.waitFor("/bet · 1 of 2")
    try app.press("Enter")
    try app.type("y")
    try app.waitFor("Copied https://beta.example")
    XCTAssertEqual(try app.tmux("show-buffer"), "https://beta.example")
  }
}
