import BookmarkModel

/// A store that syncs through a cloud (the key-value and document stores): besides what every
/// store does, it can hold back a mass delete another device made until the user chooses.
/// The screen and the commands reach it through ``BookmarkStore/synced``.
public protocol SyncedBookmarkStore: BookmarkStore {
  /// Settles the deletes held back that were shown (``StoreSnapshot/heldDeletes``): applies
  /// them here too, or, `keeping`, keeps the bookmarks on every device (each comes back from
  /// the deleting device's Recently Deleted copy when that is newer, else this device's copy
  /// is saved again, which wins over the delete). Syncs to do it. Throws
  /// ``StoreError/heldDeletesChanged`` if what is held is not what was shown (nothing held
  /// included), and ``StoreError/heldDeletesNotSettled`` if the cloud could not be reached
  /// (they stay held). Returns how many of the bookmarks deleted here Recently Deleted has
  /// now (0 when keeping): the copies that came with the deletes, less any emptied, expired or
  /// deleted for good since they were shown.
  @discardableResult
  func settleHeldDeletes(_ shown: HeldDeletes, keeping: Bool) async throws -> Int
}

extension SyncedBookmarkStore {
  public var synced: (any SyncedBookmarkStore)? { self }
}
