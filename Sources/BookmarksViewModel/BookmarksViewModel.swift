import BookmarkModel
import BookmarkStores

/// The screen's logic: state plus `send(action) -> effects`. Pure: no terminal, no I/O.
public struct BookmarksViewModel: Sendable {
  public internal(set) var state: AppState
  /// The folded index the `/` filter searches, kept between keystrokes.
  var search = BookmarkSearch()

  public init(state: AppState) {
    self.state = state
  }

  /// Rows of the list area a bookmark takes: the name, and the URL beneath it.
  public static let linesPerBookmark = 2

  /// Applies an action and returns the work it asks for.
  public mutating func send(_ action: Action) -> [Effect] {
    var effects: [Effect] = []
    switch action {
    case .keyPressed(let key):
      effects = keyPressed(key)
    case .resized(let size):
      state.size = size
    case .storeChanged(let snapshot):
      storeChanged(snapshot)
    case .saveFinished(let result):
      saveFinished(result)
    case .deleteFinished(let bookmark, let failure):
      if let failure {
        state.message = StatusMessage(failure.text, isError: true)
      } else {
        replaceBookmarks(state.bookmarks.filter { $0.id != bookmark.id }, keepingSelectionOf: nil)
        state.message = StatusMessage("Deleted “\(bookmark.name)”.")
      }
    case .versionsLoaded(let id, let result):
      versionsLoaded(id, result)
    case .resolveFinished(let id, let failure):
      resolveFinished(id, failure)
    case .mouse(let event):
      effects = mouse(event)
    case .urlActionFinished(let message):
      state.message = message
    }
    keepSelectionVisible()
    return effects
  }

  // MARK: - Keys

  private mutating func keyPressed(_ key: Key) -> [Effect] {
    if key == .control("c") {
      state.shouldQuit = true
      return []
    }
    state.message = nil
    switch state.modal {
    case .dialog(var dialog):
      let effects = dialogKey(key, &dialog)
      if case .dialog = state.modal { state.modal = .dialog(dialog) }
      return effects
    case .confirmDelete(let bookmark):
      state.modal = nil
      if key == .character("y") || key == .character("Y") { return [.delete(bookmark)] }
      state.message = StatusMessage("Kept “\(bookmark.name)”.")
      return []
    case .help:
      state.modal = nil
      return []
    case .resolve(var dialog):
      let effects = resolveKey(key, &dialog)
      if case .resolve = state.modal { state.modal = .resolve(dialog) }
      return effects
    case nil:
      return state.filter?.isTyping == true ? filterKey(key) : listKey(key)
    }
  }

  mutating func listKey(_ key: Key) -> [Effect] {
    guard let command = KeyBindings.command(for: key) else { return [] }
    let page = max(1, visibleBookmarkCount - 1)
    switch command {
    case .moveUp: select(state.selection - 1)
    case .moveDown: select(state.selection + 1)
    case .pageUp: select(state.selection - page)
    case .pageDown: select(state.selection + page)
    case .first: select(0)
    case .last: select(state.shownCount - 1)
    case .toggleEditing: state.isEditing.toggle()
    case .add: state.modal = .dialog(BookmarkDialog(purpose: .add))
    case .openSelected:
      if let bookmark = state.selectedBookmark, state.conflicted.contains(bookmark.id) {
        state.modal = .resolve(ResolveDialog(bookmark: bookmark))
        return [.loadVersions(bookmark.id)]
      }
      if let bookmark = state.selectedBookmark {
        state.modal = .dialog(BookmarkDialog(purpose: .edit(bookmark.id), name: bookmark.name, url: bookmark.url))
      }
    case .delete:
      if !state.isEditing {
        state.message = StatusMessage("Press e for Edit mode to delete bookmarks.")
      } else if let bookmark = state.selectedBookmark {
        state.modal = .confirmDelete(bookmark)
      }
    case .help: state.modal = .help
    case .quit: state.shouldQuit = true
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
    }
    return []
  }

