import BookmarkModel

/// The defaults, all in one place: what a store without a cloud, a quota or versions does.
extension BookmarkStore {
  /// Local stores have nothing to sync.
  @discardableResult
  public func sync() async -> StoreStatus? { nil }

  /// An import of bookmarks alone.
  public func importBookmarks(_ bookmarks: [Bookmark]) async throws {
    try await importBookmarks(bookmarks, folders: [])
  }

  /// No limit.
  public func remainingCapacity() async -> Int? { nil }

  /// The store's snapshot now: the first one ``changes()`` sends.
  public func snapshot() async -> StoreSnapshot? {
    for await snapshot in changes() { return snapshot }
    return nil
  }

  /// Nothing is held back in a store that doesn't sync.
  public func settleHeldDeletes(_ shown: HeldDeletes, keeping: Bool) async throws {
    throw StoreError.heldDeletesChanged
  }

  /// Nothing is ever in conflict in a store without versions.
  public func conflictVersions(of id: Bookmark.ID) async throws -> [BookmarkVersion] { [] }

  /// No history in a store without versions.
  public func history(of id: Bookmark.ID) async throws -> BookmarkHistory {
    throw StoreError.noHistory(backend)
  }

  @discardableResult
  public func revert(id: Bookmark.ID, to version: String) async throws -> Reverted {
    throw StoreError.noHistory(backend)
  }

  @discardableResult
  public func resolveConflict(of id: Bookmark.ID, _ resolution: ConflictResolution, seen: [String]) async throws
    -> [Bookmark]
  {
    throw StoreError.notFound(id)
  }
}
