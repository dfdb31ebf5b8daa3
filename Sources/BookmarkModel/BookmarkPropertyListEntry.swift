import Foundation
import PropertyLists

/// A bookmark read key by key from its property-list dictionary, exactly as
/// ``Bookmark/init(propertyList:)`` reads it: a key of the wrong type counts as missing, a
/// later duplicate key wins, and a URL the one URL rule refuses makes the entry unreadable.
struct BookmarkPropertyListEntry {
  private var id: String?
  private var name: String?
  private var url: String?
  private var created: Date?
  private var modified: Date?
  private var folder: [String]?
  private var notes: String?
  private var tags: [String]?
  private var folderID: String?

  mutating func take(_ key: String, _ value: PropertyList) {
    switch key {
    case "id": id = value.string
    case "name": name = value.string
    case "url": url = value.string
    case "created": created = value.date
    case "modified": modified = value.date
    case "folder": folder = value.array?.compactMap(\.string)
    case "notes": notes = value.string
    case "tags": tags = value.array?.compactMap(\.string)
    case "folderID": folderID = value.string
    default: break
    }
  }

  var value: Bookmark? {
    guard let id, !id.isEmpty, let url, BookmarkURL.storageProblem(url) == nil else { return nil }
    let createdDate = created ?? Date(timeIntervalSince1970: 0)
    return Bookmark(
      id: id, name: name ?? "", url: url, created: createdDate, modified: modified ?? createdDate,
      folder: folder ?? [], notes: notes ?? "", tags: tags ?? [], folderID: folderID)
  }
}

extension PropertyListReader {
  /// The bookmarks under `key` of an XML property-list dictionary, read in one pass, how
  /// many entries are not bookmarks, and the values of the dictionary's other keys; nil when
  /// ``read(_:)`` must decide (see ``forEachEntry(in:key:restart:entry:otherKey:)``).
  public static func bookmarks(in data: Data, key: String) -> (
    bookmarks: [Bookmark], unreadable: Int, others: [String: PropertyList]
  )? {
    var bookmarks: [Bookmark] = []
    var others: [String: PropertyList] = [:]
    let unreadable = forEachEntry(
      in: data, key: key, restart: { bookmarks.removeAll() },
      entry: { fields in
        var entry = BookmarkPropertyListEntry()
        for (key, value) in fields { entry.take(key, value) }
        guard let bookmark = entry.value else { return false }
        bookmarks.append(bookmark)
        return true
      }, otherKey: { others[$0] = $1 })
    return unreadable.map { (bookmarks, $0, others) }
  }
}
