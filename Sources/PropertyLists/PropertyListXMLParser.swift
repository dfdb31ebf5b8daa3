import Foundation

/// A parser for the XML property-list format that reads the bytes in place: a value's text
/// is found with `memchr` and made into a `String` once, from the bytes (entities decoded
/// only where an `&` is), element names are matched as bytes, dictionary keys that repeat
/// (every bookmark's `id`, `url`, …) are compared rather than made again, and a date is read
/// from its bytes. CDATA is left to Foundation (see ``PropertyListReader/read(_:)``).
///
/// It borrows the bytes: make one with ``withParser(over:_:)``.
struct PropertyListXMLParser {
  private let bytes: UnsafeBufferPointer<UInt8>
  private(set) var index = 0
  /// How many non-empty arrays and dictionaries enclose the parser.
  private var depth = 0
  private var keys = InternedKeys()

  private init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Runs `body` with a parser over `data`'s bytes, which it must not keep.
  static func withParser<T>(over data: Data, _ body: (inout PropertyListXMLParser) throws -> T) rethrows -> T {
    try data.withUnsafeBytes { raw in
      var parser = PropertyListXMLParser(bytes: raw.assumingMemoryBound(to: UInt8.self))
      return try body(&parser)
    }
  }

  mutating func parseDocument() throws -> PropertyList {
    skipMisc()
    guard startsWith("<plist") else { throw PropertyListError("no <plist> element") }
    let selfClosing = try skipTag()
    if selfClosing { throw PropertyListError("empty <plist>") }
    let value = try parseValue()
    skipMisc()
    guard consume("</plist>") else { throw PropertyListError("expected </plist>") }
    skipMisc()
    guard index == bytes.count else { throw PropertyListError("content after </plist>") }
    return value
  }

  mutating func parseElement() throws -> PropertyList {
    let value = try parseValue()
    skipMisc()
    guard index == bytes.count else { throw PropertyListError("content after the value") }
    return value
  }

  // MARK: - Entries

  mutating func parseEntriesDocument(
    key wanted: String, restart: () -> Void, entry: ([(key: String, value: PropertyList)]) -> Bool,
    otherKey: (String, PropertyList) -> Void
  ) throws -> Int {
    skipMisc()
    guard startsWith("<plist") else { throw PropertyListError("no <plist> element") }
    if try skipTag() { throw PropertyListError("empty <plist>") }
    skipMisc()
    var unreadable = 0
    if !consume("<dict/>") {
      guard consume("<dict>") else { throw PropertyListError("not a dictionary") }
      // Nesting is counted as the general reader counts it, so both refuse the same values.
      try enter()
      defer { depth -= 1 }
      var seen = false
      while true {
        skipMisc()
        if consume("</dict>") { break }
        let key = try dictionaryKey()
        skipMisc()
        if key != wanted {
          otherKey(key, try parseValue())
          continue
        }
        // A later duplicate key wins, as in a dictionary.
        if seen { restart() }
        seen = true
        if consume("<array/>") {
          unreadable = 0
        } else {
          guard consume("<array>") else { throw PropertyListError("not an array") }
          unreadable = try parseEntryArray(entry)
        }
      }
    }
    skipMisc()
    guard consume("</plist>") else { throw PropertyListError("expected </plist>") }
    skipMisc()
    guard index == bytes.count else { throw PropertyListError("content after </plist>") }
    return unreadable
  }

  /// The array's items after `<array>`; returns how many are not entries.
  private mutating func parseEntryArray(_ entry: ([(key: String, value: PropertyList)]) -> Bool) throws -> Int {
    try enter()
    defer { depth -= 1 }
    var unreadable = 0
    // One buffer for every entry's keys and values.
    var fields: [(key: String, value: PropertyList)] = []
    while true {
      skipMisc()
      if consume("</array>") { return unreadable }
      if consume("<dict>") {
        fields.removeAll(keepingCapacity: true)
        try parseEntryDictionary(into: &fields)
        if !entry(fields) { unreadable += 1 }
      } else if startsWith("<dict"), !startsWith("<dict/>") {
        throw PropertyListError("a <dict> with attributes")  // left to the general reader
      } else {
        _ = try parseValue()  // not a dictionary, or an empty one: not an entry
        unreadable += 1
      }
    }
  }

