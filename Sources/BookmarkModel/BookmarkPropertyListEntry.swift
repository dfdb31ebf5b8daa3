import Foundation
import PropertyLists

/// A bookmark read key by key from its property-list dictionary, exactly as
/// ``Bookmark/init(propertyList:)`` reads it: a key of the wrong type counts as missing, a
/// later duplicate key wins, and a URL the one URL rule refuses or a field over the model's
/// limits makes the entry unreadable.
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
    let bookmark = Bookmark(
      id: id, name: name ?? "", url: url, created: createdDate, modified: modified ?? createdDate,
      folder: folder ?? [], notes: notes ?? "", tags: tags ?? [], folderID: folderID)
    // The model's limits, as the general reader applies them (a control character in a folder's
    // name once made only this path read the entry: the fuzzer, seed 0xc10df022).
    return BookmarkOrganisation.problem(bookmark) == nil ? bookmark : nil
  }
}

extension PropertyListReader {
  /// The bookmarks under `key` of an XML property-list dictionary, read in one pass, how
  /// many entries are not bookmarks, and the values of the dictionary's other keys; nil when
  /// ``read(_:)`` must decide (see ``entries(in:key:splittingAbove:transform:)``).
  public static func bookmarks(in data: Data, key: String, splittingAbove threshold: Int = 1 << 20) -> (
    bookmarks: [Bookmark], unreadable: Int, others: [String: PropertyList]
  )? {
    entries(in: data, key: key, splittingAbove: threshold) { fields in
      var entry = BookmarkPropertyListEntry()
      for (key, value) in fields { entry.take(key, value) }
      return entry.value
    }.map { (bookmarks: $0.entries, unreadable: $0.unreadable, others: $0.others) }
  }
}
