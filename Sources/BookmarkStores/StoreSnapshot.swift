import BookmarkModel

/// What a store reports after each change: the bookmarks, or why they cannot be read,
/// and the status line.
public struct StoreSnapshot: Sendable, Hashable {
  public var bookmarks: Result<[Bookmark], StoreError>
  public var status: StoreStatus

  public init(bookmarks: Result<[Bookmark], StoreError>, status: StoreStatus) {
    self.bookmarks = bookmarks
    self.status = status
  }
}
