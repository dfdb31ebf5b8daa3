import BookmarkModel
import BookmarkStoreInterface
import Shelf

/// Work for the runtime to do; its result comes back as an ``Action``.
public enum Effect: Hashable, Sendable {
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
  /// Reads a file to import, against the bookmarks listed now (the app's ``ImportReading``).
  case readImport(path: String, existing: [Bookmark])
  /// Lists a bookmark's history (``BookmarkStore/history(of:)``).
  case loadHistory(Bookmark.ID)
  /// Makes an old version of a bookmark current again (``BookmarkStore/revert(id:to:)``).
  case revert(Bookmark.ID, version: String)
  /// Settle a conflict as the resolution says, if its versions are still the ones seen.
  case resolve(Bookmark.ID, ConflictResolution, seen: [String])
  /// Open a web URL in the user's browser (the view model lets only http and https through).
  case openURL(String)
  /// Put a URL on the user's clipboard.
  case copyURL(String)
  /// Ctrl-Z: give the terminal back to the shell until `fg`, then redraw everything.
  case suspend
  /// Build the `/` filter's index of this list off the UI thread; the answer is
  /// ``Action/searchPrepared(_:)``.
  case prepareSearch([Bookmark], generation: Int)
  /// Remember the list's order on this device.
  case rememberSortOrder(ListOrder)
  /// Remember where the list is, for the account's other devices (coalesced by the runtime's
  /// ``PlaceFollowing``).
  case rememberPlace(ReadingPlace)
  /// Fetch a page's title in the background; the answer is ``Action/titleFetched(url:title:)``.
  case fetchTitle(String)
  /// Name a bookmark after its page (a title that arrived after Save); the answer is
  /// ``Action/retitled(_:_:)``.
  case retitle(Bookmark.ID, BookmarkDraft)
  /// Put these bookmarks back from Recently Deleted; the answer is
  /// ``Action/deletedRestored(_:_:)``.
  case restoreDeleted([DeletedBookmark])
  /// Delete these bookmarks from Recently Deleted for good; the answer is
  /// ``Action/deletedRemoved(_:_:)``.
  case removeDeleted([DeletedBookmark])
  /// Check these bookmarks' links in the background (`C`); each result comes as
  /// ``Action/linkChecked(_:_:done:total:)``.
  case checkLinks([Bookmark])
  /// Settle the deletes from another device held back that were shown: apply them here, or
  /// keep the bookmarks.
  case settleHeldDeletes(HeldDeletes, keeping: Bool)
  /// Fetch a page of the team shelf; the answer is ``Action/shelfLoaded(_:_:)``.
  case loadShelf(ShelfRequest)
  /// Add a bookmark to the team shelf (`p` publishes one of mine; `+` on the shelf); the
  /// answer is ``Action/shelfSaved(_:)``.
  case addToShelf(name: String, url: String, published: Bool)
  /// Change a shelf bookmark from the version shown; the answer is ``Action/shelfSaved(_:)``.
  case editOnShelf(ShelfBookmark, name: String, url: String)
  /// Remove a bookmark from the team shelf; the answer is ``Action/shelfRemoved(_:_:)``.
  case removeFromShelf(ShelfBookmark)
  /// Save a shelf bookmark into my bookmarks (`P`); the answer is ``Action/savedFromShelf(_:)``.
  case saveFromShelf(BookmarkDraft)
  /// Keep the bookmark's page in this device's archives (`W`); the answer is
  /// ``Action/pageArchived(_:_:)``.
  case archivePage(Bookmark)
  /// Read the bookmark's newest kept page (`r`); the answer is ``Action/archiveRead(_:_:)``.
  case readArchive(Bookmark)
  /// Find the bookmarks whose kept page holds the text (the filter's `text:`); the answer is
  /// ``Action/pageTextFound(_:_:)``.
  case searchPageText(String)
}