  /// One entry's keys and values after `<dict>`, in document order.
  private mutating func parseEntryDictionary(into fields: inout [(key: String, value: PropertyList)]) throws {
    try enter()
    defer { depth -= 1 }
    while true {
      skipMisc()
      if consume("</dict>") { break }
      let key = try dictionaryKey()
      let value = try parseValue()
      fields.append((key, value))
    }
  }

  private mutating func dictionaryKey() throws -> String {
    if consume("<key/>") { return "" }
    guard consume("<key>") else { throw PropertyListError("expected <key>") }
    let range = try rawText(closing: "</key>", validating: false)
    let raw = slice(range)
    if let known = keys.lookUp(raw) { return known }
    guard raw.isValidUTF8 else { throw PropertyListError("invalid UTF-8", cannotKeepExactly: true) }
    let key = try string(range)
    if !raw.contains(ampersand) { keys.remember(raw, as: key) }
    return key
  }

  // MARK: - Values

  /// The elements of the format, told apart by their names' bytes.
  private enum Element {
    case dict, array, string, `true`, `false`, integer, real, date, data, unknown

    init(_ name: UnsafeBufferPointer<UInt8>) {
      func named(_ text: StaticString) -> Bool {
        name.count == text.utf8CodeUnitCount && memcmp(name.baseAddress!, text.utf8Start, name.count) == 0
      }
      switch name.count {
      case 4:
        self =
          named("dict")
          ? .dict
          : named("true")
            ? .true
            : named("real")
              ? .real
              : named("date")
                ? .date
                : named("data") ? .data : .unknown
      case 5: self = named("array") ? .array : named("false") ? .false : .unknown
      case 6: self = named("string") ? .string : .unknown
      case 7: self = named("integer") ? .integer : .unknown
      default: self = .unknown
      }
    }
  }

