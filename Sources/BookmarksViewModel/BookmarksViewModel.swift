import BookmarkModel
import BookmarkStoreInterface
import BookmarksDrawing
import BookmarksState
import ListSearch

/// The screen's logic: state plus `send(action) -> effects`. Pure: no terminal, no I/O.
public struct BookmarksViewModel: Sendable {
  public internal(set) var state: AppState
  /// The folded index the `/` filter searches, kept between keystrokes.
  var search = BookmarkSearch()
  /// Changes this session asked for that the store has not echoed yet, by bookmark.
  var ownChanges: [Bookmark.ID: OwnChange] = [:]
  /// Which of the store's snapshots are shown: not its echo of a save's answer, nor older ones.
  var snapshots = SnapshotGate()
  /// True when the runtime builds the filter's index off the UI thread
  /// (``Effect/prepareSearch(_:generation:)``); false builds it on `/`, synchronously.
  public var preparesSearchInBackground = false
  /// Counts the versions of the list, so an index built for an older one is dropped.
  var listGeneration = 0
  /// The list version whose index is being built off the UI thread.
  var searchInPreparation: Int?
  /// The bookmarks in the store's order; ``AppState/bookmarks`` is them in
  /// ``AppState/sortOrder``.
  var storeOrder: [Bookmark] = []
  /// The folder tree of ``AppState/bookmarks``; nil once the list changed, until it is
  /// needed again.
  var folderIndex: FolderIndex?
  /// The folder the flat list (`A`) was opened from, which `←` or `A` goes back to.
  var folderBeforeAll: [String] = []
  /// The tags in use, most used first, for the dialog's suggestions: counted when the dialog
  /// first opens after the list changed.
  var knownTags: (generation: Int, tags: [String])?
  /// True when the runtime keeps the place for the account (``Effect/rememberPlace(_:)``).
  public var followsPlace = false
  /// The place last told to the runtime, or arrived from it: where the next start opens.
  public internal(set) var reportedPlace: ReadingPlace?
  /// A place that arrived before the bookmarks, applied with them.
  var arrivedPlace: ReadingPlace?
  /// True once a key or click was handled: a place arriving after that is not applied.
  var hasMoved = false
  /// Changes made in this session, the last at the end: `u` takes them back.
  var undoStack: [UndoStep] = []
  /// Changes taken back, the last at the end: `U` makes them again.
  var redoStack: [UndoStep] = []
  /// The replaced edits already told of (``ReplacedEdit/id``).
  var toldReplacedEdits: Set<String> = []
  /// The held-back deletes last asked about.
  var askedHeldDeletes: HeldDeletes?
  /// The change the store is making: a `J`/`K`, an undo or a redo.
  var changeInFlight: (step: UndoStep, direction: UndoStep.Direction)?
  /// What an import in flight says once it is stored.
  var importSentence: String?
  /// The folder change the store is making, the folder as it was when the change was sent,
  /// and whether a snapshot of the store showing the change arrived since.
  var folderChangeInFlight: FolderChangeInFlight?
  /// The bookmark as it was when the dialog's save was sent, for undoing the edit.
  var savedFrom: Bookmark?
  /// True when the runtime can fetch pages (``Effect/fetchTitle(_:)``, ``Effect/checkLinks(_:)``).
  public var fetchesPages = false
  /// True when the page of each bookmark added with the dialog is kept
  /// (``Effect/archivePage(_:)``): `config set archive-on-add on`.
  public var archivesOnAdd = false
  /// Bookmarks added with an empty name whose page's title has not arrived yet, by URL.
  var titlesAwaited: [String: AwaitedTitle] = [:]
  /// The last link check, until the runtime says which of its dead links have a kept page.
  var finishedCheck: LinkCheckProgress?
  /// The filter's `text:` searches of the kept pages: asked of the runtime, and answered.
  var pageTextSearches = PageTextSearches()
  /// The bookmarks meeting each `is:` condition, made when a query first has one.
  var conditionIndex: ConditionIndex?

  public init(state: AppState) {
    self.state = state
  }

  /// Rows of the list area a bookmark takes: the name, and the URL beneath it.
  public static let linesPerBookmark = BookmarksScreen.linesPerBookmark