  private mutating func dialogKey(_ key: Key, _ dialog: inout BookmarkDialog) -> [Effect] {
    // While the store works, only Esc acts: it closes the dialog (a late answer is then
    // ignored, and the list still updates from the store's change event).
    if dialog.isSaving {
      if key == .escape { state.modal = nil }
      return []
    }
    switch key {
    case .escape:
      state.modal = nil
      return []
    case .tab, .down:
      dialog.moveFocus(by: 1)
    case .backTab, .up:
      dialog.moveFocus(by: -1)
    case .enter:
      if dialog.focus == .cancel {
        state.modal = nil
        return []
      }
      return save(&dialog)
    case .left where dialog.focus == .save:
      dialog.focus = .cancel
    case .right where dialog.focus == .cancel:
      dialog.focus = .save
    default:
      let edited: Bool
      switch dialog.focus {
      case .name: edited = dialog.name.handle(key)
      case .url: edited = dialog.url.handle(key)
      case .cancel, .save: edited = false
      }
      if edited { dialog.error = nil }
    }
    return []
  }

  private func save(_ dialog: inout BookmarkDialog) -> [Effect] {
    let draft: BookmarkDraft
    var storedURL: String?
    if case .edit(let id) = dialog.purpose { storedURL = state.bookmarks.first { $0.id == id }?.url }
    // A rename keeps the stored URL verbatim: it is not checked or rewritten again.
    switch dialog.draft.validated(unchangedURL: storedURL) {
    case .failure(let problem):
      dialog.error = problem.description
      dialog.focus = .url
      return []
    case .success(let valid):
      draft = valid
    }
    var editingID: Bookmark.ID?
    if case .edit(let id) = dialog.purpose { editingID = id }
    let key = BookmarkURL.comparisonKey(draft.url)
    if let existing = state.bookmarks.duplicate(of: draft.url, excluding: editingID),
      dialog.acknowledgedDuplicate != key
    {
      dialog.acknowledgedDuplicate = key
      dialog.error = "“\(existing.name)” already has this URL. Press Enter again to save it anyway."
      return []
    }
    dialog.isSaving = true
    dialog.error = nil
    if let editingID { return [.update(editingID, draft)] }
    return [.add(draft)]
  }

  // MARK: - Store answers

  private mutating func storeChanged(_ snapshot: StoreSnapshot) {
    state.isLoaded = true
    state.status = snapshot.status
    state.conflicted = snapshot.conflicted
    conflictsChanged()
    switch snapshot.bookmarks {
    case .success(let bookmarks):
      state.loadProblem = nil
      replaceBookmarks(bookmarks, keepingSelectionOf: state.selectedBookmark?.id)
    case .failure(let error):
      state.loadProblem = error.description
      replaceBookmarks([], keepingSelectionOf: nil)
    }
  }

  private mutating func saveFinished(_ result: Result<Bookmark, FailureMessage>) {
    guard var dialog = state.dialog else { return }
    switch result {
    case .failure(let failure):
      dialog.isSaving = false
      dialog.error = failure.text
      state.modal = .dialog(dialog)
    case .success(let bookmark):
      state.modal = nil
      // The store's own change event may have brought the bookmark already.
      var bookmarks = state.bookmarks
      if let index = bookmarks.firstIndex(where: { $0.id == bookmark.id }) {
        bookmarks[index] = bookmark
      } else {
        bookmarks.append(bookmark)
      }
      state.message = StatusMessage(dialog.purpose == .add ? "Added “\(bookmark.name)”." : "Saved “\(bookmark.name)”.")
      replaceBookmarks(bookmarks, keepingSelectionOf: bookmark.id)
    }
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

  /// Replaces the list, keeping the selection on the same bookmark if it is still shown,
  /// else at the same position. A filter is applied again to the new list.
  private mutating func replaceBookmarks(_ bookmarks: [Bookmark], keepingSelectionOf id: Bookmark.ID?) {
    let previous = id ?? state.selectedBookmark?.id
    // Without a filter, forgetting the index is free; with one, an unchanged list (a
    // snapshot that only brings a new status) keeps it rather than folding everything again.
    if state.filter == nil || bookmarks != state.bookmarks { search.bookmarksChanged() }
    state.bookmarks = bookmarks
    if let filter = state.filter {
      state.filter?.matches = search.matches(for: filter.query.text, in: bookmarks)
    }
    if let previous, let row = state.shownRow(of: previous) {
      state.selection = row
    } else {
      state.selection = min(state.selection, max(0, state.shownCount - 1))
    }
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
