import Foundation

/// An asciicast v2 recording as asciinema writes it: a JSON header line, then one JSON
/// array per event, `[seconds, "o" | "i", data]`.
struct Asciicast {
  /// One event: when, what kind (`o` output, `i` input), and the text.
  struct Event: Equatable {
    var time: Double
    var kind: String
    var data: String
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  var header: [String: Any]
  var events: [Event]

  /// Parses the file at `url`.
  init(contentsOf url: URL) throws {
    let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: true)
    guard let first = lines.first,
      let header = try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any]
    else { throw Failure(description: "\(url.path) has no asciicast header") }
    self.header = header
    events = try lines.dropFirst().map { line in
      guard let array = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any], array.count == 3,
        let time = (array[0] as? NSNumber)?.doubleValue, let kind = array[1] as? String,
        let data = array[2] as? String
      else { throw Failure(description: "\(url.path) has an event that is not [time, kind, data]: \(line)") }
      return Event(time: time, kind: kind, data: data)
    }
  }

  /// Everything the recorded program wrote, in order, without the timing.
  var output: String {
    events.filter { $0.kind == "o" }.map(\.data).joined()
  }

  /// The sequences that ask the terminal a question and make it answer on the program's
  /// input, where the answer would echo into a recording or arrive at a different moment
  /// each run: cursor position and status reports, device attributes, colour, mode and
  /// capability queries, window reports, the terminal's version.
  static let terminalQueries: [(name: String, pattern: String)] = [
    ("device status / cursor position report (DSR, CPR)", #"\x1B\[\??[0-9;]*n"#),
    ("device attributes (DA1, DA2, DA3)", #"\x1B\[[>=]?0?c"#),
    ("colour or palette query (OSC 4/10/11/12 …;?)", #"\x1B\][0-9]+;([0-9]+;)?\?(\x07|\x1B\\)"#),
    ("mode query (DECRQM)", #"\x1B\[\??[0-9]+\$p"#),
    ("capability or setting query (XTGETTCAP, DECRQSS)", #"\x1BP[+$]q"#),
    ("window report (XTWINOPS 11, 13–21)", #"\x1B\[(11|13|14|15|16|18|19|20|21)(;[0-9]*)*t"#),
    ("terminal version (XTVERSION)", #"\x1B\[>0?q"#),
    ("keyboard protocol query", #"\x1B\[\?u"#),
  ]

  /// The names of the queries found in `output`.
  static func queries(in output: String) -> [String] {
    terminalQueries.compactMap { query in
      let expression = try! NSRegularExpression(pattern: query.pattern)
      let range = NSRange(output.startIndex..., in: output)
      return expression.firstMatch(in: output, range: range) == nil ? nil : query.name
    }
  }
}
