/// Why the full-screen terminal could not start, as one sentence.
public enum TerminalError: Error, CustomStringConvertible, Sendable {
  case notATerminal
  case unsupportedTerminal(String)
  case setupFailed(String)

  public var description: String {
    switch self {
    case .notATerminal:
      "Cloudy's full-screen list needs a terminal; use `cloudy list` in scripts and pipes."
    case .unsupportedTerminal(let type):
      "The terminal type “\(type)” can't show a full-screen app; set TERM (for example xterm-256color) or use `cloudy list`."
    case .setupFailed(let reason):
      "The terminal could not be set up (\(reason))."
    }
  }
}
