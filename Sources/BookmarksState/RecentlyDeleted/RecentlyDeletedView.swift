import BookmarkModel

/// Recently Deleted (`D`): the bookmarks deleted on any device of the account, newest first
/// (``AppState/deleted``), one of them chosen; Enter puts it back, `d` deletes it for good,
/// `E` empties the list.
public struct RecentlyDeletedView: Hashable, Sendable {
  /// Index of the chosen bookmark in ``AppState/deleted``.
  public var selection = 0
  /// The chosen bookmark's id, so the choice stays on it when the list changes under it (a
  /// deletion on another device comes in at the top).
  public var selectedID: Bookmark.ID?
  /// True between a key and the store's answer.
  public var isWorking = false
  /// The one sentence explaining why the store could not do it.
  public var error: String?
  /// A question waiting for `y`.
  public var asking: Question?

  public enum Question: Hashable, Sendable {
    case deleteForGood(DeletedBookmark)
    /// Emptying: the bookmarks shown when `E` was pressed (not one deleted since).
    case empty([DeletedBookmark])
  }

  public init() {}

  /// Chooses a row of `deleted`, kept within it.
  package mutating func choose(_ row: Int, in deleted: [DeletedBookmark]) {
    selection = max(0, min(row, deleted.count - 1))
    selectedID = deleted.indices.contains(selection) ? deleted[selection].id : nil
  }

  /// Keeps the choice on the same bookmark in a new list (or near where it was, if it went).
  package mutating func follow(_ deleted: [DeletedBookmark]) {
    choose(selectedID.flatMap { id in deleted.firstIndex { $0.id == id } } ?? selection, in: deleted)
  }
}
