/// Reads an XBEL file (as `cloudy export --format xbel` writes it) from chunks of bytes, in
/// one pass, with the Netscape reader's tokenizer: each value kept is capped at
/// ``NetscapeLimits/maximumValueBytes``, and memory holds the bookmarks found, not the file.
public struct XBELBookmarkParser {
  private var tokenizer = NetscapeTokenizer()
  private var builder = XBELTreeBuilder()

  public init() {}

  /// Reads the next chunk of the file.
  public mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) throws {
    try tokenizer.feed(bytes, into: &builder)
  }

  /// Reads the next chunk of the file.
  public mutating func feed(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBufferPointer { try feed($0) }
  }

  /// Ends the file and returns what it holds, or the one reason it cannot be imported.
  public mutating func finish() throws -> ParsedFile {
    try tokenizer.finish(into: &builder)
    try builder.finish()
    return builder.result
  }
}
