import BookmarkModel

/// A store that keeps versions (the document store): conflicts with every version kept, and
/// a history each bookmark can go back to. The screen offers History and Resolve, and the
/// commands `history` and `revert`, only through ``BookmarkStore/versioned``.
public protocol VersionedBookmarkStore: SyncedBookmarkStore {
  /// The versions of a bookmark in conflict, the current one first; empty when it is not
  /// in conflict.
  func conflictVersions(of id: Bookmark.ID) async throws -> [BookmarkVersion]

  /// Resolves a conflict as `resolution` says, in one write, if the bookmark's versions are
  /// still the ones in `seen` (a version that arrived since is never dropped unseen:
  /// ``StoreError/versionsChanged(_:)``, and nothing changes). Returns the bookmarks made
  /// of other versions (``ConflictResolution/keepAll(versionID:)``).
  @discardableResult
  func resolveConflict(of id: Bookmark.ID, _ resolution: ConflictResolution, seen: [String]) async throws
    -> [Bookmark]

  /// A bookmark's saved versions, oldest first, the version it is now last. Throws
  /// ``StoreError/historyOfDeleted(_:device:)`` for one in Recently Deleted.
  func history(of id: Bookmark.ID) async throws -> BookmarkHistory

  /// Makes an old version (an id from ``history(of:)``, or the start of one) the bookmark's
  /// current version again, as a new version that syncs. A folder it was in that is gone is
  /// made again.
  @discardableResult
  func revert(id: Bookmark.ID, to version: String) async throws -> Reverted
}

extension VersionedBookmarkStore {
  public var versioned: (any VersionedBookmarkStore)? { self }
}
