/// Turns what ncurses reads into keys, decoding the escape sequences it leaves undecoded.
///
/// ncurses decodes the sequences its terminfo entry lists; anything else arrives as ESC
/// followed by plain characters. A lone ESC is Esc; ESC and a character is Alt plus that
/// character (Alt-b/f/d/Backspace edit by words, others are ignored); a CSI or SS3 sequence is
/// decoded whatever the terminfo entry says (every common Home, End, Delete, PgUp, PgDn,
/// arrow and F-key form) or ignored — never taken as Esc. A bracketed paste
/// (`ESC [ 200 ~` … `ESC [ 201 ~`) becomes one ``Key/paste(_:)`` with its line breaks removed.
struct InputParser {
  /// One value `wget_wch` returned: a character, or a key code when `isKeyCode`.
  struct Raw: Equatable {
    var value: UInt32
    var isKeyCode: Bool

    static func character(_ scalar: Unicode.Scalar) -> Raw { Raw(value: scalar.value, isKeyCode: false) }
  }

  private static let escape: UInt32 = 27
  /// Longer CSI sequences are dropped unread: no key or paste marker is near this long.
  private static let longestSequence = 32
  /// A paste keeps at most this many characters (a field holds one name or URL).
  static let longestPaste = 65_536
  /// The characters after an ESC, while a sequence is read.
  private var sequence: [UInt32]?
  /// The text of a bracketed paste being read.
  private var pasted: String?
  /// How many characters ``pasted`` holds.
  private var pastedCount = 0

  /// True inside a bracketed paste: the rest of it may still be on its way.
  var isInPaste: Bool { pasted != nil }

  /// Decodes one value; returns what it completes (possibly nothing yet).
  mutating func feed(_ raw: Raw) -> [KeyDecoder.Input] {
    if raw.isKeyCode {
      // A key ncurses decoded ends any sequence in progress (ESC then a known key is Alt
      // plus that key: Alt-←/→ move by words).
      // An unfinished sequence before it is dropped.
      let alt = sequence == []
      sequence = nil
      let input = KeyDecoder.decode(raw.value, isKeyCode: true)
      if pasted != nil { return [] }  // keys inside a paste are not typed
      switch input {
      case .key(.left) where alt: return [.key(.wordLeft)]
      case .key(.right) where alt: return [.key(.wordRight)]
      // Alt-Backspace, where terminfo's kbs (DEL) made ncurses decode the Backspace.
      case .key(.backspace) where alt: return [.key(.deleteWordBackward)]
      case .key(.delete) where alt: return [.key(.deleteWordForward)]
      // Esc, then a key with no Alt meaning (a mouse report, say) that came right after it.
      default: return alt ? [.key(.escape), input] : [input]
      }
    }
    if var current = sequence {
      if raw.value == Self.escape, current.isEmpty {
        // ESC ESC: the first is Esc (outside a paste); the second starts again.
        sequence = []
        return pasted == nil ? [.key(.escape)] : []
      }
      // An overlong CSI keeps only its start (no key is that long); the rest up to its final
      // byte is swallowed, never typed.
      if current.count >= Self.longestSequence, current.first == 0x5B, (0x20...0x3F).contains(raw.value) { return [] }
      current.append(raw.value)
      sequence = current
      return advance(current)
    }
    if raw.value == Self.escape {
      sequence = []
      return []
    }
    if pasted != nil {
      appendToPaste(raw.value)
      return []
    }
    return [KeyDecoder.decode(raw.value, isKeyCode: false)]
  }

  /// The end of what the terminal had sent: a lone ESC is Esc (ncurses already waited its
  /// escape delay for more), ESC and `O` or `[` alone are Alt-O and Alt-[; an unfinished CSI
  /// is dropped. Inside a paste an unfinished sequence is kept: it may be the start of the
  /// end marker, whose rest is in the next read.
  mutating func flush() -> [KeyDecoder.Input] {
    guard let current = sequence else { return [] }
    if pasted != nil { return [] }  // the paste's end marker may still come
    sequence = nil
    switch current {
    case []: return [.key(.escape)]
    case [0x4F], [0x5B]: return [.key(.alt(Character(Unicode.Scalar(current[0])!)))]
    default: return []
    }
  }

  /// Ends a paste whose end marker never came (the terminal stopped sending): what arrived
  /// is delivered.
  mutating func finishPaste() -> [KeyDecoder.Input] {
    guard let text = pasted else { return [] }
    pasted = nil
    sequence = nil
    return text.isEmpty ? [] : [.key(.paste(text))]
  }

