import BookmarkModel

/// What a store reports after each change: the bookmarks, or why they cannot be read,
/// and the status line.
public struct StoreSnapshot: Sendable, Hashable {
  public var bookmarks: Result<[Bookmark], StoreError>
  public var status: StoreStatus
  /// The bookmarks with unresolved conflict versions.
  public var conflicted: Set<Bookmark.ID>

  public init(bookmarks: Result<[Bookmark], StoreError>, status: StoreStatus, conflicted: Set<Bookmark.ID> = []) {
    self.bookmarks = bookmarks
    self.status = status
    self.conflicted = conflicted
  }
}
