import BookmarkModel

/// Defaults for the import requirements, so a backend builds before it supports imports.
extension BookmarkStore {
  public func importBookmarks(_ bookmarks: [Bookmark]) async throws {
    throw StoreError.unavailable(backend)
  }

  public func remainingCapacity() async -> Int? { nil }
}
