import BookmarkModel

/// The folder picker of `m`: where to move a bookmark.
public struct FolderPicker: Hashable, Sendable {
  /// The bookmark to move.
  public var bookmark: Bookmark
  /// The folders it can go to, the top level (`[]`) first, then every folder depth first.
  public var destinations: [[String]]
  /// The destination chosen; it starts on the bookmark's own folder.
  public var selection: Int

  /// How far PgUp and PgDn move.
  static let page = 8

  public init(bookmark: Bookmark, destinations: [[String]], selection: Int) {
    self.bookmark = bookmark
    self.destinations = destinations
    self.selection = selection
  }

  mutating func select(_ row: Int) {
    selection = min(max(0, row), destinations.count - 1)
  }
}
