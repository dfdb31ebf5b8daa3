import BookmarkModel
import BookmarkStoreInterface
import Foundation
import Shelf

/// Everything the screen shows. The screen is a pure function of this state.
public struct AppState: Hashable, Sendable {
  public var title: String
  /// The bookmarks in ``sortOrder``.
  public var bookmarks: [Bookmark]
  /// How the list is ordered (`s` cycles).
  public var sortOrder: ListOrder = .manual
  /// The folder the list shows, or every bookmark flat (`A`).
  public var place: ListPlace = .top
  /// The subfolders of the folder shown, listed before its bookmarks (none in the flat list).
  public var folderRows: [FolderRow] = []
  /// The folders the store keeps as folders of their own, in its order (empty ones too).
  public var storeFolders: [[String]] = []
  /// Positions in ``bookmarks`` of the bookmarks directly in the folder shown; nil when the
  /// list shows every bookmark (the flat list, or a store without folders).
  public var placeBookmarks: [Int]? = nil
  /// False until the store's first snapshot arrives.
  public var isLoaded: Bool
  /// Why the stored bookmarks can't be shown (an unreadable file), if they can't.
  public var loadProblem: String?
  public var status: StoreStatus
  /// The `/` filter, while one is typed or kept; the list then shows only its matches.
  public var filter: ListFilter? = nil
  /// Row of the selected bookmark in the shown (possibly filtered) list; meaningful while
  /// that list is not empty.
  public var selection: Int
  /// Row of the first bookmark on screen, in the shown list.
  public var scrollTop: Int
  public var isEditing: Bool
  /// The bookmarks with unresolved conflict versions (marked ⚠ in the list).
  public var conflicted: Set<Bookmark.ID>
  /// Recently Deleted, newest first, as the store last reported it.
  public var deleted: [DeletedBookmark] = []
  /// Deletes from another device the store holds back (too many at once), until settled.
  public var heldDeletes: HeldDeletes?
  /// What this device's link checks found, by bookmark (see ``linkStatus(of:)``).
  public var linkChecks: [Bookmark.ID: LinkCheck] = [:]
  /// The bookmarks with a page kept on this device (`W`): a dead link's row offers it.
  public var keptPages: Set<Bookmark.ID> = []
  /// How far a `C` check is, while one runs.
  public var linkCheckProgress: LinkCheckProgress?
  /// The time zone the resolve dialog, Recently Deleted and a history show times in: this
  /// device's unless set. Asked for only when one of them is drawn: finding this device's
  /// loads ICU's time-zone data, 1.5–3 MB resident, which a session that never shows a time
  /// need not hold.
  public var timeZone: TimeZone {
    get { chosenTimeZone ?? .current }
    set { chosenTimeZone = newValue }
  }
  private var chosenTimeZone: TimeZone?
  public var modal: Modal?
  /// A notice or answer on the bottom line: it lasts until the next key or a few seconds
  /// (the runtime sends ``Action/messageExpired``), then the status comes back.
  public var message: StatusMessage?
  /// Keys typed while a save, a `J`/`K`, an undo or a redo was in flight, applied in order
  /// once the store answers.
  public var typeAhead: [Key] = []
  /// True while the store exchanges two bookmarks' places (`J`/`K`) or undoes or redoes a
  /// change: keys wait meanwhile, so `JJJ` or `uuu` go one step at a time, in order.
  public var isWaitingForStore = false
  /// Where this device's bookmarks are when the chosen store is empty but another is not.
  public var bookmarksElsewhere: String?
  public var size: ScreenSize
  public var shouldQuit: Bool
  /// The team shelf, when the app has one (``BookmarksViewModel/offersShelf``).
  public var shelf: ShelfTab?
  /// True while the shelf is shown instead of my bookmarks (`Tab`).
  public var showsShelf = false
  /// The reader (`r`), over everything while it is open.
  public var reader: ReaderView?
  /// The room the help was opened in: its table comes first, and closing the help goes back
  /// to it (``helpOver`` is what was open there).
  public var helpRoom: HelpRoom?
  /// What was on top of the list when the help was opened in a room.
  public var helpOver: Modal?

  public init(title: String = "Cloudy", backend: StoreBackend, size: ScreenSize = ScreenSize(columns: 80, rows: 24)) {
    self.title = title
    bookmarks = []
    isLoaded = false
    loadProblem = nil
    status = StoreStatus(backend: backend, sync: .local)
    selection = 0
    scrollTop = 0
    isEditing = false
    conflicted = []
    chosenTimeZone = nil
    modal = nil
    message = nil
    self.size = size
    shouldQuit = false
  }

  /// What the last check of a bookmark's link found, while its URL is still the one checked.
  public func linkStatus(of bookmark: Bookmark) -> LinkStatus? {
    guard let check = linkChecks[bookmark.id], check.url == bookmark.url else { return nil }
    return check.status
  }

  /// The selected bookmark, if any (nil on a folder row).
  public var selectedBookmark: Bookmark? {
    (0..<shownCount).contains(selection) ? shownBookmark(at: selection) : nil
  }

  /// The selected folder row, if a folder row is selected.
  public var selectedFolder: FolderRow? {
    selection >= 0 && selection < shownFolders.count ? shownFolders[selection] : nil
  }

  /// True when the selected bookmark has unresolved conflict versions.
  public var selectionIsConflicted: Bool {
    selectedBookmark.map { conflicted.contains($0.id) } ?? false
  }

  /// True below the smallest size Cloudy draws into: only resize and quit act then.
  public var isTooSmall: Bool {
    size.columns < ScreenSize.smallestDrawn.columns || size.rows < ScreenSize.smallestDrawn.rows
  }

  /// The dialog, if it is open.
  public var dialog: BookmarkDialog? {
    if case .dialog(let dialog) = modal { return dialog }
    return nil
  }
}

/// A terminal size in cells.
public struct ScreenSize: Hashable, Sendable {
  /// The smallest window Cloudy draws into (``BookmarksScreen/minimumSize``).
  package static let smallestDrawn = ScreenSize(columns: 40, rows: 10)

  public var columns: Int
  public var rows: Int
  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }
}
