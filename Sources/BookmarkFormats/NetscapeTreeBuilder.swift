import BookmarkModel
import Foundation

/// Turns the tokens of a Netscape bookmark file into bookmarks with folder paths.
///
/// The shape browsers write is `<DT><H3>Folder</H3>` followed by `<DL><p>…</DL><p>` for the
/// folder's contents, `<DT><A HREF=…>Name</A>` for a bookmark, and an optional `<DD>text`
/// after either. Nothing is required to be closed except `</A>`, `</H3>` and `</DL>`, and
/// even a missing `</A>` or `</H3>` ends at the next entry.
struct NetscapeTreeBuilder: NetscapeTokenSink {
  private struct OpenList {
    /// The folder this list holds, `nil` for the top level (or a stray list).
    var folder: String?
    var line: Int
    var bookmarksBefore: Int
  }

  private enum Capture {
    case none
    case anchor(NetscapeAttributes, line: Int)
    case heading(line: Int)
    case description(line: Int)
  }

  /// What the last entry was, so a `<DD>` knows what it describes.
  private enum LastEntry {
    case none
    case bookmark(Int)
    case folder
  }

  private(set) var result = ParsedFile(format: .html)
  private var lists: [OpenList] = []
  private var path: [String] = []
  private var pendingFolder: (name: String, line: Int)?
  private var capture = Capture.none
  private var last = LastEntry.none
  private var text: [UInt8] = []
  private(set) var sawStructure = false

  var wantsText: Bool {
    if case .none = capture { return false }
    return true
  }

  mutating func receive(_ token: NetscapeToken) throws {
    switch token {
    case .text(let bytes):
      text.append(contentsOf: bytes)
    case .start(let tag, let attributes, let line):
      switch tag {
      case .anchor:
        try endCapture()
        try dropPendingFolder()
        sawStructure = true
        capture = .anchor(attributes, line: line)
      case .heading:
        try endCapture()
        try dropPendingFolder()
        sawStructure = true
        capture = .heading(line: line)
      case .list:
        try endCapture()
        sawStructure = true
        guard lists.count < NetscapeLimits.maximumListDepth else {
          throw BookmarkFileError.nestedTooDeep(line: line)
        }
        let folder = pendingFolder
        pendingFolder = nil
        lists.append(
          OpenList(folder: folder?.name, line: folder?.line ?? line, bookmarksBefore: result.bookmarks.count))
        if let folder { path.append(folder.name) }
      case .term:
        try endCapture()
      case .description:
        try endCapture()
        capture = .description(line: line)
      case .separator:
        try endCapture()
        try dropPendingFolder()
        result.separators += 1
        last = .none
      case .xbel, .folder, .bookmark, .title, .desc, .other:
        break
      }
    case .end(let tag, _):
      switch tag {
      case .anchor:
        if case .anchor = capture { try endCapture() }
      case .heading:
        if case .heading = capture { try endCapture() }
      case .list:
        try endCapture()
        try dropPendingFolder()
        if let list = lists.popLast() {
          if list.folder != nil {
            if result.bookmarks.count == list.bookmarksBefore { result.emptyFolderPaths.append(path) }
            path.removeLast()
          }
        }
        last = .none
      default:
        break
      }
    }
  }

  /// Ends the file: every folder must have been closed.
  mutating func finish() throws {
    try endCapture()
    try dropPendingFolder()
    if let open = lists.last(where: { $0.folder != nil }) {
      throw BookmarkFileError.unclosedFolder(name: open.folder ?? "", line: open.line)
    }
  }

  // MARK: - Entries

  /// A folder name with no list after it is an empty folder.
  private mutating func dropPendingFolder() throws {
    if let pendingFolder {
      result.emptyFolderPaths.append(path + [pendingFolder.name])
      self.pendingFolder = nil
    }
  }

