import BookmarkModel
import BookmarkStoreInterface
import ListSearch
import Shelf

/// Something that happened: a key, a resize, or an answer from the store.
public enum Action: Hashable, Sendable {
  case keyPressed(Key)
  case resized(ScreenSize)
  case storeChanged(StoreSnapshot)
  /// The store answered an add or update from the dialog.
  case saveFinished(Result<Bookmark, FailureMessage>)
  /// The store answered a `J`/`K`, an undo or a redo.
  case changeApplied(FailureMessage?)
  /// The store answered a move of this bookmark.
  case moveFinished(Bookmark, Result<Bookmark, FailureMessage>)
  /// The store made a folder change, or could not.
  case folderChanged(FolderChange, FailureMessage?)
  /// The store answered a delete.
  case deleteFinished(Bookmark, FailureMessage?)
  /// The store listed the versions of a bookmark in conflict.
  case versionsLoaded(Bookmark.ID, Result<[BookmarkVersion], FailureMessage>)
  /// The store answered a resolve.
  case resolveFinished(Bookmark.ID, FailureMessage?)
  /// A file to import was read, or could not be.
  case importRead(Result<ImportedFile, FailureMessage>)
  /// The store listed a bookmark's history, or could not.
  case historyLoaded(Bookmark.ID, Result<BookmarkHistory, FailureMessage>)
  /// A revert finished.
  case reverted(Bookmark.ID, Result<Reverted, FailureMessage>)
  /// The store put these bookmarks back from Recently Deleted (the ones it put back), or could not.
  case deletedRestored([DeletedBookmark], Result<[Bookmark], FailureMessage>)
  /// The store deleted these bookmarks from Recently Deleted for good: how many.
  case deletedRemoved([DeletedBookmark], Result<Int, FailureMessage>)
  /// A mouse click or wheel turn the terminal reported.
  case mouse(MouseEvent)
  /// The runtime opened or copied a URL (``Effect/openURL(_:)``, ``Effect/copyURL(_:)``)
  /// and says how it went.
  case urlActionFinished(StatusMessage)
  /// The message on the bottom line has been shown long enough; the status comes back.
  case messageExpired
  /// The store is empty, but another store on this device holds bookmarks: where they are.
  case bookmarksElsewhere(String)
  /// The place the account's devices left the list at, read at the start: the list opens
  /// there unless a key was pressed already.
  case placeArrived(ReadingPlace)
  /// The `/` filter's index, built off the UI thread.
  case searchPrepared(PreparedSearch)
  /// A page's title arrived (nil: none could be had) for ``Effect/fetchTitle(_:)``.
  case titleFetched(url: String, title: String?)
  /// The store renamed a bookmark after its page, or could not.
  case retitled(Bookmark.ID, FailureMessage?)
  /// The link checks this device kept, read at the start.
  case linkChecksLoaded([Bookmark.ID: LinkCheck])
  /// One link of a `C` check was checked: `done` of `total`.
  case linkChecked(Bookmark.ID, LinkCheck, done: Int, total: Int)
  /// The store settled held-back deletes (kept or applied), or could not.
  /// The held deletes settled; deleting them, how many Recently Deleted has now.
  case heldDeletesSettled(keeping: Bool, Result<Int, FailureMessage>)
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
  /// The bookmark's page was kept (`W`): the sentence saying how; or it could not be.
  case pageArchived(Bookmark.ID, Result<String, FailureMessage>)
  /// The bookmark's kept page for the reader (`r`): nil when none is kept here.
  case archiveRead(Bookmark.ID, Result<ReaderPage?, FailureMessage>)
  /// The bookmarks whose kept page holds the text of a filter's `text:` term.
  case pageTextFound(String, Set<Bookmark.ID>)
}

/// A page of the shelf with what this account may do there.
public struct ShelfLoad: Hashable, Sendable {
  public var page: ShelfPage
  /// Nil when it could not be asked (the page came from this device's copy).
  public var access: ShelfAccess?

  public init(page: ShelfPage, access: ShelfAccess?) {
    self.page = page
    self.access = access
  }
}

/// What became of an add or an edit on the shelf.
public enum ShelfSaved: Hashable, Sendable {
  /// Added; `published` when it was one of mine (`p`).
  case added(ShelfBookmark, published: Bool)
  case edited(ShelfBookmark)
  /// Someone changed it first: this edit is kept beside theirs.
  case keptBeside(ShelfBookmark, was: String)
}

/// A failure as the sentence to show the user.
public struct FailureMessage: Error, Hashable, Sendable {
  public var text: String
  public init(_ text: String) { self.text = text }
}
