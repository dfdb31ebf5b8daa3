import BookmarkModel

/// The store's answers to the list's changes.
public enum ListAction: Hashable, Sendable {
  /// The store answered a `J`/`K`, an undo or a redo.
  case changeApplied(FailureMessage?)
  /// The store answered a delete.
  case deleteFinished(Bookmark, FailureMessage?)
}

extension Action {
  public static func changeApplied(_ failure: FailureMessage?) -> Action { .list(.changeApplied(failure)) }
  public static func deleteFinished(_ bookmark: Bookmark, _ failure: FailureMessage?) -> Action {
    .list(.deleteFinished(bookmark, failure))
  }
}
