/// A streaming tokenizer for Netscape bookmark files, which are HTML-like but not valid
/// HTML: tags are matched case-insensitively, attributes may come in any order, quoted
/// with `"` or `'` or not at all, and unclosed `<DT>`, `<p>` and `<DD>` are fine.
///
/// Bytes arrive in chunks of any size (a token may straddle chunks); memory stays bounded by
/// the longest *kept* value, because values of attributes nobody reads (`ICON` data can be
/// hundreds of kilobytes) are skipped byte by byte without being stored.
struct NetscapeTokenizer {
  private enum State {
    case text
    case tagOpen
    case tagName
    case beforeAttribute
    case attributeName
    case afterAttributeName
    case beforeValue
    case quotedValue(UInt8)
    case unquotedValue
    case markup
    case markupDash
    case comment(dashes: Int)
    case bogus
  }

  private var state = State.text
  /// The current line, 1-based.
  private(set) var line = 1
  private var tagLine = 1
  private var isEndTag = false
  private var name: [UInt8] = []
  private var tag = NetscapeTag.other
  private var attributes = NetscapeAttributes()
  private var attributeName: [UInt8] = []
  private var valueKey: NetscapeAttributes.Key?
  private var value: [UInt8] = []
  private var text: [UInt8] = []
  /// Whether anything tag-like (`<A`, `<DL`, a doctype) has been seen.
  private(set) var sawMarkup = false

