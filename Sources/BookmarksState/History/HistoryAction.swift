import BookmarkModel
import BookmarkStoreInterface

/// The store's answers to History (`H`).
public enum HistoryAction: Hashable, Sendable {
  /// The store listed a bookmark's history, or could not.
  case historyLoaded(Bookmark.ID, Result<BookmarkHistory, FailureMessage>)
  /// A revert finished.
  case reverted(Bookmark.ID, Result<Reverted, FailureMessage>)
}

extension Action {
  public static func historyLoaded(_ id: Bookmark.ID, _ result: Result<BookmarkHistory, FailureMessage>) -> Action {
    .history(.historyLoaded(id, result))
  }
  public static func reverted(_ id: Bookmark.ID, _ result: Result<Reverted, FailureMessage>) -> Action {
    .history(.reverted(id, result))
  }
}
