import Foundation

/// Reads property lists: the XML format and the binary format with parsers of our own, and
/// anything else Foundation reads (XML our parser does not handle, such as CDATA, and the
/// old text format) through Foundation.
///
/// Foundation never sees a binary property list: swift-corelibs-foundation dereferences a
/// null pointer on one holding a set, so a damaged file would crash Cloudy. Every reader
/// refuses values nested more than ``maximumDepth`` deep, and dates a writer cannot write
/// (`Date.isWritable`), with a ``PropertyListError``.
public enum PropertyListReader {
  /// How deep arrays and dictionaries may nest. The parsers recurse once a level, so a
  /// value from the cloud or a damaged file of 100,000 nested arrays would overflow the
  /// stack; no file Cloudy or Foundation writes for it nests more than a few levels.
  public static let maximumDepth = 512

  public static func read(_ data: Data) throws -> PropertyList {
    let bytes = Array(data)
    if bytes.starts(with: PropertyListBinaryParser.magic) {
      var parser = PropertyListBinaryParser(bytes: bytes)
      return try parser.parse()
    }
    do {
      var parser = PropertyListXMLParser(bytes: bytes)
      return try parser.parseDocument()
    } catch let fastError as PropertyListError {
      guard !fastError.cannotKeepExactly, !fastError.isFinal,
        let value = try? PropertyListSerialization.propertyList(from: data, format: nil),
        let converted = convert(value, depth: 0)
      else { throw fastError }
      return converted
    }
  }

  /// Reads the array under `key` of an XML property-list dictionary in one pass, handing
  /// each dictionary in it to `entry` as its keys and values in document order (no
  /// dictionary is built); `entry` says whether it made something of them. Returns how many
  /// items of the array are not entries (not a dictionary, or one `entry` refused); a missing
  /// key is an empty array. A later duplicate of `key` wins, as in a dictionary: `restart` is
  /// called before its entries. Nil when the document is anything but a well-formed XML
  /// dictionary whose `key` is an array — then whatever `entry` collected is to be dropped,
  /// and ``read(_:)`` gives the answer or the error. This is the fast path for a store's one
  /// big array.
  public static func forEachEntry(
    in data: Data, key: String, restart: () -> Void, entry: ([(key: String, value: PropertyList)]) -> Bool,
    otherKey: (String, PropertyList) -> Void = { _, _ in }
  ) -> Int? {
    var parser = PropertyListXMLParser(bytes: Array(data))
    return try? parser.parseEntriesDocument(key: key, restart: restart, entry: entry, otherKey: otherKey)
  }

  /// Reads one value's element as ``PropertyListXMLWriter/element(for:)`` writes it.
  public static func readElement(_ data: Data) throws -> PropertyList {
    var parser = PropertyListXMLParser(bytes: Array(data))
    return try parser.parseElement()
  }

  /// Converts Foundation's property-list objects; `nil` for anything else, a date a writer
  /// cannot write, or arrays and dictionaries nested more than ``maximumDepth`` deep.
  static func convert(_ value: Any, depth: Int) -> PropertyList? {
    switch value {
    case let string as String:
      return .string(string)
    case let date as Date:
      return date.isWritable ? .date(date) : nil
    case let data as Data:
      return .data(data)
    case let number as NSNumber:
      switch String(cString: number.objCType) {
      case "c", "B": return .bool(number.boolValue)
      case "f", "d": return .real(number.doubleValue)
      default: return .integer(number.intValue)
      }
    case let array as [Any]:
      guard depth < maximumDepth else { return nil }
      var items: [PropertyList] = []
      for item in array {
        guard let converted = convert(item, depth: depth + 1) else { return nil }
        items.append(converted)
      }
      return .array(items)
    case let dictionary as [String: Any]:
      guard depth < maximumDepth else { return nil }
      var result: [String: PropertyList] = [:]
      for (key, item) in dictionary {
        guard let converted = convert(item, depth: depth + 1) else { return nil }
        result[key] = converted
      }
      return .dictionary(result)
    default:
      return nil
    }
  }
}

/// Byte patterns the parser meets once per value.
private enum Tokens {
  static let stringClose = Array("</string>".utf8)
  static let dictClose = Array("</dict>".utf8)
  static let arrayClose = Array("</array>".utf8)
  static let keyOpen = Array("<key>".utf8)
  static let keyClose = Array("</key>".utf8)
  static let dateClose = Array("</date>".utf8)
  static let integerClose = Array("</integer>".utf8)
  static let realClose = Array("</real>".utf8)
  static let dataClose = Array("</data>".utf8)
  static let trueClose = Array("</true>".utf8)
  static let falseClose = Array("</false>".utf8)
  static let keyEmpty = Array("<key/>".utf8)
  static let dictOpen = Array("<dict>".utf8)
  static let dictEmpty = Array("<dict/>".utf8)
  static let arrayOpen = Array("<array>".utf8)
  static let arrayEmpty = Array("<array/>".utf8)
  static let plistOpen = Array("<plist".utf8)
  static let plistClose = Array("</plist>".utf8)
  static let declarationOpen = Array("<?".utf8)
  static let declarationClose = Array("?>".utf8)
  static let commentOpen = Array("<!--".utf8)
  static let commentClose = Array("-->".utf8)
  static let doctypeOpen = Array("<!DOCTYPE".utf8)
  static let tagClose = Array(">".utf8)
}

