import BookmarkModel

/// Recently Deleted (`D`): the bookmarks deleted on any device of the account, newest first
/// (``AppState/deleted``), one of them chosen; Enter puts it back, `d` deletes it for good,
/// `E` empties the list.
public struct RecentlyDeletedView: Hashable, Sendable {
  /// Index of the chosen bookmark in ``AppState/deleted``.
  public var selection = 0
  /// True between a key and the store's answer.
  public var isWorking = false
  /// The one sentence explaining why the store could not do it.
  public var error: String?
  /// A question waiting for `y`.
  public var asking: Question?

  public enum Question: Hashable, Sendable {
    case deleteForGood(DeletedBookmark)
    case empty(count: Int)
  }

  public init() {}
}
