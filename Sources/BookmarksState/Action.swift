import BookmarkModel
import BookmarkStoreInterface
import ListSearch
import Shelf

/// Something that happened: a key, a resize, a change of the store, or a room's answer.
///
/// The screen's own events are cases of their own; the answers to a room's effects are nested
/// by room (``DialogAction``, ``ResolveAction``, …), and the root reducer hands each to its
/// room's extension, which switches over all of it. Static constructors (`.saveFinished(…)`,
/// `.versionsLoaded(…)`) keep the call sites short, as ``Effect``'s do.
public enum Action: Hashable, Sendable {
  case keyPressed(Key)
  case resized(ScreenSize)
  case storeChanged(StoreSnapshot)
  /// A mouse click or wheel turn the terminal reported.
  case mouse(MouseEvent)
  /// The message on the bottom line has been shown long enough; the status comes back.
  case messageExpired
  /// The store is empty, but another store on this device holds bookmarks: where they are.
  case bookmarksElsewhere(String)
  /// The place the account's devices left the list at, read at the start: the list opens
  /// there unless a key was pressed already.
  case placeArrived(ReadingPlace)
  /// The `/` filter's index, built off the UI thread.
  case searchPrepared(PreparedSearch)
  /// The runtime opened or copied a URL (``Effect/openURL(_:)``, ``Effect/copyURL(_:)``)
  /// and says how it went.
  case urlActionFinished(StatusMessage)
  /// The list's changes: a delete, a `J`/`K`, an undo or a redo.
  case list(ListAction)
  case dialog(DialogAction)
  case folders(FoldersAction)
  case resolve(ResolveAction)
  case history(HistoryAction)
  case recentlyDeleted(RecentlyDeletedAction)
  case importFile(ImportAction)
  case shelf(ShelfAction)
  /// Titles and link checks.
  case web(WebAction)
  /// Pages kept, the reader and the filter's `text:`.
  case pages(PageAction)
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