/// A byte-level parser for the XML property-list format.
struct PropertyListXMLParser {
  let bytes: [UInt8]
  var index = 0
  /// How many non-empty arrays and dictionaries enclose the parser.
  private var depth = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  mutating func parseDocument() throws -> PropertyList {
    skipMisc()
    guard startsWith(Tokens.plistOpen) else { throw PropertyListError("no <plist> element") }
    let selfClosing = try skipTag()
    if selfClosing { throw PropertyListError("empty <plist>") }
    let value = try parseValue()
    skipMisc()
    guard consume(Tokens.plistClose) else { throw PropertyListError("expected </plist>") }
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
    guard startsWith(Tokens.plistOpen) else { throw PropertyListError("no <plist> element") }
    if try skipTag() { throw PropertyListError("empty <plist>") }
    skipMisc()
    var unreadable = 0
    if !consume(Tokens.dictEmpty) {
      guard consume(Tokens.dictOpen) else { throw PropertyListError("not a dictionary") }
      // Nesting is counted as the general reader counts it, so both refuse the same values.
      try enter()
      defer { depth -= 1 }
      var seen = false
      while true {
        skipMisc()
        if consume(Tokens.dictClose) { break }
        let key = try dictionaryKey()
        skipMisc()
        if key != wanted {
          otherKey(key, try parseValue())
          continue
        }
        // A later duplicate key wins, as in a dictionary.
        if seen { restart() }
        seen = true
        if consume(Tokens.arrayEmpty) {
          unreadable = 0
        } else {
          guard consume(Tokens.arrayOpen) else { throw PropertyListError("not an array") }
          unreadable = try parseEntryArray(entry)
        }
      }
    }
    skipMisc()
    guard consume(Tokens.plistClose) else { throw PropertyListError("expected </plist>") }
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
      if consume(Tokens.arrayClose) { return unreadable }
      if consume(Tokens.dictOpen) {
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
      if consume(Tokens.dictClose) { break }
      let key = try dictionaryKey()
      let value = try parseValue()
      fields.append((key, value))
    }
  }

  private mutating func dictionaryKey() throws -> String {
    if consume(Tokens.keyEmpty) { return "" }
    guard consume(Tokens.keyOpen) else { throw PropertyListError("expected <key>") }
    return try text(closing: Tokens.keyClose)
  }

  // MARK: - Values

