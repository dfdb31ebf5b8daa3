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

  /// Every bookmark read, and those asked for kept.
  public func bookmarks(withIDs ids: Set<Bookmark.ID>) async throws -> [Bookmark] {
    try await load().filter { ids.contains($0.id) }
  }

  /// Nothing to stamp a snapshot with.
  public func stampedSnapshot() async -> StampedSnapshot? { nil }

  /// No limit.
  public func remainingCapacity() async -> Int? { nil }

  /// The store's snapshot now: the first one ``changes()`` sends.
  public func snapshot() async -> StoreSnapshot? {
    for await snapshot in changes() { return snapshot }
    return nil
  }

  /// A local store: it doesn't sync.
  public var synced: (any SyncedBookmarkStore)? { nil }

  /// A store without versions.
  public var versioned: (any VersionedBookmarkStore)? { nil }
}
