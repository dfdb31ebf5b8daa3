import Foundation
import TestSupport
import XCTest

/// The real `cloudy` binary running in a pane of its own, private tmux server.
///
/// Every session has its own tmux server (`tmux -L <unique name>` with a private socket
/// folder, and a config file holding only the few options written here) and a pinned
/// environment, so nothing of the user's tmux, shell or terminal leaks in. The binary runs under
/// `/bin/sh`, which prints a marker with its exit status when it ends and then keeps
/// the pane alive, so tests can see that the process ended, how, and what the terminal
/// looks like afterwards.
///
/// Waits poll the pane every 20 ms up to a bounded timeout and only accept a screen that
/// has settled (two identical captures), never a frame caught half drawn; a timeout
/// throws an error whose description holds the last screen.
final class TmuxSession {
  /// Where tmux lives, or nil if it is not installed.
  static let tmuxPath: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux", "/bin/tmux"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  /// What the wrapper shell prints before starting the binary, like a prompt.
  static let shellBanner = "$ cloudy   # started by the end-to-end test"
  /// What the wrapper shell prints when the binary ends; `%d` is the exit status.
  static let exitMarkerPrefix = "[cloudy exited with status "

  /// A wait that timed out or a tmux command that failed, described with the last screen.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  let socketName: String
  let home: CloudyHome
  private let workDirectory: URL
  private var isRunning = true

  /// Starts `cloudy <arguments>` in a detached session of `columns`×`rows`.
  ///
  /// - Parameters:
  ///   - environment: extra or replaced variables (e.g. `NO_COLOR`, `TERM`).
  ///   - unsetting: pinned variables to leave out altogether (e.g. `TERM`).
  ///   - executable: another program to run in place of `cloudy` (e.g. `ssh`, which runs it remotely).
  init(
    home: CloudyHome, arguments: [String] = [], environment: [String: String] = [:], unsetting: [String] = [],
    columns: Int = 80, rows: Int = 24, executable: String = CloudyBinary.url.path
  ) throws {
    guard let tmux = Self.tmuxPath else { throw XCTSkip("tmux is not installed") }
    self.home = home
    let unique = "\(getpid())-\(UUID().uuidString.prefix(8).lowercased())"
    socketName = "cloudy-e2e-\(unique)"
    // Under /tmp, not the (possibly long) temporary folder: a socket path has ~100 bytes.
    workDirectory = URL(fileURLWithPath: "/tmp/cloudy-e2e-tmux-\(unique)", isDirectory: true)
    try FileManager.default.createDirectory(
      at: workDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])

    // Status line off (the pane is the whole window), the pane stays after its process
    // ends, and tmux's own TERM matches the one the app gets.
    let config = workDirectory.appendingPathComponent("tmux.conf")
    try """
    set -g status off
    set -g remain-on-exit on
    set -g default-terminal xterm-256color
    set -g history-limit 0
    """.write(to: config, atomically: true, encoding: .utf8)

    var pinned = home.environment
    for (key, value) in environment { pinned[key] = value }
    for key in unsetting { pinned.removeValue(forKey: key) }
    // sh prints the banner ($1), runs the binary, prints the marker, then stays.
    let script =
      "printf '%s\\n' \"$1\"; shift; \"$@\"; status=$?; "
      + "printf '\(Self.exitMarkerPrefix)%d]\\n' \"$status\"; exec sleep 86400"
    let command =
      ["/usr/bin/env", "-i"] + pinned.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
      + ["/bin/sh", "-c", script, "sh", Self.shellBanner, executable] + arguments