  private mutating func endCapture() throws {
    let captured = capture
    capture = .none
    defer { text.removeAll(keepingCapacity: true) }
    switch captured {
    case .none:
      return
    case .anchor(let attributes, let line):
      try addBookmark(attributes, name: try string(Self.name(text), line: line), line: line)
    case .heading(let line):
      pendingFolder = (try string(Self.name(text), line: line), line)
      last = .folder
    case .description(let line):
      let notes = try string(Self.notes(text), line: line)
      switch last {
      case .bookmark(let index):
        if !notes.isEmpty { result.bookmarks[index].notes = notes }
      case .folder:
        if !notes.isEmpty { result.folderDescriptions += 1 }
      case .none:
        break
      }
      last = .none
    }
  }

  private mutating func addBookmark(_ attributes: NetscapeAttributes, name: String, line: Int) throws {
    guard let hrefBytes = attributes.href else {
      skip(line: line, name: name, reason: "it has no URL")
      return
    }
    let urlBytes = HTMLText.decode(Self.trimmed(hrefBytes[...]))
    // Empty URLs and control characters are skipped by ImportPlan, for every format.
    let url = try string(urlBytes, line: line)
    let tags = try attributes.tags.map { try string(HTMLText.decode($0), line: line) } ?? ""
    result.bookmarks.append(
      ParsedBookmark(
        name: name, url: url,
        created: try attributes.addDate.flatMap { BookmarkTimestamp.date(from: try string($0, line: line)) },
        modified: try attributes.lastModified.flatMap { BookmarkTimestamp.date(from: try string($0, line: line)) },
        folder: path,
        // Only ASCII white space is trimmed: a tag's own (escaped) U+2028 must read back as written.
        tags: tags.split(separator: ",").map(Self.trimmingASCIISpace).filter { !$0.isEmpty },
        line: line))
    last = .bookmark(result.bookmarks.count - 1)
  }

  /// The text without ASCII white space (space, tab, CR, LF) around it; other white space
  /// is kept. (Foundation's `trimmingCharacters` made a character set and an `NSString` for
  /// each tag: 2% of importing 100,000 bookmarks.)
  static func trimmingASCIISpace(_ text: Substring) -> String {
    let utf8 = text.utf8
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
    guard let first = utf8.firstIndex(where: { !isSpace($0) }), let last = utf8.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(text[first...last])
  }

  private mutating func skip(line: Int, name: String, reason: String) {
    result.skipped.append(SkippedEntry(line: line, name: name, reason: reason))
    last = .none
  }

  // MARK: - Text

  private func string(_ bytes: [UInt8], line: Int) throws -> String {
    guard let text = String(validating: bytes, as: UTF8.self) else { throw BookmarkFileError.notUTF8(line: line) }
    return text
  }

  /// A name: line breaks and tabs as written in the file become spaces (CRLF one space),
  /// the ends are trimmed, then entities are decoded. (A line break written as `&#10;` is
  /// kept: that is how export writes one.)
  static func name(_ raw: [UInt8]) -> [UInt8] {
    var flat: [UInt8] = []
    flat.reserveCapacity(raw.count)
    for (index, byte) in raw.enumerated() {
      switch byte {
      case 0x0A where index > 0 && raw[index - 1] == 0x0D: continue
      case 0x0A, 0x0D, 0x09: flat.append(0x20)
      default: flat.append(byte)
      }
    }
    return HTMLText.decode(trimmed(flat[...]))
  }

  /// Notes: line breaks kept (CRLF as LF), ends trimmed, entities decoded.
  static func notes(_ raw: [UInt8]) -> [UInt8] {
    var lines: [UInt8] = []
    lines.reserveCapacity(raw.count)
    for (index, byte) in raw.enumerated() where !(byte == 0x0D && index + 1 < raw.count && raw[index + 1] == 0x0A) {
      lines.append(byte)
    }
    return HTMLText.decode(trimmed(lines[...]))
  }

  /// Whether UTF-8 bytes hold a C0 control, DEL or a C1 control (U+0080–U+009F, encoded
  /// as 0xC2 0x80–0x9F).
  static func containsControl(_ bytes: [UInt8]) -> Bool {
    for (index, byte) in bytes.enumerated() {
      if byte < 0x20 || byte == 0x7F { return true }
      if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) { return true }
    }
    return false
  }

  /// The bytes without ASCII white space at either end.
  static func trimmed(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
    let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C }
    guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) })
    else { return [] }
    return Array(bytes[first...last])
  }
}
