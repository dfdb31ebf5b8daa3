import Foundation

/// Reads a bookmark file of any format Cloudy imports from chunks of bytes, choosing the
/// format from the first bytes: `[` is Cloudy's JSON, `<?xml` is XML (read as XBEL),
/// anything else is read as a Netscape bookmark file. A UTF-8 byte-order mark is skipped.
///
/// HTML and XBEL are parsed as they stream, so memory holds the bookmarks found, not the
/// file. JSON is collected and decoded at the end.
public struct BookmarkFileReader {
  private enum Mode {
    case detecting([UInt8])
    case html(NetscapeBookmarkParser)
    case xbel(XBELBookmarkParser)
    case json(Data)
  }

  private var mode = Mode.detecting([])

  public init() {}

  public mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) throws {
    switch mode {
    case .detecting(var pending):
      pending.append(contentsOf: bytes)
      guard let format = try Self.detect(pending) else {
        mode = .detecting(pending)
        return
      }
      switch format {
      case .html:
        var parser = NetscapeBookmarkParser()
        try parser.feed(pending)
        mode = .html(parser)
      case .json:
        mode = .json(Data(pending))
      case .xbel:
        var parser = XBELBookmarkParser()
        try parser.feed(pending)
        mode = .xbel(parser)
      }
    case .html(var parser):
      mode = .detecting([])  // release the parser's storage so feeding does not copy it
      try parser.feed(bytes)
      mode = .html(parser)
    case .xbel(var parser):
      mode = .detecting([])
      try parser.feed(bytes)
      mode = .xbel(parser)
    case .json(var data):
      mode = .detecting([])
      data.append(bytes)
      mode = .json(data)
    }
  }

  public mutating func feed(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBufferPointer { try feed($0) }
  }

  /// Ends the file and returns what it holds, or the one reason nothing can be imported.
  public mutating func finish() throws -> ParsedFile {
    switch mode {
    case .detecting(let pending):
      let body = pending.starts(with: Self.byteOrderMark) ? pending.dropFirst(3) : pending[...]
      if body.allSatisfy(NetscapeTokenizerSpace.contains) { throw BookmarkFileError.empty }
      var parser = NetscapeBookmarkParser()
      try parser.feed(pending)
      return try parser.finish()
    case .html(var parser):
      return try parser.finish()
    case .xbel(var parser):
      return try parser.finish()
    case .json(let data):
      return try BookmarkJSON.parse(data)
    }
  }

  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// The format the first significant bytes show, or `nil` if more bytes are needed (a
  /// byte-order mark may be cut across chunks).
  private static func detect(_ bytes: [UInt8]) throws -> BookmarkFileFormat? {
    var index = 0
    if bytes.count < byteOrderMark.count, byteOrderMark.starts(with: bytes) { return nil }
    if bytes.starts(with: byteOrderMark) { index = byteOrderMark.count }
    while index < bytes.count, NetscapeTokenizerSpace.contains(bytes[index]) { index += 1 }
    guard index < bytes.count else { return nil }
    switch bytes[index] {
    case UInt8(ascii: "["), UInt8(ascii: "{"): return .json
    case UInt8(ascii: "<"):
      guard index + 1 < bytes.count else { return nil }
      return bytes[index + 1] == UInt8(ascii: "?") ? .xbel : .html
    default: return .html
    }
  }
}

/// The white space bookmark files use between tokens.
enum NetscapeTokenizerSpace {
  static func contains(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C
  }
}
