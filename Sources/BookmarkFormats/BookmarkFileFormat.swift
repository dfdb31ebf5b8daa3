/// The file formats Cloudy reads and writes.
public enum BookmarkFileFormat: String, CaseIterable, Sendable, Hashable {
  /// The Netscape bookmark file every browser exports and imports (`bookmarks.html`).
  case html
  /// The XML Bookmark Exchange Language.
  case xbel
  /// Cloudy's own lossless form: the array `cloudy list --json` prints.
  case json

  /// The format a file name's extension suggests, if any.
  public init?(pathExtension: String) {
    switch pathExtension.lowercased() {
    case "html", "htm": self = .html
    case "xbel", "xml": self = .xbel
    case "json": self = .json
    default: return nil
    }
  }

  /// What to call the format in messages.
  public var displayName: String {
    switch self {
    case .html: "Netscape bookmark file"
    case .xbel: "XBEL file"
    case .json: "Cloudy JSON file"
    }
  }
}
