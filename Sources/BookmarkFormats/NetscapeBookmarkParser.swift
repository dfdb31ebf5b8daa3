/// Reads a Netscape bookmark file (`bookmarks.html` as Firefox, Chrome, Edge, Safari and
/// most other tools export it) from chunks of bytes, in one pass.
///
/// ```swift
/// var parser = NetscapeBookmarkParser()
/// try parser.feed(chunk)  // as often as needed, chunks of any size
/// let file = try parser.finish()
/// ```
///
/// What it keeps: each bookmark's name, URL (any scheme: `javascript:`, `place:` and `file:`
/// URLs are kept as text, never opened), `ADD_DATE`, `LAST_MODIFIED`, `TAGS`, the `<DD>`
/// description after it, and its folder path. What it skips, and counts: separators, empty
/// folders, folder descriptions, entries without a usable URL (each with its reason). Icons
/// and other attributes are passed over without being stored.
public struct NetscapeBookmarkParser {
  private var tokenizer = NetscapeTokenizer()
  private var builder = NetscapeTreeBuilder()
  private var sawBytes = false

  public init() {}

  /// Reads the next chunk of the file.
  public mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) throws {
    if !sawBytes, !bytes.isEmpty { sawBytes = true }
    try tokenizer.feed(bytes, into: &builder)
  }

  /// Reads the next chunk of the file.
  public mutating func feed(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBufferPointer { try feed($0) }
  }

  /// Ends the file and returns what it holds, or the one reason it cannot be imported.
  public mutating func finish() throws -> ParsedFile {
    guard sawBytes else { throw BookmarkFileError.empty }
    try tokenizer.finish(into: &builder)
    try builder.finish()
    guard builder.sawStructure else { throw BookmarkFileError.notBookmarks }
    return builder.result
  }

  /// The line the parser has reached (1-based).
  public var line: Int { tokenizer.line }
}
