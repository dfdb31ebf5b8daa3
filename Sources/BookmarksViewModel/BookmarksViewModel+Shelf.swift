import BookmarkModel
import BookmarkStoreInterface
import BookmarksState
import Shelf

/// The team shelf's tab: its keys, its fetches and the shelf's answers.
extension BookmarksViewModel {
  /// Tells the model the app has a team shelf (the cloud's): `Tab` shows it.
  public mutating func offerShelf() {
    if state.shelf == nil { state.shelf = ShelfTab() }
  }

  /// How many bookmarks a fetch asks for: the window's worth and as much again, so that
  /// moving down a page shows fetched rows while the next page is fetched.
  var shelfPageSize: Int { max(20, visibleBookmarkCount * 2) }

  // MARK: - Switching

  /// `Tab` or `2` in my bookmarks.
  mutating func showShelf() -> [Effect] {
    guard var shelf = state.shelf else {
      state.message = StatusMessage(
        "There is no team shelf here: it lives in the cloud, which this session doesn't use.")
      return []
    }
    state.showsShelf = true
    // Fetched each time it is shown: rights and contents may have changed meanwhile.
    let effect = reloadShelf(&shelf)
    state.shelf = shelf
    return [effect]
  }

  /// A fetch of the shelf from the top for the current search: as much as is loaded now (at
  /// least a page) when the rows shown are fetched again, a page for a new search.
  mutating func reloadShelf(_ shelf: inout ShelfTab, newSearch: Bool = false) -> Effect {
    shelf.generation += 1
    let loaded = newSearch ? 0 : min(shelf.bookmarks.count, 10_000)
    let request = ShelfRequest(
      query: shelf.query.text, after: nil, limit: max(shelfPageSize, loaded), generation: shelf.generation)
    shelf.loading = request
    shelf.changedMeanwhile = false
    return .loadShelf(request)
  }

  // MARK: - Keys

  mutating func shelfKey(_ key: Key) -> [Effect] {
    guard var shelf = state.shelf else { return [] }
    let effects = shelf.isTypingQuery ? shelfQueryKey(key, &shelf) : shelfListKey(key, &shelf)
    state.shelf = shelf
    return effects + moreShelfIfNeeded()
  }

  private mutating func shelfQueryKey(_ key: Key, _ shelf: inout ShelfTab) -> [Effect] {
    switch key {
    case .escape:
      shelf.isTypingQuery = false
      guard !shelf.query.text.isEmpty else { return [] }
      shelf.query = TextField()
      shelf.selection = 0
      return [reloadShelf(&shelf, newSearch: true)]
    case .enter:
      shelf.isTypingQuery = false
      return []
    case .up, .down, .pageUp, .pageDown:
      moveShelfSelection(key, &shelf)
      return []
    default:
      let before = shelf.query.text
      guard shelf.query.handle(key), shelf.query.text != before else { return [] }
      shelf.selection = 0
      shelf.scrollTop = 0
      return [reloadShelf(&shelf, newSearch: true)]
    }
  }

