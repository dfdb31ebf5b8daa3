import BookmarkModel

/// The answers about pages kept: `W`, the reader's `r`, the filter's `text:`.
public enum PageAction: Hashable, Sendable {
  /// The bookmark's page was kept (`W`): the sentence saying how; or it could not be.
  case pageArchived(Bookmark.ID, Result<String, FailureMessage>)
  /// The bookmark's kept page for the reader (`r`): nil when none is kept here.
  case archiveRead(Bookmark.ID, Result<ReaderPage?, FailureMessage>)
  /// The bookmarks whose kept page holds the text of a filter's `text:` term.
  case pageTextFound(String, [Bookmark.ID])
  /// Which of the bookmarks asked about (``Effect/findKeptPages(_:)``) have a page kept here.
  case keptPagesLoaded(Set<Bookmark.ID>)
}

extension Action {
  public static func pageArchived(_ id: Bookmark.ID, _ result: Result<String, FailureMessage>) -> Action {
    .pages(.pageArchived(id, result))
  }
  public static func archiveRead(_ id: Bookmark.ID, _ result: Result<ReaderPage?, FailureMessage>) -> Action {
    .pages(.archiveRead(id, result))
  }
  public static func pageTextFound(_ text: String, _ ids: [Bookmark.ID]) -> Action {
    .pages(.pageTextFound(text, ids))
  }
  public static func keptPagesLoaded(_ ids: Set<Bookmark.ID>) -> Action { .pages(.keptPagesLoaded(ids)) }
}
