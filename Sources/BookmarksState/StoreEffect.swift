import BookmarkModel
import BookmarkStoreInterface

/// Work for the bookmark store; ``StoreEffects`` runs it.
public enum StoreEffect: Hashable, Sendable {
  case add(BookmarkDraft)
  case update(Bookmark.ID, BookmarkDraft)
  case delete(Bookmark)
  /// Make a change (`J`/`K`), or undo or redo one: the answer is ``Action/changeApplied(_:)``.
  case applyChange(StoreChange)
  /// Move a bookmark to a folder (`[]`: the top level); the answer is ``Action/moveFinished(_:_:)``.
  case move(Bookmark, to: [String])
  /// Make, rename, move or delete a folder; the answer is ``Action/folderChanged(_:_:)``.
  case changeFolder(FolderChange)
  /// List the versions of a bookmark in conflict.
  case loadVersions(Bookmark.ID)
  /// Lists a bookmark's history (``BookmarkStore/history(of:)``).
  case loadHistory(Bookmark.ID)
  /// Makes an old version of a bookmark current again (``BookmarkStore/revert(id:to:)``).
  case revert(Bookmark.ID, version: String)
  /// Settle a conflict as the resolution says, if its versions are still the ones seen.
  case resolve(Bookmark.ID, ConflictResolution, seen: [String])
  /// Name a bookmark after its page (a title that arrived after Save); the answer is
  /// ``Action/retitled(_:_:)``.
  case retitle(Bookmark.ID, BookmarkDraft)
  /// Put these bookmarks back from Recently Deleted; the answer is
  /// ``Action/deletedRestored(_:_:)``.
  case restoreDeleted([DeletedBookmark])
  /// Delete these bookmarks from Recently Deleted for good; the answer is
  /// ``Action/deletedRemoved(_:_:)``.
  case removeDeleted([DeletedBookmark])
  /// Settle the deletes from another device held back that were shown: apply them here, or
  /// keep the bookmarks.
  case settleHeldDeletes(HeldDeletes, keeping: Bool)
  /// Save a shelf bookmark into my bookmarks (`P`); the answer is ``Action/savedFromShelf(_:)``.
  case saveFromShelf(BookmarkDraft)
}
