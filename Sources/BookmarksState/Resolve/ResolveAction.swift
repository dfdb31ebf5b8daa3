import BookmarkModel
import BookmarkStoreInterface

/// The store's answers to Resolve.
public enum ResolveAction: Hashable, Sendable {
  /// The store listed the versions of a bookmark in conflict.
  case versionsLoaded(Bookmark.ID, Result<[BookmarkVersion], FailureMessage>)
  /// The store answered a resolve.
  case resolveFinished(Bookmark.ID, FailureMessage?)
}

extension Action {
  public static func versionsLoaded(_ id: Bookmark.ID, _ result: Result<[BookmarkVersion], FailureMessage>)
    -> Action
  { .resolve(.versionsLoaded(id, result)) }
  public static func resolveFinished(_ id: Bookmark.ID, _ failure: FailureMessage?) -> Action {
    .resolve(.resolveFinished(id, failure))
  }
}
