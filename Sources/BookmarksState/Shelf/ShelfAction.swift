import BookmarkModel
import Shelf

/// The team shelf's answers.
public enum ShelfAction: Hashable, Sendable {
  /// The team shelf answered a fetch (a page, and what this account may do), or could not.
  case shelfLoaded(ShelfRequest, Result<ShelfLoad, FailureMessage>)
  /// The team shelf changed (another account, or its roles): the page shown is fetched again.
  case shelfChanged
  /// The team shelf took an add or an edit, or could not.
  case shelfSaved(Result<ShelfSaved, FailureMessage>)
  /// The team shelf removed a bookmark, or could not.
  case shelfRemoved(ShelfBookmark, FailureMessage?)
  /// A shelf bookmark was saved into my bookmarks (`P`), or could not be.
  case savedFromShelf(Result<Bookmark, FailureMessage>)
}

extension Action {
  public static func shelfLoaded(_ request: ShelfRequest, _ result: Result<ShelfLoad, FailureMessage>) -> Action {
    .shelf(.shelfLoaded(request, result))
  }
  public static var shelfChanged: Action { .shelf(.shelfChanged) }
  public static func shelfSaved(_ result: Result<ShelfSaved, FailureMessage>) -> Action { .shelf(.shelfSaved(result)) }
  public static func shelfRemoved(_ bookmark: ShelfBookmark, _ failure: FailureMessage?) -> Action {
    .shelf(.shelfRemoved(bookmark, failure))
  }
  public static func savedFromShelf(_ result: Result<Bookmark, FailureMessage>) -> Action {
    .shelf(.savedFromShelf(result))
  }
}
