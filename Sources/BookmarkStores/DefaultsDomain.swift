import BookmarkModel
import Foundation

/// The user-defaults domain file: a property list whose `bookmarks` key holds an array
/// of dictionaries (`id`, `name`, `url`, `created`, `modified`), as Foundation's
/// `UserDefaults` reads it.
///
/// Cloudy never keeps the raw property list between operations: every change reads the
/// file afresh under the lock, edits only the entries it means to, and writes the rest
/// back as they were, so other keys and entries Cloudy cannot parse survive untouched.
struct DefaultsDomain {
  static let bookmarksKey = "bookmarks"

  let path: String
  var lockPath: String { path + ".lock" }

  /// The domain's bookmarks and the number of entries that could not be read.
  struct Contents {
    var bookmarks: [Bookmark]
    var unreadableEntries: Int
  }

  /// Reads the domain; a missing file is an empty domain.
  func read() throws -> Contents {
    let raw = try readRaw()
    let entries = try bookmarkEntries(in: raw)
    var bookmarks: [Bookmark] = []
    bookmarks.reserveCapacity(entries.count)
    var unreadable = 0
    for entry in entries {
      if let bookmark = Self.bookmark(from: entry) { bookmarks.append(bookmark) } else { unreadable += 1 }
    }
    return Contents(bookmarks: bookmarks, unreadableEntries: unreadable)
  }

  /// Changes the bookmark entries under the inter-process lock and writes the domain
  /// atomically. `body` gets the raw entries; its result is returned.
  func modify<T>(_ body: (inout [Any]) throws -> T) throws -> T {
    try PrivateFiles.makeDirectory((path as NSString).deletingLastPathComponent)
    return try PrivateFiles.withExclusiveLock(lockPath) {
      PrivateFiles.removeStaleTemporaries(of: path)
      var raw = try readRaw()
      var entries = try bookmarkEntries(in: raw)
      let result = try body(&entries)
      raw[Self.bookmarksKey] = entries
      let data: Data
      do {
        data = try PropertyListSerialization.data(fromPropertyList: raw, format: .xml, options: 0)
      } catch {
        throw StoreError.writeFailed(path: path, reason: "can't encode the property list")
      }
      try PrivateFiles.replace(path, with: data)
      return result
    }
  }

  private func readRaw() throws -> [String: Any] {
    guard let data = try PrivateFiles.read(path) else { return [:] }
    if data.isEmpty { throw StoreError.unreadable(path: path, reason: "the file is empty") }
    let plist: Any
    do {
      plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    } catch {
      throw StoreError.unreadable(path: path, reason: "not a property list")
    }
    guard let dictionary = plist as? [String: Any] else {
      throw StoreError.unreadable(path: path, reason: "not a defaults domain")
    }
    return dictionary
  }

  private func bookmarkEntries(in raw: [String: Any]) throws -> [Any] {
    guard let value = raw[Self.bookmarksKey] else { return [] }
    guard let entries = value as? [Any] else {
      throw StoreError.unreadable(path: path, reason: "“bookmarks” is not a list")
    }
    return entries
  }

  // MARK: - Entries

  static func bookmark(from entry: Any) -> Bookmark? {
    guard let dictionary = entry as? [String: Any],
      let id = dictionary["id"] as? String, !id.isEmpty,
      let url = dictionary["url"] as? String
    else { return nil }
    let name = dictionary["name"] as? String ?? ""
    let created = dictionary["created"] as? Date ?? Date(timeIntervalSince1970: 0)
    let modified = dictionary["modified"] as? Date ?? created
    return Bookmark(id: id, name: name, url: url, created: created, modified: modified)
  }

  static func entry(from bookmark: Bookmark) -> [String: Any] {
    [
      "id": bookmark.id, "name": bookmark.name, "url": bookmark.url, "created": bookmark.created,
      "modified": bookmark.modified,
    ]
  }

  /// Index of the entry with this id, if any.
  static func index(of id: Bookmark.ID, in entries: [Any]) -> Int? {
    entries.firstIndex { ($0 as? [String: Any])?["id"] as? String == id }
  }
}
