import BookmarkModel

/// The store's answers to moves and folder changes.
public enum FoldersAction: Hashable, Sendable {
  /// The store answered a move of this bookmark.
  case moveFinished(Bookmark, Result<Bookmark, FailureMessage>)
  /// The store made a folder change, or could not.
  case folderChanged(FolderChange, FailureMessage?)
}

extension Action {
  public static func moveFinished(_ bookmark: Bookmark, _ result: Result<Bookmark, FailureMessage>) -> Action {
    .folders(.moveFinished(bookmark, result))
  }
  public static func folderChanged(_ change: FolderChange, _ failure: FailureMessage?) -> Action {
    .folders(.folderChanged(change, failure))
  }
}
