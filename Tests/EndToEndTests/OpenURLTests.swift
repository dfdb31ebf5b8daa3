import Foundation
import XCTest

/// `o`: `$BROWSER` with `%s` and fallbacks, the URL as one argument through no shell, a
/// text browser given the terminal and the screen given back, a GUI browser detached and
/// silent, non-web URLs never opened, and SSH without a display copying instead.
final class OpenURLTests: EndToEndTestCase {
  func testTheURLArrivesAsOneArgumentAndRunsNothing() throws {
    let home = try makeHome()
    let pwned = home.root.appendingPathComponent("PWNED").path
    // Every shell metacharacter a URL may hold (white space can't be stored: the one URL rule).
    let url = "https://example.com/a;b$(touch${IFS}\(pwned))'q\"c`touch${IFS}\(pwned)2`|x&y>z"
    try home.importJSON([("Hostile", url)])
    let browser = try BrowserScript(in: home)
    // No display: the browser is taken for a text browser and gets the terminal.
    let app = try launch(home, environment: ["BROWSER": "\(browser.path) --new-tab %s"])
    try app.waitFor("Hostile")

    try app.type("o")
    XCTAssertEqual(try browser.arguments(), ["--new-tab", url])
    try app.waitFor("Back from \(browser.path).")
    XCTAssertFalse(FileManager.default.fileExists(atPath: pwned), "the URL ran a command")
    XCTAssertFalse(FileManager.default.fileExists(atPath: pwned + "2"), "the URL ran a command")
    // The screen is Cloudy's again: the list, the alternate screen, nothing the browser printed.
    let screen = try app.waitFor("Hostile")
    XCTAssertFalse(screen.contains("SCRIBBLE"), screen)
    XCTAssertEqual(try app.format("#{alternate_on}"), "1")
    try app.type("q")
    XCTAssertEqual(try app.waitForExit(), 0)
  }

  func testAGUIBrowserRunsDetachedAndNeverScribblesOnTheScreen() throws {
    let home = try makeHome()
    try home.add("https://gui.example/page", name: "GUI")
    let browser = try BrowserScript(in: home)
    let app = try launch(home, environment: ["BROWSER": browser.path, "DISPLAY": ":99"])
    try app.waitFor("GUI")

    try app.type("o")
    try app.waitFor("Opened https://gui.example/page with \(browser.path).")
    XCTAssertEqual(try browser.arguments(), ["https://gui.example/page"])
    browser.waitUntilPrinted()
    // Once the pane has settled after the browser printed, none of it is on the screen.
    var screen = ""
    try app.waitUntil("the pane settles") {
      screen = try app.screen()
      return true
    }
    XCTAssertFalse(screen.contains("SCRIBBLE"), screen)
    XCTAssertTrue(screen.contains("Opened https://gui.example/page"), screen)
    XCTAssertEqual(try app.format("#{alternate_on}"), "1")
  }

  func testTheNextCommandInTheListIsTriedWhenOneIsMissing() throws {
    let home = try makeHome()
    try home.add("https://fallback.example", name: "Fallback")
    let browser = try BrowserScript(in: home)
    let app = try launch(
      home, environment: ["BROWSER": "/nonexistent/browser %s:\(browser.path)", "DISPLAY": ":99"])
    try app.waitFor("Fallback")
    try app.type("o")
    XCTAssertEqual(try browser.arguments(), ["https://fallback.example"])
    try app.waitFor("Opened https://fallback.example with")
  }

  func testNonWebURLsAreNeverOpened() throws {
    let home = try makeHome()
    try home.importJSON([("Script", "javascript:alert(1)"), ("File", "file:///etc/passwd")])
    let browser = try BrowserScript(in: home)
    let app = try launch(home, environment: ["BROWSER": browser.path])
    try app.waitFor("Script")
    try app.type("o")
    try app.waitFor("Only http and https URLs are opened; press y to copy this one.")
    try app.type("jo")
    try app.waitFor("Only http and https URLs are opened")
    XCTAssertFalse(browser.hasRun, "a non-web URL reached the browser")
  }

  func testOverSSHWithoutADisplayTheURLIsShownAndCopied() throws {
    let home = try makeHome()
    try home.add("https://ssh.example/page", name: "Over SSH")
    let app = try launch(home, environment: ["SSH_CONNECTION": "192.0.2.1 50000 192.0.2.2 22"])
    try app.tmux("set", "-s", "set-clipboard", "on")
    try app.waitFor("Over SSH")
    try app.type("o")
    try app.waitFor("No display over SSH; copied with OSC 52: https://ssh.example/page")
    XCTAssertEqual(try app.tmux("show-buffer"), "https://ssh.example/page")
  }

  func testAFailingTextBrowserIsReportedAndTheScreenComesBack() throws {
    let home = try makeHome()
    try home.add("https://fails.example", name: "Fails")
    let app = try launch(home, environment: ["BROWSER": "/bin/false"])
    try app.waitFor("Fails")
    try app.type("o")
    try app.waitFor("/bin/false exited with status 1 for https://fails.example.")
    try waitForList(app, ["  Fails", "  https://fails.example"])
  }

  func testWhenNoBrowserCanStartTheURLIsCopiedInstead() throws {
    let home = try makeHome()
    try home.add("https://nobrowser.example", name: "No browser")
    let app = try launch(home, environment: ["BROWSER": "/nonexistent/one:/nonexistent/two %s", "DISPLAY": ":99"])
    try app.tmux("set", "-s", "set-clipboard", "on")
    try app.waitFor("No browser")
    try app.type("o")
    try app.waitFor("Couldn't start one or two; copied with OSC 52: https://nobrowser.example")
    XCTAssertEqual(try app.tmux("show-buffer"), "https://nobrowser.example")
  }
}
