import BookmarkModel
import Foundation
import PropertyLists

/// How bookmarks sit in the key-value store: one key per bookmark, `bookmark.<id>`, whose
/// value is the bookmark's dictionary (`id`, `name`, `url`, `created`, `modified`).
///
/// One key per bookmark (not the original tutorial's one array under one key) means two
/// devices that add, edit or delete *different* bookmarks at the same time change
/// different keys, and per-key last-writer-wins keeps both changes. Two devices editing
/// the *same* bookmark: the edit the cloud sequenced last wins. Keys without the prefix
/// are left alone. The list is in the order bookmarks were added: each entry carries
/// `addedMicroseconds` (when it was added, in microseconds since 1970; an import or a
/// migration numbers its bookmarks from its own start, in the order it was given them, so
/// a list keeps its order from store to store). Entries without it sort by their creation
/// date, then id.
enum KeyValueBookmarkLayout {
  static let prefix = "bookmark."
  static let orderKey = "addedMicroseconds"

  static func key(for id: Bookmark.ID) -> String { prefix + id }

  /// A new bookmark's entry, with its precise time of adding, `offset` microseconds after
  /// `time` (an import's bookmarks one microsecond apart). Counted in whole microseconds, not
  /// by adding to the date: a `Double` of seconds since 1970 can't hold one microsecond more
  /// exactly, and two entries once got the same number and swapped places.
  static func entry(for bookmark: Bookmark, addedAt time: Date, offset: Int = 0) -> PropertyList {
    var entry = bookmark.propertyListEntries
    entry[orderKey] = .integer(Int((time.timeIntervalSince1970 * 1_000_000).rounded(.down)) + offset)
    return .dictionary(entry)
  }

  /// The bookmarks in a store's values, oldest first, and how many bookmark entries
  /// could not be read.
  static func bookmarks(in values: [String: PropertyList]) -> (bookmarks: [Bookmark], unreadable: Int) {
    var entries: [(bookmark: Bookmark, order: Int)] = []
    var unreadable = 0
    for (key, value) in values where key.hasPrefix(prefix) {
      if let bookmark = Bookmark(propertyList: value), key == self.key(for: bookmark.id) {
        var order = Int(bookmark.created.timeIntervalSince1970 * 1_000_000)
        if case .integer(let added) = value.dictionary?[orderKey] { order = added }
        entries.append((bookmark, order))
      } else {
        unreadable += 1
      }
    }
    entries.sort { ($0.order, $0.bookmark.id) < ($1.order, $1.bookmark.id) }
    return (entries.map(\.bookmark), unreadable)
  }
}