  private mutating func shelfListKey(_ key: Key, _ shelf: inout ShelfTab) -> [Effect] {
    switch KeyBindings.shelf.command(for: key) {
    case .toMyBookmarks:
      state.showsShelf = false
      shelf.isEditing = false
    case .move:
      moveShelfSelection(key, &shelf)
    case .search:
      shelf.isTypingQuery = true
    case .toggleEditing where key == .escape:
      if shelf.isEditing {
        shelf.isEditing = false
      } else if !shelf.query.text.isEmpty {
        shelf.query = TextField()
        shelf.selection = 0
        return [reloadShelf(&shelf, newSearch: true)]
      }
    case .open:
      guard let bookmark = shelf.selected else { return [] }
      if shelf.isEditing {
        state.modal = .shelfPrompt(ShelfPrompt(editing: bookmark))
        return []
      }
      return openShelfURL(bookmark)
    case .openURL:
      guard let bookmark = shelf.selected else { return [] }
      return openShelfURL(bookmark)
    case .copyURL:
      guard let bookmark = shelf.selected else { return [] }
      return [.copyURL(bookmark.url)]
    case .add:
      if let refusal = shelf.writeRefusal {
        state.message = StatusMessage(refusal, isError: true)
      } else {
        state.modal = .shelfPrompt(ShelfPrompt())
      }
    case .toggleEditing:
      if let refusal = shelf.writeRefusal {
        state.message = StatusMessage(refusal, isError: true)
      } else {
        shelf.isEditing.toggle()
      }
    case .remove:
      if !shelf.isEditing {
        state.message = StatusMessage(
          shelf.writeRefusal ?? "Press e for Edit mode to remove bookmarks from the shelf.")
      } else if let bookmark = shelf.selected {
        state.modal = .confirmShelfRemove(bookmark)
      }
    case .saveIntoMine:
      return saveShelfBookmarkIntoMine(shelf.selected)
    case .undo:
      // Undo is of my bookmarks' changes (a `P`, say), here as there.
      return undo()
    case .redo:
      return redo()
    case .help:
      openHelp(in: .shelf)
    case .quit:
      state.shouldQuit = true
    case .suspend:
      return [.suspend]
    case nil:
      break
    }
    return []
  }

