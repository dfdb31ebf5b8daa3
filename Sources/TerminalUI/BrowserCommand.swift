/// How to open a URL, worked out from the environment: the commands to try in order, and
/// whether each takes over the terminal.
///
/// `BROWSER` has its usual meaning: a colon-separated list of commands, tried in order;
/// in each, `%s` is replaced by the URL (`%%` is a literal `%`), and a command without
/// `%s` gets the URL as its last argument. Words are split at spaces, never by a shell:
/// the URL is always exactly one argument, so no character in it can run a command.
/// Without `BROWSER`: `xdg-open`. Over SSH (`SSH_CONNECTION` or `SSH_TTY`) with no
/// display and no `BROWSER` there is nothing to open it with, so the URL is copied instead.
public struct BrowserCommand: Equatable, Sendable {
  /// The program and its arguments, the URL among them.
  public var arguments: [String]
  /// True for a browser that runs in the terminal (lynx, w3m, elinks, links, or any
  /// command when there is no display): Cloudy gives it the terminal and waits.
  public var takesTerminal: Bool

  public init(arguments: [String], takesTerminal: Bool) {
    self.arguments = arguments
    self.takesTerminal = takesTerminal
  }

  /// Programs known to run in the terminal.
  public static let textBrowsers: Set<String> = [
    "lynx", "w3m", "elinks", "links", "links2", "browsh", "www-browser", "carbonyl",
  ]

  /// What to do with a URL.
  public enum Plan: Equatable, Sendable {
    /// Try these in order until one starts.
    case run([BrowserCommand])
    /// Nothing can open it here (SSH without a display or `BROWSER`): say so and copy it.
    case copyInstead
  }

  /// The plan for opening `url` in this environment.
  public static func plan(for url: String, environment: [String: String]) -> Plan {
    func isSet(_ name: String) -> Bool { !(environment[name] ?? "").isEmpty }
    let hasDisplay = isSet("DISPLAY") || isSet("WAYLAND_DISPLAY")
    if isSet("BROWSER") {
      let commands = parse(environment["BROWSER"]!, url: url).map { arguments in
        BrowserCommand(
          arguments: arguments, takesTerminal: !hasDisplay || textBrowsers.contains(baseName(arguments[0])))
      }
      if !commands.isEmpty { return .run(commands) }
    }
    if !hasDisplay, isSet("SSH_CONNECTION") || isSet("SSH_TTY") { return .copyInstead }
    // On a console without a display, xdg-open falls back to a text browser: give it the terminal.
    return .run([BrowserCommand(arguments: ["xdg-open", url], takesTerminal: !hasDisplay)])
  }

  /// The argument lists a `BROWSER` value names for `url`, empty entries skipped.
  public static func parse(_ value: String, url: String) -> [[String]] {
    value.split(separator: ":", omittingEmptySubsequences: true).compactMap { entry in
      let words = entry.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
      guard !words.isEmpty else { return nil }
      var substituted = false
      let arguments = words.map { word -> String in
        guard word.contains("%") else { return word }
        var result = ""
        var iterator = word.makeIterator()
        while let character = iterator.next() {
          guard character == "%" else {
            result.append(character)
            continue
          }
          switch iterator.next() {
          case "s":
            result += url
            substituted = true
          case "%": result.append("%")
          case let other?: result += "%" + String(other)
          case nil: result.append("%")
          }
        }
        return result
      }
      return substituted ? arguments : arguments + [url]
    }
  }

  private static func baseName(_ path: String) -> String {
    String(path.split(separator: "/").last ?? Substring(path))
  }
}
