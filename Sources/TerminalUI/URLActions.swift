import BookmarkModel
import BookmarksState

/// Opens and copies URLs for the `o` and `y` keys, on the UI thread, between frames, and
/// says how it went in one line for the status line.
struct URLActions {
  let environment: [String: String]

  /// Copies `url` with OSC 52, written straight to the terminal (outside ncurses' buffer,
  /// which is empty between frames).
  func copy(_ url: String, terminal: Terminal) -> StatusMessage {
    if let refusal = Self.refusal(for: url, opening: false) { return refusal }
    guard let sequence = ClipboardSequence(copying: url, environment: environment) else {
      return StatusMessage("That URL is too long to copy through the terminal.", isError: true)
    }
    terminal.writeDirectly(sequence.bytes)
    return StatusMessage("Copied \(Self.short(url)) to the clipboard (\(sequence.route)).")
  }

  /// Opens `url` as ``BrowserCommand/plan(for:environment:)`` says; when nothing can open
  /// it, shows it and copies it instead of failing silently.
  func open(_ url: String, terminal: Terminal) -> StatusMessage {
    if let refusal = Self.refusal(for: url, opening: true) { return refusal }
    guard case .run(let commands) = BrowserCommand.plan(for: url, environment: environment) else {
      return copyInstead(url, terminal: terminal, because: "No display over SSH")
    }
    var notFound: [String] = []
    for command in commands {
      let program = command.arguments[0]
      if command.takesTerminal {
        let outcome = terminal.suspended {
          ProcessLauncher.runInForeground(command.arguments, environment: environment)
        }
        switch outcome {
        case .exited(0), .started: return StatusMessage("Back from \(program).")
        case .exited(let status):
          return StatusMessage("\(program) exited with status \(status) for \(Self.short(url)).", isError: true)
        case .failed: notFound.append(Self.baseName(program))
        }
      } else {
        switch ProcessLauncher.startDetached(command.arguments, environment: environment) {
        case .started, .exited: return StatusMessage("Opened \(Self.short(url)) with \(program).")
        case .failed: notFound.append(Self.baseName(program))
        }
      }
    }
    return copyInstead(url, terminal: terminal, because: "Couldn't start \(notFound.joined(separator: " or "))")
  }

  /// Checks the URL again where it leaves Cloudy, whatever the stores let through: a URL
  /// the one URL rule refuses is neither copied nor opened (its control sequence would reach
  /// the browser's argv or the clipboard), and only http/https URLs are opened.
  static func refusal(for url: String, opening: Bool) -> StatusMessage? {
    if let problem = BookmarkURL.storageProblem(url) {
      return StatusMessage("Not \(opening ? "opened" : "copied"): \(problem.clause).", isError: true)
    }
    if opening, !BookmarkURL.isOpenable(url) {
      return StatusMessage("Only http and https URLs are opened; press y to copy this one.", isError: true)
    }
    return nil
  }

  private func copyInstead(_ url: String, terminal: Terminal, because reason: String) -> StatusMessage {
    guard let sequence = ClipboardSequence(copying: url, environment: environment) else {
      return StatusMessage("\(reason); the URL is \(url)", isError: true)
    }
    terminal.writeDirectly(sequence.bytes)
    // The whole URL, last, so a narrow bottom line cuts only its end.
    return StatusMessage("\(reason); copied with \(sequence.route): \(url)", isError: true)
  }

  private static func baseName(_ path: String) -> String {
    String(path.split(separator: "/").last ?? Substring(path))
  }

  /// A URL cut to 40 characters for a status line that still has to say what happened.
  static func short(_ url: String) -> String {
    url.count <= 40 ? url : String(url.prefix(39)) + "…"
  }
}