  private mutating func openShelfURL(_ bookmark: ShelfBookmark) -> [Effect] {
    let lowered = bookmark.url.lowercased()
    guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://") else {
      state.message = StatusMessage("Only web links open in the browser; y copies this one.")
      return []
    }
    return [.openURL(bookmark.url)]
  }

  private mutating func moveShelfSelection(_ key: Key, _ shelf: inout ShelfTab) {
    guard !shelf.bookmarks.isEmpty else { return }
    let page = max(1, visibleBookmarkCount - 1)
    var row = shelf.selection
    switch key {
    case .up, .character("k"): row -= 1
    case .down, .character("j"): row += 1
    case .pageUp: row -= page
    case .pageDown: row += page
    case .home, .character("g"): row = 0
    case .end, .character("G"): row = shelf.bookmarks.count - 1
    default: break
    }
    shelf.selection = max(0, min(row, shelf.bookmarks.count - 1))
  }

  /// Scrolls the shelf so its selection is on screen.
  mutating func keepShelfSelectionVisible() {
    guard var shelf = state.shelf, state.showsShelf else { return }
    let visible = visibleBookmarkCount
    if shelf.selection < shelf.scrollTop { shelf.scrollTop = shelf.selection }
    if shelf.selection >= shelf.scrollTop + visible { shelf.scrollTop = shelf.selection - visible + 1 }
    shelf.scrollTop = min(max(0, shelf.scrollTop), max(0, shelf.bookmarks.count - visible))
    if shelf != state.shelf { state.shelf = shelf }
  }

  /// The next page, when the selection comes within a window of the last bookmark fetched.
  mutating func moreShelfIfNeeded() -> [Effect] {
    guard var shelf = state.shelf, state.showsShelf, shelf.loading == nil, shelf.hasMore,
      shelf.selection + visibleBookmarkCount >= shelf.bookmarks.count, let last = shelf.bookmarks.last
    else { return [] }
    shelf.generation += 1
    let request = ShelfRequest(
      query: shelf.query.text, after: last.cursor, limit: shelfPageSize, generation: shelf.generation)
    shelf.loading = request
    state.shelf = shelf
    return [.loadShelf(request)]
  }

  /// `p` in my bookmarks: a copy of the selected one goes on the shelf.
  mutating func publishSelected() -> [Effect] {
    guard state.shelf != nil else { return showShelf() }
    guard let bookmark = state.selectedBookmark else {
      state.message = StatusMessage("Choose a bookmark to publish to the team shelf.")
      return []
    }
    state.message = StatusMessage("Publishing “\(bookmark.name)” to the team shelf…")
    return [.addToShelf(name: bookmark.name, url: bookmark.url, published: true)]
  }

  /// `P` on the shelf: a copy of the selected one goes into my bookmarks, unless its URL is
  /// there already.
  private mutating func saveShelfBookmarkIntoMine(_ bookmark: ShelfBookmark?) -> [Effect] {
    guard let bookmark else { return [] }
    if let existing = storeOrder.duplicate(of: bookmark.url) {
      state.message = StatusMessage("“\(existing.name)” in your bookmarks has this URL already.")
      return []
    }
    guard case .success(let draft) = BookmarkDraft(name: bookmark.name, url: bookmark.url).validated() else {
      state.message = StatusMessage("Cloudy can't save this URL into your bookmarks.", isError: true)
      return []
    }
    return [.saveFromShelf(draft)]
  }

  // MARK: - The add and edit box, and removing

  mutating func shelfPromptKey(_ key: Key, _ prompt: inout ShelfPrompt) -> [Effect] {
    if prompt.isSaving {
      if key == .escape { state.modal = nil }
      return []
    }
    switch key {
    case .escape:
      state.modal = nil
    case .tab, .backTab, .down, .up:
      prompt.onURL.toggle()
    case .enter:
      let name = prompt.name.text.trimmingWhitespace()
      let typedURL = prompt.url.text.trimmingWhitespace()
      let draft = BookmarkDraft(name: name.isEmpty ? typedURL : name, url: typedURL)
      switch draft.validated(unchangedURL: prompt.editing?.url) {
      case .failure(let problem):
        prompt.error = problem.description
        return []
      case .success(let valid):
        do {
          try ShelfRules.check(name: valid.name, url: valid.url)
        } catch {
          prompt.error = "\(error)"
          return []
        }
        prompt.isSaving = true
        prompt.error = nil
        if let editing = prompt.editing { return [.editOnShelf(editing, name: valid.name, url: valid.url)] }
        return [.addToShelf(name: valid.name, url: valid.url, published: false)]
      }
    default:
      if prompt.onURL {
        _ = prompt.url.handle(key)
      } else {
        _ = prompt.name.handle(key)
      }
    }
    return []
  }

  mutating func shelfRemoveKey(_ key: Key, _ bookmark: ShelfBookmark) -> [Effect] {
    state.modal = nil
    if key == .character("y") || key == .character("Y") { return [.removeFromShelf(bookmark)] }
    state.message = StatusMessage("Kept “\(bookmark.name)” on the team shelf.")
    return []
  }

  // MARK: - Answers

  mutating func shelfLoaded(_ request: ShelfRequest, _ result: Result<ShelfLoad, FailureMessage>) -> [Effect] {
    guard var shelf = state.shelf, shelf.loading == request else { return [] }
    shelf.loading = nil
    // Whether the shelf answered before this: a role taken away or granted since is said.
    let refusedBefore = shelf.problem != nil && shelf.access == nil
    switch result {
    case .failure(let failure) where request.after == nil:
      // Nothing to show: no role (any more), or the cloud away and no copy of it here. What
      // this account may do is not known either, so Edit and + go. A shelf that was open
      // says why it emptied.
      if shelf.access?.role != nil { state.message = StatusMessage(failure.text, isError: true) }
      shelf.problem = failure.text
      shelf.bookmarks = []
      shelf.hasMore = false
      shelf.access = nil
      shelf.isEditing = false
    case .failure(let failure):
      // A later page: the rows shown stay, and the list says where it ends.
      state.message = StatusMessage(failure.text + " The list ends here until the shelf is shown again.", isError: true)
      shelf.hasMore = false
    case .success(let load):
      shelf.problem = nil
      shelf.stale = load.page.stale
      if let access = load.access {
        // A role granted or taken away while the shelf is open: its buttons change, and so
        // the user is told why.
        if let before = shelf.access, before.role != access.role {
          state.message = access.changedRoleMessage
        } else if shelf.access == nil, refusedBefore, access.role != nil {
          state.message = access.changedRoleMessage
        }
        shelf.access = access
      }
      let selectedID = shelf.selected?.id
      if request.after == nil {
        shelf.bookmarks = load.page.bookmarks
      } else {
        shelf.bookmarks += load.page.bookmarks
      }
      shelf.hasMore = load.page.hasMore
      // The selection stays on its bookmark when a fetch from the top brings it again.
      if request.after == nil, let selectedID, let row = shelf.bookmarks.firstIndex(where: { $0.id == selectedID }) {
        shelf.selection = row
      }
      shelf.selection = max(0, min(shelf.selection, shelf.bookmarks.count - 1))
      if !shelf.canWrite { shelf.isEditing = false }
    }
    var effects: [Effect] = []
    if shelf.changedMeanwhile { effects.append(reloadShelf(&shelf)) }
    state.shelf = shelf
    return effects + moreShelfIfNeeded()
  }

  /// A change on the shelf (the cloud's signal): fetched again if shown, else when next shown.
  mutating func shelfChanged() -> [Effect] {
    guard var shelf = state.shelf, state.showsShelf else { return [] }
    if shelf.loading != nil {
      shelf.changedMeanwhile = true
      state.shelf = shelf
      return []
    }
    let effect = reloadShelf(&shelf)
    state.shelf = shelf
    return [effect]
  }

  mutating func shelfSaved(_ result: Result<ShelfSaved, FailureMessage>) -> [Effect] {
    let prompt: ShelfPrompt? = if case .shelfPrompt(let open) = state.modal { open } else { nil }
    switch result {
    case .failure(let failure):
      if var prompt, prompt.isSaving {
        prompt.isSaving = false
        prompt.error = failure.text
        state.modal = .shelfPrompt(prompt)
      } else {
        state.message = StatusMessage(failure.text, isError: true)
      }
      return []
    case .success(let saved):
      if prompt?.isSaving == true { state.modal = nil }
      switch saved {
      case .added(let bookmark, let published):
        state.message = StatusMessage(
          published ? "Published “\(bookmark.name)” to the team shelf." : "Added “\(bookmark.name)” to the team shelf.")
      case .edited(let bookmark):
        state.message = StatusMessage("Saved “\(bookmark.name)” on the team shelf.")
      case .keptBeside(let bookmark, let was):
        state.message = StatusMessage(
          "Someone changed “\(was)” first; yours is kept beside it as “\(bookmark.name)”.")
      }
      guard var shelf = state.shelf, state.showsShelf else { return [] }
      let effect = reloadShelf(&shelf)
      state.shelf = shelf
      return [effect]
    }
  }

  mutating func shelfRemoved(_ bookmark: ShelfBookmark, _ failure: FailureMessage?) -> [Effect] {
    if let failure {
      state.message = StatusMessage(failure.text, isError: true)
      return []
    }
    state.message = StatusMessage("Removed “\(bookmark.name)” from the team shelf.")
    guard var shelf = state.shelf else { return [] }
    shelf.bookmarks.removeAll { $0.id == bookmark.id }
    shelf.selection = max(0, min(shelf.selection, shelf.bookmarks.count - 1))
    state.shelf = shelf
    return []
  }

  mutating func savedFromShelf(_ result: Result<Bookmark, FailureMessage>) {
    switch result {
    case .failure(let failure):
      state.message = StatusMessage(failure.text, isError: true)
    case .success(let bookmark):
      ownChanges[bookmark.id] = .present(name: bookmark.name, url: bookmark.url)
      var bookmarks = storeOrder
      if !bookmarks.contains(where: { $0.id == bookmark.id }) { bookmarks.append(bookmark) }
      replaceBookmarks(bookmarks, keepingSelectionOf: state.showsShelf ? state.selectedBookmark?.id : bookmark.id)
      state.message = StatusMessage("Saved “\(bookmark.name)” into your bookmarks; u takes it back.")
      record(
        UndoStep(
          label: "save of “\(bookmark.name)”", id: bookmark.id, before: nil, after: bookmark,
          undo: .remove(bookmark), redo: .restore(bookmark)))
    }
  }
}

extension BookmarksViewModel {
  /// The team shelf's answers.
  mutating func receive(_ answer: ShelfAction) -> [Effect] {
    switch answer {
    case .shelfLoaded(let request, let result): return shelfLoaded(request, result)
    case .shelfChanged: return shelfChanged()
    case .shelfSaved(let result): return shelfSaved(result)
    case .shelfRemoved(let bookmark, let failure): return shelfRemoved(bookmark, failure)
    case .savedFromShelf(let result):
      savedFromShelf(result)
      return []
    }
  }
}