    tmuxExecutable = tmux
    try run(["-f", config.path, "new-session", "-d", "-s", "cloudy", "-x", "\(columns)", "-y", "\(rows)"] + command)
  }

  private let tmuxExecutable: String

  deinit { kill() }

  /// Stops the tmux server and with it the app. Safe to call twice.
  func kill() {
    guard isRunning else { return }
    isRunning = false
    _ = try? run(["kill-server"])
    try? FileManager.default.removeItem(at: workDirectory)
  }

  // MARK: - Input

  /// Types text literally (`send-keys -l`), so `+`, `;`, spaces and Unicode arrive as typed.
  func type(_ text: String) throws {
    try run(["send-keys", "-t", target, "-l", "--", text])
  }

  /// Presses keys by tmux name: Enter, Escape, Tab, BTab, Up, Down, DC, BSpace, C-a, C-c …
  func press(_ keys: String...) throws {
    try run(["send-keys", "-t", target] + keys)
  }

  /// Resizes the window (and so the pane, as no client is attached).
  func resize(columns: Int, rows: Int) throws {
    try run(["resize-window", "-t", target, "-x", "\(columns)", "-y", "\(rows)"])
  }

  // MARK: - Output

  /// The pane's text, one line per row, wide characters once, trailing blanks trimmed.
  func screen() throws -> String {
    try run(["capture-pane", "-p", "-t", target])
  }

  /// The pane's rows as an array (always `rows` entries).
  func lines() throws -> [String] {
    try screen().components(separatedBy: "\n").dropLastIfEmpty()
  }

  /// The pane's text with wrapped lines joined (`capture-pane -J`): a long message the
  /// terminal wrapped reads as the one line it was printed as.
  func joinedScreen() throws -> String {
    try run(["capture-pane", "-p", "-J", "-t", target])
  }

  /// The pane's text with SGR escape sequences for attributes and colours (`-e`), with
  /// trailing blanks kept (`-N`) so a reversed row shows its full width.
  func screenWithEscapes() throws -> String {
    try run(["capture-pane", "-p", "-e", "-N", "-t", target])
  }

  /// The pane parsed into cells with their attributes.
  func styledScreen() throws -> StyledScreen {
    StyledScreen(parsing: try screenWithEscapes())
  }

  /// A tmux format for the pane, e.g. `#{cursor_x}` or `#{alternate_on}`.
  func format(_ format: String) throws -> String {
    try run(["display-message", "-p", "-t", target, format]).trimmingCharacters(in: .newlines)
  }

  // MARK: - Waiting

  /// Waits until the screen contains `text`; returns that screen.
  @discardableResult
  func waitFor(
    _ text: String, timeout: TimeInterval = 15, file: StaticString = #filePath, line: UInt = #line
  ) throws -> String {
    var found = ""
    try waitUntil(timeout: timeout, "the screen shows “\(text)”", file: file, line: line) {
      found = try self.screen()
      return found.contains(text)
    }
    return found
  }

  /// Waits until the screen no longer contains `text`; returns that screen.
  @discardableResult
  func waitForAbsence(
    of text: String, timeout: TimeInterval = 15, file: StaticString = #filePath, line: UInt = #line
  ) throws -> String {
    var found = ""
    try waitUntil(timeout: timeout, "“\(text)” leaves the screen", file: file, line: line) {
      found = try self.screen()
      return !found.contains(text)
    }
    return found
  }

  /// Polls `condition` every 20 ms until it holds or `timeout` passes; on timeout throws
  /// an error with the last screen.
  func waitUntil(
    timeout: TimeInterval = 15, _ what: String = "the condition holds", file: StaticString = #filePath,
    line: UInt = #line, _ condition: () throws -> Bool
  ) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      if try condition() {
        // A capture can catch a frame half drawn. Accept the condition once the pane
        // (attributes included) is the same in two captures 20 ms apart and still meets it.
        let before = try screenWithEscapes()
        usleep(20_000)
        if try screenWithEscapes() == before, try condition() { return }
        if Date() >= deadline { break }
        continue
      }
      if Date() >= deadline { break }
      usleep(20_000)
    }
    let last = (try? screen()) ?? "(the pane could not be captured)"
    throw Failure(
      description: """
        \(file):\(line): timed out after \(timeout) s waiting until \(what). Last screen:
        ┌\(String(repeating: "─", count: 20))
        \(last.components(separatedBy: "\n").map { "│" + $0 }.joined(separator: "\n"))
        └\(String(repeating: "─", count: 20))
        """)
  }

  /// Waits for the wrapper shell's marker and returns the binary's exit status.
  func waitForExit(timeout: TimeInterval = 15, file: StaticString = #filePath, line: UInt = #line) throws -> Int32 {
    var status: Int32?
    try waitUntil(timeout: timeout, "cloudy exits", file: file, line: line) {
      let text = try self.joinedScreen()
      guard let range = text.range(of: Self.exitMarkerPrefix) else { return false }
      let digits = text[range.upperBound...].prefix { $0 != "]" }
      status = Int32(digits)
      return status != nil
    }
    return status!
  }

  // MARK: - tmux

  /// Runs any other tmux command on this session's server (`set -s set-clipboard on`,
  /// `show-buffer`) and returns what it printed.
  @discardableResult
  func tmux(_ arguments: String...) throws -> String {
    try run(arguments)
  }

  private var target: String { "=cloudy:" }

  @discardableResult
  private func run(_ arguments: [String]) throws -> String {
    // The tmux client and server get a small fixed environment; the socket folder is private.
    let environment = [
      "PATH": "/usr/bin:/bin",
      "HOME": home.userHome.path,
      "LANG": "C.UTF-8",
      "TERM": "xterm-256color",
      "TZ": "UTC",
      "TMUX_TMPDIR": workDirectory.path,
    ]
    let result = try ChildProcess.run(
      tmuxExecutable, ["-u", "-L", socketName] + arguments, environment: environment)
    guard result.status == 0 else {
      throw Failure(
        description: "tmux \(arguments.prefix(3).joined(separator: " ")) failed (\(result.status)): "
          + result.stderr)
    }
    return result.stdout
  }
}

extension Array where Element == String {
  fileprivate func dropLastIfEmpty() -> [String] {
    last == "" ? Array(dropLast()) : self
  }
}
