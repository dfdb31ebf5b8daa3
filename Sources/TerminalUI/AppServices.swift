import BookmarkStoreInterface
import BookmarksState
import Shelf

/// Everything the full-screen app works with, in one value (``TerminalApp/run(_:)``): the
/// store, and what the app may use besides it. Only `store` and `environment` are needed;
/// each service left out turns its keys into a sentence saying why they can't act.
public struct AppServices: Sendable {
  /// The bookmarks.
  public var store: any BookmarkStore
  /// The process's environment (TERM, the browser, the message time, a trace log).
  public var environment: [String: String]
  /// The title on the top line.
  public var title = "Cloudy"
  /// False leaves the mouse to the terminal (`--no-mouse`), so text can be selected as usual.
  public var mouse = true
  /// Where the account keeps its place in the list: read once at the start (the list opens
  /// there unless a key was pressed first), told as the user moves.
  public var place: (any PlaceFollowing)?
  /// Asked once when the store turns out empty: where else on this device bookmarks are, in
  /// one sentence for the empty screen.
  public var bookmarksElsewhere: (@Sendable () async -> String?)?
  /// The order the list opens in.
  public var sortOrder: ListOrder = .manual
  /// Told (off the UI thread) each time the user picks another order.
  public var rememberSortOrder: (@Sendable (ListOrder) -> Void)?
  /// Titles and link checks; nil leaves the web alone (no title is fetched, `C` says links
  /// can't be checked).
  public var pages: PageServices?
  /// The list's `I`: reads a file to import.
  public var readImport: ImportReading?
  /// Kept pages: `W` keeps one, `r` reads it.
  public var archives: ArchiveServices?
  /// Keep the page of each bookmark added with the dialog (`config set archive-on-add on`).
  public var archivesOnAdd = false
  /// The cloud's team shelf (`Tab`), followed live once it is first shown.
  public var shelf: (any ShelfService)?
  /// Open on the shelf, as if Tab was pressed first (`cloudy --shelf`).
  public var startOnShelf = false

  public init(store: any BookmarkStore, environment: [String: String]) {
    self.store = store
    self.environment = environment
  }
}
