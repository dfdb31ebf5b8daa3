import BookmarkModel

/// Defaults for the import requirements, so a backend builds before it supports imports.
extension BookmarkStore {
  public func importBookmarks(_ bookmarks: [Bookmark]) async throws {
    throw StoreError.unavailable(backend)
  }

  public func remainingCapacity() async -> Int? { nil }

  public func removeBookmarks(_ ids: Set<Bookmark.ID>) async throws {
    for bookmark in try await load() where ids.contains(bookmark.id) {
      try await delete(id: bookmark.id)
    }
  }
}
