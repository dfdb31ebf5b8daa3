/// A pane captured with `capture-pane -e`, parsed into cells with the attributes a
/// person sees: bold, dim, underline, reverse video, and foreground/background colours.
///
/// tmux writes an SGR sequence only where the attributes change, carrying the state from
/// one line to the next, so the parser does the same.
struct StyledScreen {
  struct Attributes: Equatable, CustomStringConvertible {
    var bold = false
    var dim = false
    var italic = false
    var underline = false
    var reverse = false
    /// The foreground colour as its SGR parameters (`31`, `38;5;1` …); nil for the default.
    var foreground: String?
    var background: String?

    var description: String {
      var parts: [String] = []
      if bold { parts.append("bold") }
      if dim { parts.append("dim") }
      if italic { parts.append("italic") }
      if underline { parts.append("underline") }
      if reverse { parts.append("reverse") }
      if let foreground { parts.append("fg=\(foreground)") }
      if let background { parts.append("bg=\(background)") }
      return parts.isEmpty ? "plain" : parts.joined(separator: ",")
    }
  }

  struct Cell {
    var character: Character
    /// The first terminal column the character takes.
    var column: Int
    /// 1, or 2 for a wide character.
    var width: Int
    var attributes: Attributes
  }

  /// The rows, each the cells tmux reported (trailing blanks may be left out).
  let rows: [[Cell]]
  /// The raw capture, for failure messages.
  let raw: String

  init(parsing text: String) {
    raw = text
    var rows: [[Cell]] = []
    var current: [Cell] = []
    var column = 0
    var attributes = Attributes()
    var scalars = Array(text.unicodeScalars)[...]
    var pending = String.UnicodeScalarView()

    func flushCharacters() {
      for character in String(pending) {
        let width = TerminalWidth.of(character)
        current.append(Cell(character: character, column: column, width: width, attributes: attributes))
        column += width
      }
      pending = String.UnicodeScalarView()
    }

    while let scalar = scalars.popFirst() {
      switch scalar {
      case "\u{1B}":
        flushCharacters()
        guard let kind = scalars.popFirst() else { break }
        if kind == "[" {
          var parameters = ""
          while let next = scalars.popFirst() {
            if (0x40...0x7E).contains(next.value) {
              if next == "m" { Self.apply(parameters, to: &attributes) }
              break
            }
            parameters.unicodeScalars.append(next)
          }
        } else if kind == "]" {
          // OSC: skip to BEL or ST.
          while let next = scalars.popFirst() {
            if next == "\u{07}" { break }
            if next == "\u{1B}" {
              _ = scalars.popFirst()
              break
            }
          }
        } else if kind == "(" || kind == ")" {
          _ = scalars.popFirst()
        }
      case "\n":
        flushCharacters()
        rows.append(current)
        current = []
        column = 0
      default:
        pending.append(scalar)
      }
    }
    flushCharacters()
    if !current.isEmpty { rows.append(current) }
    self.rows = rows
  }

  /// The text of a row, as tmux captured it.
  func text(row: Int) -> String {
    guard rows.indices.contains(row) else { return "" }
    return String(rows[row].map(\.character))
  }

  /// The cells of a row that show a visible character (not a blank).
  func visibleCells(row: Int) -> [Cell] {
    guard rows.indices.contains(row) else { return [] }
    return rows[row].filter { $0.character != " " }
  }

  /// The columns of a row covered by cells with the given property, as a set.
  func columns(row: Int, where predicate: (Attributes) -> Bool) -> Set<Int> {
    guard rows.indices.contains(row) else { return [] }
    var result = Set<Int>()
    for cell in rows[row] where predicate(cell.attributes) {
      for offset in 0..<max(1, cell.width) { result.insert(cell.column + offset) }
    }
    return result
  }

  /// The columns of a row covered by cells with the given property, as readable
  /// ranges (`0–78`, `none`).
  func ranges(row: Int, where predicate: (Attributes) -> Bool) -> String {
    Self.describe(columns(row: row, where: predicate))
  }

  /// Columns as readable ranges, e.g. `0–78` or `2–4, 9`.
  static func describe(_ columns: Set<Int>) -> String {
    var parts: [String] = []
    var start: Int?
    var previous = -2
    for column in columns.sorted() {
      if column != previous + 1 {
        if let start { parts.append(start == previous ? "\(start)" : "\(start)–\(previous)") }
        start = column
      }
      previous = column
    }
    if let start { parts.append(start == previous ? "\(start)" : "\(start)–\(previous)") }
    return parts.isEmpty ? "none" : parts.joined(separator: ", ")
  }

  private static func apply(_ parameters: String, to attributes: inout Attributes) {
    var codes = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }[...]
    if codes.isEmpty { codes = [0] }
    while let code = codes.popFirst() {
      switch code {
      case 0: attributes = Attributes()
      case 1: attributes.bold = true
      case 2: attributes.dim = true
      case 3: attributes.italic = true
      case 4: attributes.underline = true
      case 7: attributes.reverse = true
      case 22:
        attributes.bold = false
        attributes.dim = false
      case 23: attributes.italic = false
      case 24: attributes.underline = false
      case 27: attributes.reverse = false
      case 30...37, 90...97: attributes.foreground = "\(code)"
      case 39: attributes.foreground = nil
      case 40...47, 100...107: attributes.background = "\(code)"
      case 49: attributes.background = nil
      case 38, 48:
        // 38;5;n or 38;2;r;g;b (and the same for the background).
        var colour = "\(code)"
        if let mode = codes.popFirst() {
          colour += ";\(mode)"
          let count = mode == 5 ? 1 : mode == 2 ? 3 : 0
          for _ in 0..<count { colour += ";\(codes.popFirst() ?? 0)" }
        }
        if code == 38 { attributes.foreground = colour } else { attributes.background = colour }
      default: break
      }
    }
  }
}

/// How many columns a terminal gives a character: 2 for East Asian wide and emoji,
/// 0 for combining marks, else 1. Independent of the app's own table on purpose.
enum TerminalWidth {
  static func of(_ character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    if character.unicodeScalars.contains("\u{FE0F}"), first.properties.isEmoji { return 2 }
    switch first.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    let value = first.value
    let wide: [ClosedRange<UInt32>] = [
      0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
      0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
    ]
    return wide.contains { $0.contains(value) } ? 2 : 1
  }

  static func of(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + of($1) }
  }
}