  // MARK: - Sequences

  /// Looks at the characters after an ESC so far; returns the inputs once the sequence is
  /// complete (it is then cleared), nothing while it is not.
  private mutating func advance(_ current: [UInt32]) -> [KeyDecoder.Input] {
    let first = current[0]
    if pasted != nil, first != 0x5B {
      // Inside a paste only CSI matters (the end marker); an ESC and anything else is text.
      sequence = nil
      for value in current { appendToPaste(value) }
      return []
    }
    switch first {
    case 0x5B:  // [ : CSI, up to its final byte
      guard current.count > 1, let final = current.last else { return [] }
      if (0x20...0x3F).contains(final) { return [] }  // parameters and intermediates go on
      guard (0x40...0x7E).contains(final) else {
        sequence = nil  // not a CSI after all: dropped
        return []
      }
      sequence = nil
      let parameters = String(
        decoding: current.dropFirst().dropLast().map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self)
      return csi(parameters: parameters, final: Unicode.Scalar(final)!)
    case 0x4F:  // O : SS3, one final character
      guard current.count == 2 else { return [] }
      sequence = nil
      return ss3(Unicode.Scalar(current[1]) ?? " ")
    default:
      sequence = nil
      return [alt(first)]
    }
  }

  /// ESC then one character: Alt plus that character.
  private func alt(_ value: UInt32) -> KeyDecoder.Input {
    switch value {
    case 8, 127: return .key(.deleteWordBackward)
    case 0x62: return .key(.wordLeft)  // b
    case 0x66: return .key(.wordRight)  // f
    case 0x64: return .key(.deleteWordForward)  // d
    case 0..<0x20, 0x80...0x9F: return .ignored
    default:
      guard let scalar = Unicode.Scalar(value) else { return .ignored }
      return .key(.alt(Character(scalar)))
    }
  }

  private mutating func csi(parameters: String, final: Unicode.Scalar) -> [KeyDecoder.Input] {
    let fields = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
    let number = fields.first.flatMap { $0 }
    let modified = fields.count > 1 && (fields[1] ?? 1) > 1
    if pasted != nil {
      if final == "~", number == 201 { return finishPaste() }
      // Any other sequence inside a paste is text the terminal passed through, counted
      // against the paste's limit like any other text.
      for scalar in ("[" + parameters).unicodeScalars { appendToPaste(scalar.value) }
      appendToPaste(final.value)
      return []
    }
    switch final {
    case "A": return [.key(.up)]
    case "B": return [.key(.down)]
    case "C": return [.key(modified ? .wordRight : .right)]
    case "D": return [.key(modified ? .wordLeft : .left)]
    case "H": return [.key(.home)]
    case "F": return [.key(.end)]
    case "Z": return [.key(.backTab)]
    case "~":
      switch number {
      case 1, 7: return [.key(.home)]
      case 4, 8: return [.key(.end)]
      case 3: return [.key(modified ? .deleteWordForward : .delete)]
      case 5: return [.key(.pageUp)]
      case 6: return [.key(.pageDown)]
      case 200:
        pasted = ""
        pastedCount = 0
        return []
      case .some(let n) where (11...15).contains(n): return [.key(.function(n - 10))]
      case .some(let n) where (17...21).contains(n): return [.key(.function(n - 11))]
      case 23: return [.key(.function(11))]
      case 24: return [.key(.function(12))]
      default: return [.ignored]
      }
    default: return [.ignored]
    }
  }

  private func ss3(_ final: Unicode.Scalar) -> [KeyDecoder.Input] {
    switch final {
    case "A": [.key(.up)]
    case "B": [.key(.down)]
    case "C": [.key(.right)]
    case "D": [.key(.left)]
    case "H": [.key(.home)]
    case "F": [.key(.end)]
    case "M": [.key(.enter)]
    case "P": [.key(.function(1))]
    case "Q": [.key(.function(2))]
    case "R": [.key(.function(3))]
    case "S": [.key(.function(4))]
    default: [.ignored]
    }
  }

  private mutating func appendToPaste(_ value: UInt32) {
    guard pasted != nil, pastedCount < Self.longestPaste else { return }
    pastedCount += 1
    // Line breaks are removed; a tab becomes a space; other controls are dropped later by
    // the field (which never takes a control character).
    switch value {
    case 10, 13: return
    case 9: pasted?.append(" ")
    default:
      if let scalar = Unicode.Scalar(value) { pasted?.unicodeScalars.append(scalar) }
    }
  }
}