  /// Applies an action and returns the work it asks for.
  public mutating func send(_ action: Action) -> [Effect] {
    var effects: [Effect] = []
    switch action {
    case .keyPressed(let key):
      effects = keyPressed(key)
    case .resized(let size):
      state.size = size
      readerResized()
    case .storeChanged(let snapshot):
      storeChanged(snapshot)
    case .mouse(let event):
      effects = mouse(event)
    case .urlActionFinished(let message):
      state.message = message
    case .messageExpired:
      state.message = nil
    case .bookmarksElsewhere(let hint):
      state.bookmarksElsewhere = hint
    case .searchPrepared(let prepared):
      searchPrepared(prepared)
    case .placeArrived(let place):
      placeArrived(place)
    case .list(let answer): effects = receive(answer)
    case .dialog(let answer): effects = receive(answer)
    case .folders(let answer): effects = receive(answer)
    case .resolve(let answer): receive(answer)
    case .history(let answer): effects = receive(answer)
    case .recentlyDeleted(let answer): effects = receive(answer)
    case .importFile(let answer): effects = receive(answer)
    case .shelf(let answer): effects = receive(answer)
    case .web(let answer): effects = receive(answer)
    case .pages(let answer): receive(answer)
    }
    if case .keyPressed = action { hasMoved = true }
    if case .mouse = action { hasMoved = true }
    keepSelectionVisible()
    keepShelfSelectionVisible()
    if let place = placeToRemember() { effects.append(place) }
    if let prepare = searchToPrepare() { effects.append(prepare) }
    effects += pageTextsToSearch()
    return effects
  }

  // MARK: - Keys

  private mutating func keyPressed(_ key: Key) -> [Effect] {
    if key == .control("c") {
      // Typing in the dialog is not thrown away unasked: Ctrl-C asks as Esc does, and a
      // second Ctrl-C quits.
      if case .dialog(var dialog) = state.modal, dialog.hasChanges, !dialog.isConfirmingDiscard, !dialog.isSaving {
        dialog.isConfirmingDiscard = true
        state.modal = .dialog(dialog)
        return []
      }
      state.shouldQuit = true
      return []
    }
    // Below the minimum size nothing is drawn but the explanation, so no key may act unseen.
    if state.isTooSmall {
      if key == .character("q") || key == .function(10) { state.shouldQuit = true }
      return []
    }
    if state.isWaitingForStore {
      state.typeAhead.append(key)
      return []
    }
    // Type-ahead: while a save is in flight, keys wait and are applied in order once the
    // store answers. Esc with nothing waiting still closes the dialog (the late answer then
    // only shows the list as stored).
    if state.dialog?.isSaving == true {
      if state.typeAhead.isEmpty, key == .escape {
        state.modal = nil
      } else if !(state.typeAhead.isEmpty && key == .enter) {
        // (Enter again at once is the same save asked twice, not a key for the list.)
        state.typeAhead.append(key)
      }
      return []
    }
    return handleKey(key)
  }

