import BookmarkModel

/// A bookmark as `list --json` prints it: its JSON form, plus `"conflict": true` while it
/// has unresolved conflict versions.
package struct ListedBookmark: Encodable {
  var bookmark: Bookmark
  var conflict: Bool

  package init(bookmark: Bookmark, conflict: Bool) {
    self.bookmark = bookmark
    self.conflict = conflict
  }

  private enum Key: String, CodingKey { case conflict }

  package func encode(to encoder: any Encoder) throws {
    try bookmark.encode(to: encoder)
    if conflict {
      var container = encoder.container(keyedBy: Key.self)
      try container.encode(true, forKey: .conflict)
    }
  }
}
