import XCTest

@testable import TerminalUI

/// `BROWSER` as a colon-separated list with `%s`, text and GUI browsers, SSH without a
/// display, and URLs that would be dangerous in a shell staying one argument.
final class BrowserCommandTests: XCTestCase {
  let url = "https://example.com/a;b$(touch x)'\"c d`e`"

  func testAListOfCommandsWithAndWithoutPercentS() {
    XCTAssertEqual(
      BrowserCommand.parse("firefox:chromium --new-window %s:w3m -o x=%%s", url: url),
      [["firefox", url], ["chromium", "--new-window", url], ["w3m", "-o", "x=%s", url]])
    XCTAssertEqual(BrowserCommand.parse("::  :open --url=%s", url: url), [["open", "--url=" + url]])
    XCTAssertEqual(BrowserCommand.parse("", url: url), [])
    XCTAssertEqual(BrowserCommand.parse("tool 100% %", url: url), [["tool", "100%", "%", url]])
  }

  func testTheURLIsAlwaysOneArgument() {
    for command in BrowserCommand.parse("a:b %s:c %s%s", url: url) {
      XCTAssertEqual(command.filter { $0.contains(url) }.count, 1, "\(command)")
    }
  }

  func testWithADisplayOnlyTextBrowsersTakeTheTerminal() {
    let plan = BrowserCommand.plan(for: url, environment: ["DISPLAY": ":0", "BROWSER": "firefox:/usr/bin/lynx"])
    XCTAssertEqual(
      plan,
      .run([
        BrowserCommand(arguments: ["firefox", url], takesTerminal: false),
        BrowserCommand(arguments: ["/usr/bin/lynx", url], takesTerminal: true),
      ]))
  }

  func testWithoutADisplayEveryBrowserTakesTheTerminal() {
    let plan = BrowserCommand.plan(for: url, environment: ["BROWSER": "firefox", "SSH_CONNECTION": "1 2 3 4"])
    XCTAssertEqual(plan, .run([BrowserCommand(arguments: ["firefox", url], takesTerminal: true)]))
  }

  func testWithoutBrowserXdgOpen() {
    XCTAssertEqual(
      BrowserCommand.plan(for: url, environment: ["WAYLAND_DISPLAY": "wayland-0"]),
      .run([BrowserCommand(arguments: ["xdg-open", url], takesTerminal: false)]))
    XCTAssertEqual(
      BrowserCommand.plan(for: url, environment: [:]),
      .run([BrowserCommand(arguments: ["xdg-open", url], takesTerminal: true)]))
  }

  func testOverSSHWithoutDisplayOrBrowserTheURLIsCopiedInstead() {
    XCTAssertEqual(BrowserCommand.plan(for: url, environment: ["SSH_CONNECTION": "1 2 3 4"]), .copyInstead)
    XCTAssertEqual(BrowserCommand.plan(for: url, environment: ["SSH_TTY": "/dev/pts/3", "BROWSER": ""]), .copyInstead)
    // With X forwarding there is a display.
    XCTAssertEqual(
      BrowserCommand.plan(for: url, environment: ["SSH_TTY": "/dev/pts/3", "DISPLAY": "localhost:10.0"]),
      .run([BrowserCommand(arguments: ["xdg-open", url], takesTerminal: false)]))
  }
}
