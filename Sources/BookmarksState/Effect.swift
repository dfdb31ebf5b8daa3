import BookmarkModel
import BookmarkStoreInterface
import Shelf

/// Work for the runtime to do, by the service that does it; its result comes back as an
/// ``Action``. Each service has one runner that handles every case of its own enum.
///
/// The static constructors below (`.add(draft)`, `.openURL(url)`, …) keep the reducer's call
/// sites short; a runner switches on the service.
public enum Effect: Hashable, Sendable {
  case store(StoreEffect)
  case shelf(ShelfEffect)
  case web(WebEffect)
  case terminal(TerminalEffect)
  case device(DeviceEffect)
}

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

/// Work for the team shelf; ``ShelfEffects`` runs it.
public enum ShelfEffect: Hashable, Sendable {
  /// Fetch a page of the team shelf; the answer is ``Action/shelfLoaded(_:_:)``.
  case loadShelf(ShelfRequest)
  /// Add a bookmark to the team shelf (`p` publishes one of mine; `+` on the shelf); the
  /// answer is ``Action/shelfSaved(_:)``.
  case addToShelf(name: String, url: String, published: Bool)
  /// Change a shelf bookmark from the version shown; the answer is ``Action/shelfSaved(_:)``.
  case editOnShelf(ShelfBookmark, name: String, url: String)
  /// Remove a bookmark from the team shelf; the answer is ``Action/shelfRemoved(_:_:)``.
  case removeFromShelf(ShelfBookmark)
}

/// Work on the web and the pages kept: titles, link checks, archives.
public enum WebEffect: Hashable, Sendable {
  /// Fetch a page's title in the background; the answer is ``Action/titleFetched(url:title:)``.
  case fetchTitle(String)
  /// Check these bookmarks' links in the background (`C`); each result comes as
  /// ``Action/linkChecked(_:_:done:total:)``.
  case checkLinks([Bookmark])
  /// Keep the bookmark's page in this device's archives (`W`); the answer is
  /// ``Action/pageArchived(_:_:)``.
  case archivePage(Bookmark)
  /// Read the bookmark's newest kept page (`r`); the answer is ``Action/archiveRead(_:_:)``.
  case readArchive(Bookmark)
  /// Find the bookmarks whose kept page holds the text (the filter's `text:`); the answer is
  /// ``Action/pageTextFound(_:_:)``.
  case searchPageText(String)
}

/// Work that needs the terminal, done between frames on the UI thread.
public enum TerminalEffect: Hashable, Sendable {
  /// Open a web URL in the user's browser (the view model lets only http and https through).
  case openURL(String)
  /// Put a URL on the user's clipboard.
  case copyURL(String)
  /// Ctrl-Z: give the terminal back to the shell until `fg`, then redraw everything.
  case suspend
}

/// Work on this device alone: a file read, the filter's index built, settings remembered.
public enum DeviceEffect: Hashable, Sendable {
  /// Reads a file to import, against the bookmarks listed now (the app's ``ImportReading``).
  case readImport(path: String, existing: [Bookmark])
  /// Build the `/` filter's index of this list off the UI thread; the answer is
  /// ``Action/searchPrepared(_:)``.
  case prepareSearch([Bookmark], generation: Int)
  /// Remember the list's order on this device.
  case rememberSortOrder(ListOrder)
  /// Remember where the list is, for the account's other devices (coalesced by the runtime's
  /// ``PlaceFollowing``).
  case rememberPlace(ReadingPlace)
}

extension Effect {
  public static func add(_ draft: BookmarkDraft) -> Effect { .store(.add(draft)) }
  public static func update(_ id: Bookmark.ID, _ draft: BookmarkDraft) -> Effect { .store(.update(id, draft)) }
  public static func delete(_ bookmark: Bookmark) -> Effect { .store(.delete(bookmark)) }
  public static func applyChange(_ change: StoreChange) -> Effect { .store(.applyChange(change)) }
  public static func move(_ bookmark: Bookmark, to: [String]) -> Effect { .store(.move(bookmark, to: to)) }
  public static func changeFolder(_ change: FolderChange) -> Effect { .store(.changeFolder(change)) }
  public static func loadVersions(_ id: Bookmark.ID) -> Effect { .store(.loadVersions(id)) }
  public static func loadHistory(_ id: Bookmark.ID) -> Effect { .store(.loadHistory(id)) }
  public static func revert(_ id: Bookmark.ID, version: String) -> Effect { .store(.revert(id, version: version)) }
  public static func resolve(_ id: Bookmark.ID, _ resolution: ConflictResolution, seen: [String]) -> Effect {
    .store(.resolve(id, resolution, seen: seen))
  }
  public static func retitle(_ id: Bookmark.ID, _ draft: BookmarkDraft) -> Effect { .store(.retitle(id, draft)) }
  public static func restoreDeleted(_ deleted: [DeletedBookmark]) -> Effect { .store(.restoreDeleted(deleted)) }
  public static func removeDeleted(_ deleted: [DeletedBookmark]) -> Effect { .store(.removeDeleted(deleted)) }
  public static func settleHeldDeletes(_ held: HeldDeletes, keeping: Bool) -> Effect {
    .store(.settleHeldDeletes(held, keeping: keeping))
  }
  public static func saveFromShelf(_ draft: BookmarkDraft) -> Effect { .store(.saveFromShelf(draft)) }
  public static func loadShelf(_ request: ShelfRequest) -> Effect { .shelf(.loadShelf(request)) }
  public static func addToShelf(name: String, url: String, published: Bool) -> Effect {
    .shelf(.addToShelf(name: name, url: url, published: published))
  }
  public static func editOnShelf(_ bookmark: ShelfBookmark, name: String, url: String) -> Effect {
    .shelf(.editOnShelf(bookmark, name: name, url: url))
  }
  public static func removeFromShelf(_ bookmark: ShelfBookmark) -> Effect { .shelf(.removeFromShelf(bookmark)) }
  public static func fetchTitle(_ url: String) -> Effect { .web(.fetchTitle(url)) }
  public static func checkLinks(_ bookmarks: [Bookmark]) -> Effect { .web(.checkLinks(bookmarks)) }
  public static func archivePage(_ bookmark: Bookmark) -> Effect { .web(.archivePage(bookmark)) }
  public static func readArchive(_ bookmark: Bookmark) -> Effect { .web(.readArchive(bookmark)) }
  public static func searchPageText(_ text: String) -> Effect { .web(.searchPageText(text)) }
  public static func openURL(_ url: String) -> Effect { .terminal(.openURL(url)) }
  public static func copyURL(_ url: String) -> Effect { .terminal(.copyURL(url)) }
  public static var suspend: Effect { .terminal(.suspend) }
  public static func readImport(path: String, existing: [Bookmark]) -> Effect {
    .device(.readImport(path: path, existing: existing))
  }
  public static func prepareSearch(_ bookmarks: [Bookmark], generation: Int) -> Effect {
    .device(.prepareSearch(bookmarks, generation: generation))
  }
  public static func rememberSortOrder(_ order: ListOrder) -> Effect { .device(.rememberSortOrder(order)) }
  public static func rememberPlace(_ place: ReadingPlace) -> Effect { .device(.rememberPlace(place)) }
}
