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

  mutating func parseEntriesDocument<T: Sendable>(
    key wanted: String, splittingAbove threshold: Int, transform: @escaping @Sendable (Fields) -> T?
  ) throws -> (PropertyListEntries<T>, others: [String: PropertyList]) {
    skipMisc()
    guard startsWith("<plist") else { throw PropertyListError("no <plist> element") }
    if try skipTag() { throw PropertyListError("empty <plist>") }
    skipMisc()
    var result = PropertyListEntries<T>()
    var others: [String: PropertyList] = [:]
    if !consume("<dict/>") {
      guard consume("<dict>") else { throw PropertyListError("not a dictionary") }
      // Nesting is counted as the general reader counts it, so both refuse the same values.
      try enter()
      defer { depth -= 1 }
      while true {
        skipMisc()
        if consume("</dict>") { break }
        let key = try dictionaryKey()
        skipMisc()
        if key != wanted {
          others[key] = try parseValue()
          continue
        }
        // A later duplicate key wins, as in a dictionary.
        if consume("<array/>") {
          result = PropertyListEntries()
        } else {
          guard consume("<array>") else { throw PropertyListError("not an array") }
          result = try parseEntryArray(splittingAbove: threshold, transform)
        }
      }
    }
    skipMisc()
    guard consume("</plist>") else { throw PropertyListError("expected </plist>") }
    skipMisc()
    guard index == bytes.count else { throw PropertyListError("content after </plist>") }
    return (result, others)
  }

  typealias Fields = [(key: String, value: PropertyList)]

  /// The array's items after `<array>`. When more than `threshold` bytes are left, a second
  /// parser reads the items from a likely item past the middle on another thread while this
  /// one reads up to it. Its work is kept only if this parser, reading every item in order,
  /// lands exactly where it began (so it began at an item, and read what this one would
  /// have); otherwise this parser reads on alone. The result is the same either way.
  private mutating func parseEntryArray<T: Sendable>(
    splittingAbove threshold: Int, _ transform: @escaping @Sendable (Fields) -> T?
  ) throws -> PropertyListEntries<T> {
    try enter()
    defer { depth -= 1 }
    var result = PropertyListEntries<T>()
    guard let split = likelyItem(pastTheMiddle: threshold) else {
      _ = try parseItems(until: nil, into: &result, transform)
      return result
    }
    var second = self
    second.index = split
    let work = SecondHalf<T>(parser: second)
    let done = DispatchGroup()
    DispatchQueue.global(qos: .userInitiated).async(group: done) { work.run(transform) }
    // The second parser borrows the bytes: it has finished before this returns or throws.
    defer { done.wait() }
    let ended = try parseItems(until: split, into: &result, transform)
    if !ended, index == split {
      done.wait()
      let (entries, end) = try work.result!.get()
      result.entries += entries.entries
      result.unreadable += entries.unreadable
      index = end
    } else if !ended {
      _ = try parseItems(until: nil, into: &result, transform)
    }
    return result
  }

  /// The second half's parser and, once it has run, what it read and where it ended.
  private final class SecondHalf<T>: @unchecked Sendable {
    var parser: PropertyListXMLParser
    var result: Result<(PropertyListEntries<T>, end: Int), Error>?

    init(parser: PropertyListXMLParser) { self.parser = parser }

    func run(_ transform: (Fields) -> T?) {
      result = Result {
        var entries = PropertyListEntries<T>()
        _ = try parser.parseItems(until: nil, into: &entries, transform)
        return (entries, parser.index)
      }
    }
  }

  /// Reads items until `</array>` (returns true) or until the next item begins at or past
  /// `stop` (returns false).
  private mutating func parseItems<T>(
    until stop: Int?, into result: inout PropertyListEntries<T>, _ transform: (Fields) -> T?
  )
    throws -> Bool
  {
    // One buffer for every entry's keys and values.
    var fields: Fields = []
    while true {
      skipMisc()
      if let stop, index >= stop { return false }
      if consume("</array>") { return true }
      if consume("<dict>") {
        fields.removeAll(keepingCapacity: true)
        try parseEntryDictionary(into: &fields)
        if let entry = transform(fields) {
          result.entries.append(entry)
        } else {
          result.unreadable += 1
        }
      } else if startsWith("<dict"), !startsWith("<dict/>") {
        throw PropertyListError("a <dict> with attributes")  // left to the general reader
      } else {
        _ = try parseValue()  // not a dictionary, or an empty one: not an entry
        result.unreadable += 1
      }
    }
  }

  /// A `<dict>` that follows a `</dict>` and white space, past the middle of the bytes left,
  /// when more than `threshold` are: probably an item of the array being read.
  private func likelyItem(pastTheMiddle threshold: Int) -> Int? {
    let left = bytes.count - index
    guard left > threshold, let base = bytes.baseAddress else { return nil }
    var from = index + left / 2
    while let open = firstIndex(of: UInt8(ascii: "<"), from: from) {
      from = open + 1
      guard open + 7 <= bytes.count, memcmp(base + open, "</dict>", 7) == 0 else { continue }
      var next = open + 7
      while next < bytes.count, Self.isSpace(bytes[next]) { next += 1 }
      if next + 6 <= bytes.count, memcmp(base + next, "<dict>", 6) == 0 { return next }
    }
    return nil
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