  /// A key, once nothing holds it back.
  private mutating func handleKey(_ key: Key) -> [Effect] {
    state.message = nil
    // The help opened in the reader is over it, and takes the keys first.
    if case .help(let scroll) = state.modal {
      helpKey(key, scroll: scroll)
      return []
    }
    if var reader = state.reader {
      let effects = readerKey(key, &reader)
      if state.reader != nil { state.reader = reader }
      return effects
    }
    switch state.modal {
    case .dialog(var dialog):
      let effects = dialogKey(key, &dialog)
      if case .dialog = state.modal { state.modal = .dialog(dialog) }
      return effects
    case .confirmDelete(let bookmark):
      state.modal = nil
      if key == .character("y") || key == .character("Y") {
        ownChanges[bookmark.id] = .deleted
        // Keys typed meanwhile wait for the store's answer: a `u` must find this step.
        state.isWaitingForStore = true
        return [.delete(bookmark)]
      }
      state.message = StatusMessage("Kept “\(bookmark.name)”.")
      return []
    case .help(let scroll):
      helpKey(key, scroll: scroll)
      return []
    case .resolve(var dialog):
      let effects = resolveKey(key, &dialog)
      if case .resolve = state.modal { state.modal = .resolve(dialog) }
      return effects
    case .move(var picker):
      let effects = moveKey(key, &picker)
      if case .move = state.modal { state.modal = .move(picker) }
      return effects
    case .folderName(var prompt):
      let effects = folderNameKey(key, &prompt)
      if case .folderName = state.modal { state.modal = .folderName(prompt) }
      return effects
    case .confirmDeleteFolder(let folder):
      return deleteFolderKey(key, folder)
    case .recentlyDeleted(var view):
      let effects = recentlyDeletedKey(key, &view)
      if case .recentlyDeleted = state.modal { state.modal = .recentlyDeleted(view) }
      return effects
    case .history(var view):
      let effects = historyKey(key, &view)
      if case .history = state.modal { state.modal = .history(view) }
      return effects
    case .importPrompt(var prompt):
      let effects = importKey(key, &prompt)
      if case .importPrompt = state.modal { state.modal = .importPrompt(prompt) }
      return effects
    case .confirmHeldDeletes(let held):
      return heldDeletesKey(key, held)
    case .shelfPrompt(var prompt):
      let effects = shelfPromptKey(key, &prompt)
      if case .shelfPrompt = state.modal { state.modal = .shelfPrompt(prompt) }
      return effects
    case .confirmShelfRemove(let bookmark):
      return shelfRemoveKey(key, bookmark)
    case .confirmUndo(let step, let redo):
      state.modal = nil
      if key == .character("y") || key == .character("Y") { return apply(step, redo ? .redoing : .undoing) }
      state.message = StatusMessage("Left it as the other device made it.")
      return []
    case nil:
      if state.showsShelf { return shelfKey(key) }
      return state.filter?.isTyping == true ? filterKey(key) : listKey(key)
    }
  }

  /// Applies keys typed while a save was in flight, in order, until one starts another save.
  mutating func replayTypeAhead() -> [Effect] {
    var effects: [Effect] = []
    while !state.typeAhead.isEmpty, state.dialog?.isSaving != true, !state.isWaitingForStore {
      let key = state.typeAhead.removeFirst()
      if key == .control("c") {
        state.shouldQuit = true
        return effects
      }
      effects += handleKey(key)
    }
    return effects
  }

  mutating func listKey(_ key: Key) -> [Effect] {
    guard let command = KeyBindings.command(for: key) else { return [] }
    let page = max(1, visibleBookmarkCount - 1)
    switch command {
    case .moveUp: select(state.selection - 1)
    case .moveDown: select(state.selection + 1)
    case .page: select(state.selection + (key == .pageUp ? -page : page))
    case .first: select(0)
    case .last: select(state.shownCount - 1)
    case .toggleEditing: state.isEditing.toggle()
    case .sort: return sort(by: state.sortOrder.next)
    case .add:
      // A bookmark added in a folder goes into it.
      let folder = state.place.folderPath ?? []
      state.modal = .dialog(offeringCompletions(BookmarkDialog(purpose: .add, folder: folder)))
    case .openSelected:
      // Enter acts on the item: it opens a folder or the bookmark; in Edit mode it edits the
      // bookmark; on a ⚠ row it resolves the conflict in both modes.
      if let folder = state.selectedFolder {
        if state.isEditing { startRenaming(folder) } else { openFolder(folder) }
        return []
      }
      guard let bookmark = state.selectedBookmark else { return [] }
      if state.conflicted.contains(bookmark.id) {
        state.modal = .resolve(ResolveDialog(bookmark: bookmark))
        return [.loadVersions(bookmark.id)]
      }
      guard state.isEditing else { return openURL() }
      state.modal = .dialog(
        offeringCompletions(
          BookmarkDialog(
            purpose: .edit(bookmark.id), name: bookmark.name, url: bookmark.url, folder: bookmark.folder,
            tags: bookmark.tags, notes: bookmark.notes)))
    case .delete:
      if !state.isEditing {
        state.message = StatusMessage("Press e for Edit mode to delete bookmarks.")
      } else if let bookmark = state.selectedBookmark {
        state.modal = .confirmDelete(bookmark)
      } else if let folder = state.selectedFolder {
        state.modal = .confirmDeleteFolder(folder)
      }
    case .openFolder:
      if let folder = state.selectedFolder { openFolder(folder) }
    case .up: goUp()
    case .allBookmarks: toggleAllBookmarks()
    case .move: startMove()
    case .newFolder: startNewFolder()
    case .reorder: return exchange(by: key == .character("J") ? 1 : -1)
    case .undo: return key == .character("u") ? undo() : redo()
    case .help: openHelp(in: nil)
    case .recentlyDeleted:
      // While deletes from another device are held back, `D` asks about them first.
      if let held = state.heldDeletes, !state.isWaitingForStore {
        state.modal = .confirmHeldDeletes(held)
      } else {
        openRecentlyDeleted()
      }
    case .history: return openHistory()
    case .importFile: openImport()
    case .shelf: return key == .character("p") ? publishSelected() : showShelf()
    case .quit: state.shouldQuit = true
    case .suspend: return [.suspend]
    case .filter: startFilter()
    case .clear:
      // Esc clears a kept filter first, then leaves Edit mode.
      if state.filter != nil {
        clearFilter()
      } else {
        state.isEditing = false
      }
    case .openURL: return openURL()
    case .copyURL: return copyURL()
    case .checkLinks: return checkLinks()
    case .archivePage: return archiveSelected()
    case .read: return openReader()
    }
    return []
  }