  private mutating func parseValue() throws -> PropertyList {
    skipMisc()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else { throw PropertyListError("expected a value") }
    let nameStart = index + 1
    var nameEnd = nameStart
    while nameEnd < bytes.count, isNameByte(bytes[nameEnd]) { nameEnd += 1 }
    let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self)
    index = nameStart
    let empty = try skipTag()
    switch name {
    case "dict": return empty ? .dictionary([:]) : try parseDictionary()
    case "array": return empty ? .array([]) : try parseArray()
    case "string": return .string(empty ? "" : try text(closing: Tokens.stringClose))
    case "true", "false":
      if !empty {
        guard consume(name == "true" ? Tokens.trueClose : Tokens.falseClose) else {
          throw PropertyListError("expected </\(name)>")
        }
      }
      return .bool(name == "true")
    case "integer":
      let text = empty ? "" : try text(closing: Tokens.integerClose)
      let trimmed = Self.trimmed(text)
      if let value = Int(trimmed) { return .integer(value) }
      if trimmed.hasPrefix("0x"), let value = Int(trimmed.dropFirst(2), radix: 16) { return .integer(value) }
      let digits = trimmed.drop { $0 == "-" || $0 == "+" }
      throw PropertyListError(
        "bad integer “\(text)”", cannotKeepExactly: !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber })
    case "real":
      let text = empty ? "" : try text(closing: Tokens.realClose)
      guard let value = Double(Self.trimmed(text)) else { throw PropertyListError("bad real “\(text)”") }
      return .real(value)
    case "date":
      let text = empty ? "" : try text(closing: Tokens.dateClose)
      let bytes = Array(Self.trimmed(text).utf8)
      guard let date = ISO8601.parse(bytes) else {
        // A field out of range (`9999-12-31T23:59:60Z`) is not left to Foundation, which
        // rolls it into another date.
        throw PropertyListError("bad date “\(text)”", cannotKeepExactly: ISO8601.hasForm(bytes))
      }
      return .date(date)
    case "data":
      let text = empty ? "" : try text(closing: Tokens.dataClose)
      guard let data = Data(base64Encoded: text.filter { !$0.isWhitespace }) else {
        throw PropertyListError("bad data")
      }
      return .data(data)
    default:
      throw PropertyListError("unknown element <\(name)>")
    }
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
      if consume(Tokens.dictClose) { return .dictionary(result) }
      let key: String
      if consume(Tokens.keyEmpty) {
        key = ""
      } else {
        guard consume(Tokens.keyOpen) else { throw PropertyListError("expected <key>") }
        key = try text(closing: Tokens.keyClose)
      }
      result[key] = try parseValue()
    }
  }

  private mutating func parseArray() throws -> PropertyList {
    try enter()
    defer { depth -= 1 }
    var items: [PropertyList] = []
    while true {
      skipMisc()
      if consume(Tokens.arrayClose) { return .array(items) }
      items.append(try parseValue())
    }
  }

  // MARK: - Lexing

  /// Character data up to `closing`, entities decoded. CDATA is left to Foundation.
  private mutating func text(closing: String) throws -> String {
    try text(closing: Array(closing.utf8))
  }

  private mutating func text(closing: [UInt8]) throws -> String {
    let start = index
    while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
    let raw = bytes[start..<index]
    guard consume(closing) else { throw PropertyListError("expected \(String(decoding: closing, as: UTF8.self))") }
    guard let text = String(validating: raw, as: UTF8.self) else {
      throw PropertyListError("invalid UTF-8", cannotKeepExactly: true)
    }
    return raw.contains(UInt8(ascii: "&")) ? try decodeEntities(raw) : text
  }

  private func decodeEntities(_ raw: ArraySlice<UInt8>) throws -> String {
    var out: [UInt8] = []
    out.reserveCapacity(raw.count)
    var i = raw.startIndex
    while i < raw.endIndex {
      let byte = raw[i]
      guard byte == UInt8(ascii: "&") else {
        out.append(byte)
        i += 1
        continue
      }
      guard let semicolon = raw[i...].firstIndex(of: UInt8(ascii: ";")) else { throw PropertyListError("bad entity") }
      let name = String(decoding: raw[(i + 1)..<semicolon], as: UTF8.self)
      switch name {
      case "amp": out.append(UInt8(ascii: "&"))
      case "lt": out.append(UInt8(ascii: "<"))
      case "gt": out.append(UInt8(ascii: ">"))
      case "quot": out.append(UInt8(ascii: "\""))
      case "apos": out.append(UInt8(ascii: "'"))
      default:
        let value: UInt32?
        if name.hasPrefix("#x") || name.hasPrefix("#X") {
          value = UInt32(name.dropFirst(2), radix: 16)
        } else if name.hasPrefix("#") {
          value = UInt32(name.dropFirst())
        } else {
          value = nil
        }
        guard let value, let scalar = Unicode.Scalar(value) else { throw PropertyListError("bad entity &\(name);") }
        out.append(contentsOf: String(Character(scalar)).utf8)
      }
      i = semicolon + 1
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Skips a start tag from its `<` (attributes included); returns whether it was `<…/>`.
  private mutating func skipTag() throws -> Bool {
    guard let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else { throw PropertyListError("unclosed tag") }
    index = close + 1
    return bytes[close - 1] == UInt8(ascii: "/")
  }

  /// Skips white space, the XML declaration, the doctype and comments.
  private mutating func skipMisc() {
    while true {
      while index < bytes.count, isSpace(bytes[index]) { index += 1 }
      // Nearly always the next element: `<` and a letter or `/`.
      guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "<"),
        bytes[index + 1] == UInt8(ascii: "?") || bytes[index + 1] == UInt8(ascii: "!")
      else { return }
      if startsWith(Tokens.declarationOpen) {
        skip(past: Tokens.declarationClose)
      } else if startsWith(Tokens.commentOpen) {
        skip(past: Tokens.commentClose)
      } else if startsWith(Tokens.doctypeOpen) {
        skip(past: Tokens.tagClose)
      } else {
        return
      }
    }
  }

  /// A number's or date's text without the white space around it. Such text seldom has
  /// any, so Unicode's properties are looked up only when an end byte could begin some.
  private static func trimmed(_ text: String) -> String {
    let utf8 = text.utf8
    guard let first = utf8.first, let last = utf8.last else { return text }
    // A byte from `!` to `~` begins and ends no white space; anything else is looked at.
    if (0x21..<0x7F).contains(first), (0x21..<0x7F).contains(last) { return text }
    return text.trimmingWhitespace()
  }

  private mutating func skip(past pattern: [UInt8]) {
    while index < bytes.count {
      if startsWith(pattern) {
        index += pattern.count
        return
      }
      index += 1
    }
  }

  private func startsWith(_ text: String) -> Bool { startsWith(Array(text.utf8)) }

  private func startsWith(_ pattern: [UInt8]) -> Bool {
    guard index + pattern.count <= bytes.count else { return false }
    for (offset, byte) in pattern.enumerated() where bytes[index + offset] != byte { return false }
    return true
  }

  private mutating func consume(_ text: String) -> Bool {
    consume(Array(text.utf8))
  }

  private mutating func consume(_ pattern: [UInt8]) -> Bool {
    guard startsWith(pattern) else { return false }
    index += pattern.count
    return true
  }

  private func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

  private func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
  }
}