  private mutating func parseValue() throws -> PropertyList {
    skipMisc()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else { throw PropertyListError("expected a value") }
    let nameStart = index + 1
    var nameEnd = nameStart
    while nameEnd < bytes.count, Self.isNameByte(bytes[nameEnd]) { nameEnd += 1 }
    let name = slice(nameStart..<nameEnd)
    let element = Element(name)
    index = nameStart
    let empty = try skipTag()
    switch element {
    case .dict: return empty ? .dictionary([:]) : try parseDictionary()
    case .array: return empty ? .array([]) : try parseArray()
    case .string: return .string(empty ? "" : try text(closing: "</string>"))
    case .true, .false:
      let value = element == .true
      if !empty {
        guard consume(value ? "</true>" : "</false>") else { throw PropertyListError("expected </\(value)>") }
      }
      return .bool(value)
    case .integer:
      let text = empty ? "" : try text(closing: "</integer>")
      let trimmed = Self.trimmed(text)
      if let value = Int(trimmed) { return .integer(value) }
      if trimmed.hasPrefix("0x"), let value = Int(trimmed.dropFirst(2), radix: 16) { return .integer(value) }
      let digits = trimmed.drop { $0 == "-" || $0 == "+" }
      throw PropertyListError(
        "bad integer “\(text)”", cannotKeepExactly: !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber })
    case .real:
      let text = empty ? "" : try text(closing: "</real>")
      guard let value = Double(Self.trimmed(text)) else { throw PropertyListError("bad real “\(text)”") }
      return .real(value)
    case .date:
      return .date(try date(empty: empty))
    case .data:
      let text = empty ? "" : try text(closing: "</data>")
      guard let data = Data(base64Encoded: text.filter { !$0.isWhitespace }) else {
        throw PropertyListError("bad data")
      }
      return .data(data)
    case .unknown:
      throw PropertyListError("unknown element <\(String(decoding: name, as: UTF8.self))>")
    }
  }

  /// A date's text after its start tag. The common case — the twenty bytes of the form,
  /// nothing around them, no entity — is read from the bytes; anything else as text.
  private mutating func date(empty: Bool) throws -> Date {
    var text = ""
    if !empty {
      let range = try rawText(closing: "</date>", validating: true)
      let raw = slice(range)
      if raw.count == 20, Self.isPrintableASCII(raw[0]), Self.isPrintableASCII(raw[19]), !raw.contains(ampersand),
        let date = ISO8601.parse(raw)
      {
        return date
      }
      text = try string(range)
    }
    let bytes = Array(Self.trimmed(text).utf8)
    guard let date = ISO8601.parse(bytes) else {
      // A field out of range (`9999-12-31T23:59:60Z`) is not left to Foundation, which
      // rolls it into another date.
      throw PropertyListError("bad date “\(text)”", cannotKeepExactly: ISO8601.hasForm(bytes))
    }
    return date
  }

  /// Goes one array or dictionary deeper, or throws when that is too deep.
  private mutating func enter() throws {
    guard depth < PropertyListReader.maximumDepth else { throw PropertyListError.tooDeep }
    depth += 1
  }

  private mutating func parseDictionary() throws -> PropertyList {
    try enter()
    defer { depth -= 1 }
    var result: [String: PropertyList] = [:]
    while true {
      skipMisc()
      if consume("</dict>") { return .dictionary(result) }
      let key = try dictionaryKey()
      result[key] = try parseValue()
    }
  }

  private mutating func parseArray() throws -> PropertyList {
    try enter()
    defer { depth -= 1 }
    var items: [PropertyList] = []
    while true {
      skipMisc()
      if consume("</array>") { return .array(items) }
      items.append(try parseValue())
    }
  }

  // MARK: - Text

  private let ampersand = UInt8(ascii: "&")

  /// The character data up to the next `<`, which must begin `closing` (consumed); checked
  /// as UTF-8 if `validating`. Errors in that order, as ever.
  private mutating func rawText(closing: StaticString, validating: Bool) throws -> Range<Int> {
    let start = index
    index = firstIndex(of: UInt8(ascii: "<"), from: index) ?? bytes.count
    let range = start..<index
    guard consume(closing) else { throw PropertyListError("expected \(closing)") }
    if validating, !slice(range).isValidUTF8 { throw PropertyListError("invalid UTF-8", cannotKeepExactly: true) }
    return range
  }

  /// Character data up to `closing`, entities decoded.
  private mutating func text(closing: StaticString) throws -> String {
    try string(rawText(closing: closing, validating: true))
  }

  /// The text of valid UTF-8 bytes, entities decoded.
  private func string(_ range: Range<Int>) throws -> String {
    let raw = slice(range)
    return raw.contains(ampersand) ? try decodeEntities(raw) : String(decoding: raw, as: UTF8.self)
  }

  private func decodeEntities(_ raw: UnsafeBufferPointer<UInt8>) throws -> String {
    var out: [UInt8] = []
    out.reserveCapacity(raw.count)
    var i = 0
    while i < raw.count {
      guard let ampersand = raw[i...].firstIndex(of: ampersand) else {
        out.append(contentsOf: raw[i...])
        break
      }
      out.append(contentsOf: raw[i..<ampersand])
      guard let semicolon = raw[ampersand...].firstIndex(of: UInt8(ascii: ";")) else {
        throw PropertyListError("bad entity")
      }
      let name = UnsafeBufferPointer(rebasing: raw[(ampersand + 1)..<semicolon])
      if let byte = Self.namedEntity(name) {
        out.append(byte)
      } else {
        let name = String(decoding: name, as: UTF8.self)
        let value: UInt32?
        if name.hasPrefix("#x") || name.hasPrefix("#X") {
          value = UInt32(name.dropFirst(2), radix: 16)
        } else if name.hasPrefix("#") {
          value = UInt32(name.dropFirst())
        } else {
          value = nil
        }
        guard let value, let scalar = Unicode.Scalar(value) else { throw PropertyListError("bad entity &\(name);") }
        UTF8.encode(scalar) { out.append($0) }
      }
      i = semicolon + 1
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The byte of XML's five named entities.
  private static func namedEntity(_ name: UnsafeBufferPointer<UInt8>) -> UInt8? {
    func named(_ text: StaticString) -> Bool {
      name.count == text.utf8CodeUnitCount && memcmp(name.baseAddress!, text.utf8Start, name.count) == 0
    }
    switch name.count {
    case 2: return named("lt") ? UInt8(ascii: "<") : named("gt") ? UInt8(ascii: ">") : nil
    case 3: return named("amp") ? UInt8(ascii: "&") : nil
    case 4: return named("quot") ? UInt8(ascii: "\"") : named("apos") ? UInt8(ascii: "'") : nil
    default: return nil
    }
  }

  /// A number's or date's text without the white space around it. Such text seldom has
  /// any, so Unicode's properties are looked up only when an end byte could begin some.
  private static func trimmed(_ text: String) -> String {
    let utf8 = text.utf8
    guard let first = utf8.first, let last = utf8.last else { return text }
    if isPrintableASCII(first), isPrintableASCII(last) { return text }
    return text.trimmingWhitespace()
  }

  /// A byte from `!` to `~`: it begins and ends no white space.
  private static func isPrintableASCII(_ byte: UInt8) -> Bool { (0x21..<0x7F).contains(byte) }

  // MARK: - Lexing

  private func slice(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: bytes[range])
  }

  private func firstIndex(of byte: UInt8, from start: Int) -> Int? {
    guard start < bytes.count, let base = bytes.baseAddress,
      let found = memchr(base + start, Int32(byte), bytes.count - start)
    else { return nil }
    return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
  }

  /// Skips a start tag from its `<` (attributes included); returns whether it was `<…/>`.
  private mutating func skipTag() throws -> Bool {
    guard let close = firstIndex(of: UInt8(ascii: ">"), from: index) else { throw PropertyListError("unclosed tag") }
    index = close + 1
    return bytes[close - 1] == UInt8(ascii: "/")
  }

  /// Skips white space, the XML declaration, the doctype and comments.
  private mutating func skipMisc() {
    while true {
      while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
      // Nearly always the next element: `<` and a letter or `/`.
      guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "<"),
        bytes[index + 1] == UInt8(ascii: "?") || bytes[index + 1] == UInt8(ascii: "!")
      else { return }
      if startsWith("<?") {
        skip(past: "?>")
      } else if startsWith("<!--") {
        skip(past: "-->")
      } else if startsWith("<!DOCTYPE") {
        skip(past: ">")
      } else {
        return
      }
    }
  }

  private mutating func skip(past pattern: StaticString) {
    while index < bytes.count {
      if startsWith(pattern) {
        index += pattern.utf8CodeUnitCount
        return
      }
      index += 1
    }
  }

  /// Whether the bytes at the index are `pattern`'s (a tag of a few bytes: compared here
  /// rather than by a call of `memcmp`).
  private func startsWith(_ pattern: StaticString) -> Bool {
    let count = pattern.utf8CodeUnitCount
    guard index + count <= bytes.count else { return false }
    let text = pattern.utf8Start
    for offset in 0..<count where bytes[index + offset] != text[offset] { return false }
    return true
  }

  private mutating func consume(_ pattern: StaticString) -> Bool {
    guard startsWith(pattern) else { return false }
    index += pattern.utf8CodeUnitCount
    return true
  }

  private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
  }
}