  // MARK: - Selection and scrolling

  /// How many bookmarks fit in the list area.
  public var visibleBookmarkCount: Int {
    max(1, (state.size.rows - 2) / Self.linesPerBookmark)
  }

  mutating func select(_ index: Int) {
    guard state.shownCount > 0 else { return }
    state.selection = min(max(0, index), state.shownCount - 1)
  }

  /// Replaces the list with `stored` (the store's order) shown in the list's sort order,
  /// keeping the selection on `id` (else on the bookmark or folder selected now) if it is
  /// still shown, else at the same position. A filter is applied again to the new list; a
  /// folder that no longer holds anything gives way to its nearest parent that does.
  mutating func replaceBookmarks(_ stored: [Bookmark], keepingSelectionOf id: Bookmark.ID?) {
    storeOrder = stored
    let bookmarks = state.sortOrder.sorted(stored)
    let previous = id ?? state.selectedBookmark?.id
    let previousFolder = id == nil ? state.selectedFolder?.path : nil
    // Without a filter, forgetting the index is free; with one, an unchanged list (a
    // snapshot that only brings a new status) keeps it rather than folding everything again.
    if bookmarks != state.bookmarks {
      search.bookmarksChanged()
      folderIndex = nil
      listGeneration += 1
    }
    state.bookmarks = bookmarks
    refreshPlace()
    if let filter = state.filter, !filter.isWaitingForIndex {
      let matches = filterMatches(filter.query.text)
      state.filter?.matches = matches
    }
    if let previous, let row = state.shownRow(of: previous) {
      state.selection = row
    } else if let previousFolder, let row = state.shownRow(ofFolder: previousFolder) {
      state.selection = row
    } else {
      state.selection = min(state.selection, max(0, state.shownCount - 1))
    }
  }

  /// The dialog with the folders and tags in use to suggest, most used first.
  private mutating func offeringCompletions(_ dialog: BookmarkDialog) -> BookmarkDialog {
    var dialog = dialog
    dialog.knownFolders = currentFolderIndex().foldersByUse.map(BookmarkOrganisation.folderText)
    dialog.knownTags = tagsInUse()
    return dialog
  }

  /// The tags in use, most used first: counted once per version of the list.
  mutating func tagsInUse() -> [String] {
    if let knownTags, knownTags.generation == listGeneration { return knownTags.tags }
    let tags = state.bookmarks.tagsByUse()
    knownTags = (listGeneration, tags)
    return tags
  }

  /// Orders the list by `order`, keeping the selected bookmark selected; the device
  /// remembers the order.
  mutating func sort(by order: ListOrder) -> [Effect] {
    state.sortOrder = order
    replaceBookmarks(storeOrder, keepingSelectionOf: state.selectedBookmark?.id)
    keepSelectionVisible()
    state.message = StatusMessage("Sorted by \(order.label).")
    return [.rememberSortOrder(order)]
  }

  private mutating func keepSelectionVisible() {
    let visible = visibleBookmarkCount
    let count = state.shownCount
    state.selection = min(max(0, state.selection), max(0, count - 1))
    if state.selection < state.scrollTop { state.scrollTop = state.selection }
    if state.selection >= state.scrollTop + visible { state.scrollTop = state.selection - visible + 1 }
    state.scrollTop = min(max(0, state.scrollTop), max(0, count - visible))
  }
}
