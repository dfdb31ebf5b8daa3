/// Why a file cannot be imported at all. Nothing is imported from such a file.
public enum BookmarkFileError: Error, Hashable, Sendable, CustomStringConvertible {
  case empty
  case notBookmarks
  case binary(line: Int)
  case notUTF8(line: Int)
  case truncatedTag(line: Int)
  case unclosedFolder(name: String, line: Int)
  case nestedTooDeep(line: Int)
  case invalidJSON(String)
  case unreadable(reason: String)

  public var description: String {
    switch self {
    case .empty:
      "The file is empty."
    case .notBookmarks:
      "The file is not a bookmark file: it has no bookmarks or folders in a form Cloudy reads (HTML, XBEL or JSON)."
    case .binary(let line):
      "The file holds binary data (a NUL byte on line \(line)), so it is not a bookmark file."
    case .notUTF8(let line):
      "The file is not UTF-8 text (line \(line)); convert it first, e.g. iconv -f WINDOWS-1252 -t UTF-8."
    case .truncatedTag(let line):
      "The file ends in the middle of a tag that starts on line \(line), so it looks cut short."
    case .unclosedFolder(let name, let line):
      "The file ends before the folder “\(name)” (line \(line)) is closed, so it looks cut short."
    case .nestedTooDeep(let line):
      "The file nests lists more than \(NetscapeLimits.maximumListDepth) deep (line \(line)), deeper than any"
        + " browser writes, so it is not imported."
    case .invalidJSON(let detail):
      "The file is not a Cloudy JSON export: \(detail)."
    case .unreadable(let reason):
      "The file can't be read (\(reason))."
    }
  }
}
