import BookmarkModel
import BookmarkStoreInterface

/// The store's answer to the Add/Edit dialog.
public enum DialogAction: Hashable, Sendable {
  /// The store answered an add or update from the dialog, with its snapshot after the write
  /// (``BookmarkStore/lastSnapshot``): the one answer a save gets.
  case saveFinished(Result<Bookmark, FailureMessage>, StoreSnapshot?)
}

extension Action {
  public static func saveFinished(_ result: Result<Bookmark, FailureMessage>, snapshot: StoreSnapshot? = nil) -> Action
  {
    .dialog(.saveFinished(result, snapshot))
  }
}
