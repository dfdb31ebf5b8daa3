import BookmarkModel
import Foundation

/// Turns the tokens of an XBEL file (as ``XBELWriter`` writes it) into bookmarks with folder
/// paths: `<folder><title>Name</title>…</folder>`, and `<bookmark href=… added=…
/// modified=…><title>Name</title><desc>Notes</desc></bookmark>`.
///
/// The tokenizer is the Netscape reader's, so each value is capped at
/// ``NetscapeLimits/maximumValueBytes`` and memory holds the bookmarks found, not the file.
/// Separators, empty folders and folder descriptions are counted, as in HTML. XBEL has no
/// tags. CDATA sections are not read.
struct XBELTreeBuilder: NetscapeTokenSink {
  private struct OpenFolder {
    var line: Int
    var bookmarksBefore: Int
  }

  private struct OpenBookmark {
    var attributes: NetscapeAttributes
    var line: Int
    var name: String?
    var notes = ""
  }

  private enum Capture {
    case none
    case title(line: Int)
    case description(line: Int)
  }

  private(set) var result = ParsedFile(format: .xbel)
  private var folders: [OpenFolder] = []
  private var path: [String] = []
  private var bookmark: OpenBookmark?
  private var capture = Capture.none
  private var text: [UInt8] = []
  private(set) var sawXBEL = false

  var wantsText: Bool {
    if case .none = capture { return false }
    return true
  }

  mutating func receive(_ token: NetscapeToken) throws {
    switch token {
    case .text(let bytes):
      let room = NetscapeLimits.maximumValueBytes + 1 - text.count
      if room > 0 { text.append(contentsOf: bytes.prefix(room)) }
    case .start(let tag, let attributes, let line):
      try endCapture()
      switch tag {
      case .xbel:
        sawXBEL = true
      case .folder:
        try endBookmark()
        guard folders.count < NetscapeLimits.maximumListDepth else {
          throw BookmarkFileError.nestedTooDeep(line: line)
        }
        folders.append(OpenFolder(line: line, bookmarksBefore: result.bookmarks.count))
        path.append("")
      case .bookmark:
        try endBookmark()
        bookmark = OpenBookmark(attributes: attributes, line: line)
      case .title:
        capture = .title(line: line)
      case .desc:
        capture = .description(line: line)
      case .separator:
        result.separators += 1
      default:
        break
      }
    case .end(let tag, _):
      try endCapture()
      switch tag {
      case .bookmark:
        try endBookmark()
      case .folder:
        try endBookmark()
        if let folder = folders.popLast() {
          if result.bookmarks.count == folder.bookmarksBefore { result.emptyFolderPaths.append(path) }
          path.removeLast()
        }
      default:
        break
      }
    }
  }

  /// Ends the file: every folder must have been closed, and it must have been XBEL.
  mutating func finish() throws {
    try endCapture()
    try endBookmark()
    if let open = folders.last {
      throw BookmarkFileError.unclosedFolder(name: path.last ?? "", line: open.line)
    }
    guard sawXBEL else { throw BookmarkFileError.notBookmarks }
  }

  private mutating func endCapture() throws {
    let captured = capture
    capture = .none
    defer { text.removeAll(keepingCapacity: true) }
    switch captured {
    case .none:
      return
    case .title(let line):
      let name = try string(NetscapeTreeBuilder.name(text), line: line)
      if bookmark != nil {
        if bookmark?.name == nil { bookmark?.name = name }
      } else if !path.isEmpty {
        path[path.count - 1] = name
      }
    case .description(let line):
      // As written: XML keeps white space in content, and the writer escapes line breaks and
      // tabs, so notes with spaces at their ends come back as they were.
      let notes = try string(HTMLText.decode(text), line: line)
      if bookmark != nil {
        bookmark?.notes = notes
      } else if !folders.isEmpty, !notes.isEmpty {
        result.folderDescriptions += 1
      }
    }
  }

  private mutating func endBookmark() throws {
    guard let open = bookmark else { return }
    bookmark = nil
    let name = open.name ?? ""
    guard let hrefBytes = open.attributes.href else {
      result.skipped.append(SkippedEntry(line: open.line, name: name, reason: "it has no URL"))
      return
    }
    // Empty URLs and control characters are skipped by ImportPlan, for every format.
    let url = try string(HTMLText.decode(NetscapeTreeBuilder.trimmed(hrefBytes[...])), line: open.line)
    result.bookmarks.append(
      ParsedBookmark(
        name: name, url: url, created: try date(open.attributes.added, line: open.line),
        modified: try date(open.attributes.modified, line: open.line), folder: path, notes: open.notes,
        line: open.line))
  }

  /// An ISO 8601 date (`2023-11-14T22:13:20Z`, fractional seconds allowed); `nil` when
  /// absent or unreadable, so the import dates it as it does an HTML entry without one.
  private func date(_ bytes: [UInt8]?, line: Int) throws -> Date? {
    guard let bytes else { return nil }
    let text = try string(HTMLText.decode(NetscapeTreeBuilder.trimmed(bytes[...])), line: line)
    if let date = try? Date(text, strategy: .iso8601) { return date }
    return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
  }

  private func string(_ bytes: [UInt8], line: Int) throws -> String {
    guard let text = String(validating: bytes, as: UTF8.self) else { throw BookmarkFileError.notUTF8(line: line) }
    return text
  }
}
