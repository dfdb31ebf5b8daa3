import BookmarkModel

/// A bookmark saved from the Add dialog with an empty name while its page's title was still
/// on its way: when the title comes, it renames the bookmark, but only if the bookmark still
/// has the name it was saved with.
struct AwaitedTitle: Hashable, Sendable {
  /// Nil until the store answered the add.
  var id: Bookmark.ID?
  /// The name it was saved with (its host).
  var savedName: String
  /// The title, when it came before the store's answer.
  var title: String?
}
