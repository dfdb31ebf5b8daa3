import Foundation
import XCTest

/// Cloudy over a real SSH connection: a throwaway sshd on loopback, `ssh -tt` in a tmux
/// pane, and the app on the far side of it.
final class SSHSessionTests: EndToEndTestCase {
  func testAddingABookmarkThroughTheDialogOverSSH() throws {
    // Given cloudy started through ssh on a throwaway server, with no display variables
    let server = try SSHServer()
    defer { server.stop() }
    let home = try makeHome()
    let remote = [
      "env", "TERM=xterm-256color", "LANG=C.UTF-8", "TZ=UTC", "PATH=/usr/bin:/bin", "HOME=\(home.userHome.path)",
      CloudyBinary.url.path, "--home", home.cloudyHome.path,
    ]
    let ssh = server.sshArguments(running: remote)
    let app = try TmuxSession(home: home, arguments: ssh.arguments, executable: ssh.executable)
    defer { app.kill() }
    try app.waitUntil(timeout: 15, "the list has loaded over ssh") {
      let screen = try app.screen()
      return screen.contains("+ add · e edit") && !screen.contains("Loading…")
    }
    XCTAssertTrue(server.logText.contains("Accepted publickey for \(server.userName)"), server.logText)

    // When a bookmark is added through the dialog
    try fillAddDialog(app, url: "over-ssh.example/path?q=1", name: "Über SSH 🔐")
    try app.press("Enter")

    // Then it shows in the list and is stored
    let lines = try waitForList(app, ["  Über SSH 🔐", "  https://over-ssh.example/path?q=1"])
    XCTAssertTrue(lines[23].hasPrefix(" Added “Über SSH 🔐”."), lines.joined(separator: "\n"))
    XCTAssertEqual(
      try home.listedBookmarks().map { [$0.name, $0.url] }, [["Über SSH 🔐", "https://over-ssh.example/path?q=1"]])

    // And q ends the app, and with it the ssh session, cleanly
    try app.type("q")
    XCTAssertEqual(try app.waitForExit(timeout: 10), 0, "ssh reports cloudy's exit status")
  }
}
