import BookmarkModel
import BookmarksState

/// What the app can do with this device's kept pages, handed in by the command that starts it
/// (which alone knows the archives and HTTP): keep a bookmark's page (`W`), and read the newest
/// kept one (`r`).
public struct ArchiveServices: Sendable {
  /// Fetches and keeps the page: the sentence saying what was kept, or why not.
  public var archive: @Sendable (Bookmark) async -> Result<String, FailureMessage>
  /// The newest kept page of the bookmark, nil when none is kept here.
  public var read: @Sendable (Bookmark) async -> Result<ReaderPage?, FailureMessage>
  /// The bookmarks whose kept page holds the text, best first (the filter's `text:`).
  public var search: @Sendable (String) async -> [Bookmark.ID]
  /// Which of these bookmarks have a page kept on this device.
  public var kept: @Sendable (Set<Bookmark.ID>) async -> Set<Bookmark.ID>

  public init(
    archive: @escaping @Sendable (Bookmark) async -> Result<String, FailureMessage>,
    read: @escaping @Sendable (Bookmark) async -> Result<ReaderPage?, FailureMessage>,
    search: @escaping @Sendable (String) async -> [Bookmark.ID],
    kept: @escaping @Sendable (Set<Bookmark.ID>) async -> Set<Bookmark.ID> = { _ in [] }
  ) {
    self.archive = archive
    self.read = read
    self.search = search
    self.kept = kept
  }
}
