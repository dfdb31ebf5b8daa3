import BookmarkModel

/// How bookmarks sit in the key-value store: one key per bookmark, `bookmark.<id>`, whose
/// value is the bookmark's dictionary (`id`, `name`, `url`, `created`, `modified`).
///
/// One key per bookmark (not the original tutorial's one array under one key) means two
/// devices that add, edit or delete *different* bookmarks at the same time change
/// different keys, and per-key last-writer-wins keeps both changes. Two devices editing
/// the *same* bookmark: the edit the cloud sequenced last wins. Keys without the prefix
/// are left alone. The list is ordered by creation date, then id.
enum KeyValueBookmarkLayout {
  static let prefix = "bookmark."

  static func key(for id: Bookmark.ID) -> String { prefix + id }

  /// The bookmarks in a store's values, oldest first, and how many bookmark entries
  /// could not be read.
  static func bookmarks(in values: [String: PropertyList]) -> (bookmarks: [Bookmark], unreadable: Int) {
    var bookmarks: [Bookmark] = []
    var unreadable = 0
    for (key, value) in values where key.hasPrefix(prefix) {
      if let bookmark = Bookmark(propertyList: value), key == self.key(for: bookmark.id) {
        bookmarks.append(bookmark)
      } else {
        unreadable += 1
      }
    }
    bookmarks.sort { ($0.created, $0.id) < ($1.created, $1.id) }
    return (bookmarks, unreadable)
  }
}
