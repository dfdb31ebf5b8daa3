import BookmarkModel

/// What a store reports after each change: the bookmarks, or why they cannot be read,
/// and the status line.
public struct StoreSnapshot: Sendable, Hashable {
  public var bookmarks: Result<[Bookmark], StoreError>
  public var status: StoreStatus
  /// The bookmarks with unresolved conflict versions.
  public var conflicted: Set<Bookmark.ID>
  /// The folders the store keeps as folders of their own (empty ones included), each
  /// before its subfolders, siblings in their order. Folders that only exist as the paths
  /// bookmarks carry are not listed here.
  public var folders: [[String]]
  /// Recently Deleted, newest first (``DeletedBookmark/newestFirst(_:_:)``).
  public var deleted: [DeletedBookmark]
  /// This session's edits that incoming changes replaced unseen, oldest first (the
  /// key-value store's; the others keep conflicts instead).
  public var replacedEdits: [ReplacedEdit]
  /// Deletes from the cloud held back because they take too many at once.
  public var heldDeletes: HeldDeletes?

  public init(
    bookmarks: Result<[Bookmark], StoreError>, status: StoreStatus, conflicted: Set<Bookmark.ID> = [],
    folders: [[String]] = [], deleted: [DeletedBookmark] = [], replacedEdits: [ReplacedEdit] = [],
    heldDeletes: HeldDeletes? = nil
  ) {
    self.heldDeletes = heldDeletes
    self.bookmarks = bookmarks
    self.status = status
    self.conflicted = conflicted
    self.folders = folders
    self.deleted = deleted
    self.replacedEdits = replacedEdits
  }
}
