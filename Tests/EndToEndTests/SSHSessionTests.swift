import Foundation
import Glibc
import XCTest

/// Cloudy over a real SSH connection: a throwaway sshd on loopback, `ssh -tt` in a tmux
/// pane, and the app on the far side of it.
final class SSHSessionTests: EndToEndTestCase {
  func testAddingCopyingAndOpeningABookmarkOverSSH() throws {
    // Given cloudy started through ssh on a throwaway server, with no display variables
    let server = try SSHServer()
    defer { server.stop() }
    let home = try makeHome()
    let app = try launchOverSSH(server, home)
    defer { app.kill() }

    // When a bookmark is added through the dialog
    try fillAddDialog(app, url: "over-ssh.example/path?q=1", name: "Über SSH 🔐")
    try app.press("Enter")

    // Then it shows in the list and is stored
    let lines = try waitForList(app, ["  Über SSH 🔐", "  https://over-ssh.example/path?q=1"])
    XCTAssertTrue(lines[23].hasPrefix(" Added “Über SSH 🔐”."), lines.joined(separator: "\n"))
    XCTAssertEqual(
      try home.listedBookmarks().map { [$0.name, $0.url] }, [["Über SSH 🔐", "https://over-ssh.example/path?q=1"]])

    // And y copies its URL: the OSC 52 sequence travels back through ssh to the local
    // terminal (tmux, which puts it in its paste buffer)
    try app.tmux("set", "-s", "set-clipboard", "on")
    try app.tmux("set-buffer", "placeholder")
    let output = home.root.appendingPathComponent("pane-output")
    try app.tmux("pipe-pane", "-o", "-t", "cloudy", "cat >> '\(output.path)'")
    let url = "https://over-ssh.example/path?q=1"
    let sequence = "\u{1B}]52;c;\(Data(url.utf8).base64EncodedString())\u{07}"
    try app.type("y")
    try app.waitFor("Copied \(url) to the clipboard (OSC 52).")
    try app.waitUntil("the OSC 52 sequence arrives through ssh") {
      String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self).contains(sequence)
    }
    XCTAssertEqual(try app.tmux("show-buffer"), url)

    // And o, with no display over SSH, says so and copies instead
    try app.tmux("set-buffer", "placeholder")
    try app.type("o")
    let said = try app.waitFor("No display over SSH")
    XCTAssertTrue(said.contains(url), "the message shows the URL:\n\(said)")
    try app.waitUntil("tmux's buffer holds the URL again") { try app.tmux("show-buffer") == url }

    // And q ends the app, and with it the ssh session, cleanly
    try app.type("q")
    XCTAssertEqual(try app.waitForExit(timeout: 10), 0, "ssh reports cloudy's exit status")
  }

  func testDroppingTheConnectionEndsCloudyOnTheServerAndKeepsItsBookmarks() throws {
    // Given cloudy running through ssh with a bookmark just added
    let server = try SSHServer()
    defer { server.stop() }
    let home = try makeHome()
    let app = try launchOverSSH(server, home)
    defer { app.kill() }
    try fillAddDialog(app, url: "kept.example", name: "Kept")
    try app.press("Enter")
    try waitForList(app, ["  Kept", "  https://kept.example"])
    let remote = try XCTUnwrap(Self.processes(mentioning: home.cloudyHome.path).first, "the remote cloudy is running")

    // When the client goes away (its terminal closes, so ssh ends and the connection drops)
    app.kill()

    // Then the server hangs up on cloudy, which ends, and the bookmark is stored
    try Self.waitUntilProcessEnds(remote, timeout: 10)
    XCTAssertEqual(try home.listedBookmarks().map(\.name), ["Kept"])
  }

  // MARK: - Helpers

  /// Starts `cloudy --home` on `home` through `ssh -tt` in a tmux pane, with a pinned remote
  /// environment (sshd adds `SSH_CONNECTION` and `SSH_TTY`, and no display), and waits for
  /// the list.
  private func launchOverSSH(_ server: SSHServer, _ home: CloudyHome) throws -> TmuxSession {
    let remote = [
      "env", "TERM=xterm-256color", "LANG=C.UTF-8", "TZ=UTC", "PATH=/usr/bin:/bin", "HOME=\(home.userHome.path)",
      CloudyBinary.url.path, "--home", home.cloudyHome.path,
    ]
    let ssh = server.sshArguments(running: remote)
    let app = try TmuxSession(home: home, arguments: ssh.arguments, executable: ssh.executable)
    try app.waitUntil(timeout: 15, "the list has loaded over ssh") {
      let screen = try app.screen()
      return screen.contains("+ add") && screen.contains("? help") && !screen.contains("Loading…")
    }
    XCTAssertTrue(server.logText.contains("Accepted publickey for \(server.userName)"), server.logText)
    return app
  }

  /// The ids of running processes whose command line mentions `text` (from /proc).
  private static func processes(mentioning text: String) -> [pid_t] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry -> pid_t? in
      guard let pid = pid_t(entry), pid != getpid(),
        let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
      else { return nil }
      let words = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
      // The remote cloudy itself, not the ssh client whose remote command mentions it too.
      guard words.first == CloudyBinary.url.path, words.contains(text) else { return nil }
      return pid
    }
  }

  /// Waits (at most `timeout`) until process `pid` is gone.
  private static func waitUntilProcessEnds(_ pid: pid_t, timeout: TimeInterval) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while Glibc.kill(pid, 0) == 0 || errno != ESRCH {
      if Date() >= deadline {
        throw TmuxSession.Failure(description: "process \(pid) still runs after \(timeout) s")
      }
      usleep(20_000)
    }
  }
}
