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
///
/// Folders are records under `folder.<id>` (``FolderRecord``, one key each, counted in the
/// quota like a bookmark); a bookmark filed in one carries its id as `folderID`.
enum KeyValueBookmarkLayout {
  static let prefix = "bookmark."
  static let folderPrefix = "folder."
  static let orderKey = "addedMicroseconds"
  /// Recently Deleted: `deleted.<id>`, the bookmark's entry with its deletion
  /// (``DeletedBookmark``'s property list), counted in the quota like a bookmark.
  static let deletedPrefix = "deleted."

  static func key(forDeleted id: Bookmark.ID) -> String { deletedPrefix + id }

  static func key(for id: Bookmark.ID) -> String { prefix + id }

  /// The bookmark id a `bookmark.` key names, or nil for another key.
  static func id(forKey key: String) -> Bookmark.ID? {
    key.hasPrefix(prefix) ? String(key.dropFirst(prefix.count)) : nil
  }

  static func key(forFolder id: FolderRecord.ID) -> String { folderPrefix + id }

  /// The folder records in a store's values, and how many `folder.` entries could not be read.
  static func folders(in values: [String: PropertyList]) -> (tree: FolderTree, unreadable: Int) {
    var records: [FolderRecord] = []
    var unreadable = 0
    for (key, value) in values where key.hasPrefix(folderPrefix) {
      if let record = FolderRecord(propertyList: value), key == self.key(forFolder: record.id) {
        records.append(record)
      } else {
        unreadable += 1
      }
    }
    return (FolderTree(records), unreadable)
  }

  /// A new bookmark's entry, with its precise time of adding, `offset` microseconds after
  /// `time` (an import's bookmarks one microsecond apart). Counted in whole microseconds, not
  /// by adding to the date: a `Double` of seconds since 1970 can't hold one microsecond more
  /// exactly, and two entries once got the same number and swapped places.
  static func entry(for bookmark: Bookmark, addedAt time: Date, offset: Int = 0) -> PropertyList {
    var entry = bookmark.propertyListEntries
    entry[orderKey] = .integer(Int((time.timeIntervalSince1970 * 1_000_000).rounded(.down)) + offset)
    return .dictionary(entry)
  }

  /// An entry's place in the list: its `addedMicroseconds`, else its creation date.
  static func order(of entry: [String: PropertyList], created: Date) -> Int {
    if case .integer(let added) = entry[orderKey] { return added }
    return Int(created.timeIntervalSince1970 * 1_000_000)
  }

  /// Two entries with their places exchanged (`J`/`K`). Two entries at the same place (two
  /// devices moved bookmarks at once) sort by id; the first then moves one microsecond past
  /// the second, to the side it was not on.
  static func exchangingPlaces(
    _ first: (id: Bookmark.ID, entry: [String: PropertyList], created: Date),
    _ second: (id: Bookmark.ID, entry: [String: PropertyList], created: Date)
  ) -> (first: PropertyList, second: PropertyList) {
    var orders = (order(of: first.entry, created: first.created), order(of: second.entry, created: second.created))
    if orders.0 == orders.1 {
      orders.1 += first.id < second.id ? 1 : -1
    }
    var a = first.entry
    var b = second.entry
    a[orderKey] = .integer(orders.1)
    b[orderKey] = .integer(orders.0)
    return (.dictionary(a), .dictionary(b))
  }

  /// A bookmark entry's bookmark and place, or `nil` if it can't be read (or is filed under
  /// a key that is not its id's).
  static func decode(_ key: String, _ value: PropertyList) -> KeyValueDecodedEntries.Decoded {
    guard let bookmark = Bookmark(propertyList: value), key == self.key(for: bookmark.id) else { return nil }
    return (bookmark, order(of: value.dictionary ?? [:], created: bookmark.created))
  }

  /// The bookmarks in a store's values, oldest first, with their folders as the records
  /// place them; the folder tree; and how many entries could not be read.
  /// `decoded` keeps the entries decoded last time, to decode only the changed ones.
  static func contents(in values: [String: PropertyList], decoded: KeyValueDecodedEntries)
    -> (bookmarks: [Bookmark], tree: FolderTree, unreadable: Int)
  {
    let (tree, unreadableFolders) = folders(in: values)
    let (bookmarks, unreadable) = bookmarks(in: values, decoded: decoded)
    return (tree.isEmpty ? bookmarks : bookmarks.map(tree.resolved), tree, unreadable + unreadableFolders)
  }

  /// The bookmarks in a store's values, oldest first, with the folder paths they carry, and
  /// how many bookmark entries could not be read. `decoded` decodes only the entries that
  /// changed since it last did.
  static func bookmarks(in values: [String: PropertyList], decoded: KeyValueDecodedEntries)
    -> (bookmarks: [Bookmark], unreadable: Int)
  {
    let all = decoded.decode(values, where: { $0.hasPrefix(prefix) }, by: decode)
    var entries = all.compactMap { $0 }
    let unreadable = all.count - entries.count
    entries.sort { ($0.order, $0.bookmark.id) < ($1.order, $1.bookmark.id) }
    return (entries.map(\.bookmark), unreadable)
  }
}
