import BookmarkModel
import BookmarkStoreInterface

/// The store's answers to Recently Deleted, and to the question about held deletes.
public enum RecentlyDeletedAction: Hashable, Sendable {
  /// The store put these bookmarks back (the ones it put back), or could not.
  case deletedRestored([DeletedBookmark], Result<[Bookmark], FailureMessage>)
  /// The store deleted these bookmarks from Recently Deleted for good: how many.
  case deletedRemoved([DeletedBookmark], Result<Int, FailureMessage>)
  /// The held deletes settled; deleting them, how many Recently Deleted has now.
  case heldDeletesSettled(keeping: Bool, Result<Int, FailureMessage>)
}

extension Action {
  public static func deletedRestored(_ asked: [DeletedBookmark], _ result: Result<[Bookmark], FailureMessage>)
    -> Action
  { .recentlyDeleted(.deletedRestored(asked, result)) }
  public static func deletedRemoved(_ removing: [DeletedBookmark], _ result: Result<Int, FailureMessage>) -> Action {
    .recentlyDeleted(.deletedRemoved(removing, result))
  }
  public static func heldDeletesSettled(keeping: Bool, _ result: Result<Int, FailureMessage>) -> Action {
    .recentlyDeleted(.heldDeletesSettled(keeping: keeping, result))
  }
}
