import BookmarkModel

/// The store's answer to the Add/Edit dialog.
public enum DialogAction: Hashable, Sendable {
  /// The store answered an add or update from the dialog.
  case saveFinished(Result<Bookmark, FailureMessage>)
}

extension Action {
  public static func saveFinished(_ result: Result<Bookmark, FailureMessage>) -> Action {
    .dialog(.saveFinished(result))
  }
}