  private static let lessThan = UInt8(ascii: "<")
  private static let greaterThan = UInt8(ascii: ">")
  private static let newline = UInt8(ascii: "\n")

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }

  private static func lowercased(_ byte: UInt8) -> UInt8 {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
  }

  /// Keeps what fits of `bytes` under ``NetscapeLimits/maximumValueBytes``, and one byte
  /// more, so a value over the limit is seen to be over it: a 16 MB name costs no more
  /// memory than a long one (and is refused by the limits the import applies).
  private static func keep(_ bytes: UnsafeBufferPointer<UInt8>, in kept: inout [UInt8]) {
    let room = NetscapeLimits.maximumValueBytes + 1 - kept.count
    guard room > 0 else { return }
    kept.append(contentsOf: bytes.prefix(room))
  }

  /// Tokenizes one chunk, sending tokens to `sink` as they complete.
  mutating func feed<Sink: NetscapeTokenSink>(_ bytes: UnsafeBufferPointer<UInt8>, into sink: inout Sink) throws {
    var index = 0
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if byte == 0 { throw BookmarkFileError.binary(line: line) }
      switch state {
      case .text:
        // Fast path: run to the next `<`, keeping the text only if it is wanted.
        let wanted = sink.wantsText
        var end = index
        while end < count, bytes[end] != Self.lessThan {
          let b = bytes[end]
          if b == Self.newline {
            line += 1
          } else if b == 0 {
            throw BookmarkFileError.binary(line: line)
          }
          end += 1
        }
        if wanted, end > index { Self.keep(UnsafeBufferPointer(rebasing: bytes[index..<end]), in: &text) }
        if end < count {
          state = .tagOpen
          tagLine = line
          index = end + 1
        } else {
          index = end
        }
        continue
      case .tagOpen:
        if Self.isLetter(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "!") || byte == UInt8(ascii: "?") {
          try flushText(into: &sink)
          sawMarkup = true
          switch byte {
          case UInt8(ascii: "/"):
            isEndTag = true
            name.removeAll(keepingCapacity: true)
            state = .tagName
          case UInt8(ascii: "!"): state = .markup
          case UInt8(ascii: "?"): state = .bogus
          default:
            isEndTag = false
            name.removeAll(keepingCapacity: true)
            name.append(Self.lowercased(byte))
            state = .tagName
          }
        } else {
          // A lone `<` is text.
          if sink.wantsText, text.count <= NetscapeLimits.maximumValueBytes { text.append(Self.lessThan) }
          state = .text
          continue  // reprocess this byte as text
        }
      case .tagName:
        if Self.isSpace(byte) || byte == UInt8(ascii: "/") || byte == Self.greaterThan {
          tag = NetscapeTag(lowercasedName: name)
          attributes = NetscapeAttributes()
          if byte == Self.greaterThan {
            try emitTag(into: &sink)
          } else {
            state = .beforeAttribute
          }
        } else if name.count < 16 {
          name.append(Self.lowercased(byte))
        }
      case .beforeAttribute:
        if byte == Self.greaterThan {
          try emitTag(into: &sink)
        } else if !Self.isSpace(byte) && byte != UInt8(ascii: "/") {
          attributeName.removeAll(keepingCapacity: true)
          attributeName.append(Self.lowercased(byte))
          state = .attributeName
        }
      case .attributeName:
        if byte == UInt8(ascii: "=") {
          startValue()
          state = .beforeValue
        } else if byte == Self.greaterThan {
          try emitTag(into: &sink)
        } else if Self.isSpace(byte) || byte == UInt8(ascii: "/") {
          state = .afterAttributeName
        } else if attributeName.count < 32 {
          attributeName.append(Self.lowercased(byte))
        }
      case .afterAttributeName:
        if byte == UInt8(ascii: "=") {
          startValue()
          state = .beforeValue
        } else if byte == Self.greaterThan {
          try emitTag(into: &sink)
        } else if !Self.isSpace(byte) && byte != UInt8(ascii: "/") {
          attributeName.removeAll(keepingCapacity: true)
          attributeName.append(Self.lowercased(byte))
          state = .attributeName
        }
      case .beforeValue:
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
          state = .quotedValue(byte)
        } else if byte == Self.greaterThan {
          finishValue()
          try emitTag(into: &sink)
        } else if !Self.isSpace(byte) {
          state = .unquotedValue
          continue  // reprocess as the value's first byte
        }
      case .quotedValue(let quote):
        // Fast path: run to the closing quote; store the bytes only for a kept attribute.
        var end = index
        while end < count, bytes[end] != quote {
          let b = bytes[end]
          if b == Self.newline {
            line += 1
          } else if b == 0 {
            throw BookmarkFileError.binary(line: line)
          }
          end += 1
        }
        if valueKey != nil, end > index { Self.keep(UnsafeBufferPointer(rebasing: bytes[index..<end]), in: &value) }
        if end < count {
          finishValue()
          state = .beforeAttribute
          index = end + 1
        } else {
          index = end
        }
        continue
      case .unquotedValue:
        if Self.isSpace(byte) {
          finishValue()
          state = .beforeAttribute
        } else if byte == Self.greaterThan {
          finishValue()
          try emitTag(into: &sink)
        } else if valueKey != nil, value.count <= NetscapeLimits.maximumValueBytes {
          value.append(byte)
        }
      case .markup:
        state = byte == UInt8(ascii: "-") ? .markupDash : (byte == Self.greaterThan ? .text : .bogus)
      case .markupDash:
        state = byte == UInt8(ascii: "-") ? .comment(dashes: 0) : (byte == Self.greaterThan ? .text : .bogus)
      case .comment(let dashes):
        if byte == Self.greaterThan && dashes >= 2 {
          state = .text
        } else {
          state = .comment(dashes: byte == UInt8(ascii: "-") ? dashes + 1 : 0)
        }
      case .bogus:
        if byte == Self.greaterThan { state = .text }
      }
      if byte == Self.newline { line += 1 }
      index += 1
    }
  }

  /// Ends the input: sends the last text, or fails if the file stops inside a tag.
  mutating func finish<Sink: NetscapeTokenSink>(into sink: inout Sink) throws {
    switch state {
    case .text, .tagOpen:
      try flushText(into: &sink)
    default:
      throw BookmarkFileError.truncatedTag(line: tagLine)
    }
  }

  private mutating func startValue() {
    valueKey =
      !isEndTag && (tag == .anchor || tag == .heading || tag == .bookmark)
      ? NetscapeAttributes.Key(lowercasedName: attributeName) : nil
    value.removeAll(keepingCapacity: true)
  }

  private mutating func finishValue() {
    // The first of repeated attributes wins, as in HTML.
    if let key = valueKey, attributes[key] == nil { attributes[key] = value }
    valueKey = nil
  }

  private mutating func emitTag<Sink: NetscapeTokenSink>(into sink: inout Sink) throws {
    state = .text
    if isEndTag {
      try sink.receive(.end(NetscapeTag(lowercasedName: name), line: tagLine))
    } else {
      try sink.receive(.start(tag, attributes, line: tagLine))
    }
  }

  private mutating func flushText<Sink: NetscapeTokenSink>(into sink: inout Sink) throws {
    guard !text.isEmpty else { return }
    let pending = text
    text.removeAll(keepingCapacity: true)
    try sink.receive(.text(pending))
  }
}
