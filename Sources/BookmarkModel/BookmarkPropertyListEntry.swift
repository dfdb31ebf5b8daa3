import Foundation
import PropertyLists

/// A bookmark read key by key from its property-list dictionary, exactly as
/// ``Bookmark/init(propertyList:)`` reads it: a key of the wrong type counts as missing, a
/// later duplicate key wins, and a URL the one URL rule refuses makes the entry unreadable.
public struct BookmarkPropertyListEntry: PropertyListEntry {
  private var id: String?
  private var name: String?
  private var url: String?
  private var created: Date?
  private var modified: Date?
  private var folder: [String]?
  private var notes: String?
  private var tags: [String]?

  public init() {}

  public mutating func take(_ key: String, _ value: PropertyList) {
    switch key {
    case "id": id = value.string
    case "name": name = value.string
    case "url": url = value.string
    case "created": created = value.date
    case "modified": modified = value.date
    case "folder": folder = value.array?.compactMap(\.string)
    case "notes": notes = value.string
    case "tags": tags = value.array?.compactMap(\.string)
    default: break
    }
  }

  public var value: Bookmark? {
    guard let id, !id.isEmpty, let url, BookmarkURL.storageProblem(url) == nil else { return nil }
    let createdDate = created ?? Date(timeIntervalSince1970: 0)
    return Bookmark(
      id: id, name: name ?? "", url: url, created: createdDate, modified: modified ?? createdDate,
      folder: folder ?? [], notes: notes ?? "", tags: tags ?? [])
  }
}

extension PropertyListReader {
  /// The bookmarks under `key` of an XML property-list dictionary, read in one pass, and how
  /// many entries are not bookmarks; nil when ``read(_:)`` must decide (see
  /// ``entries(_:in:key:)``).
  public static func bookmarks(in data: Data, key: String) -> (bookmarks: [Bookmark], unreadable: Int)? {
    entries(BookmarkPropertyListEntry.self, in: data, key: key).map { ($0.entries, $0.unreadable) }
  }
}
