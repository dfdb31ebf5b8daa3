import BookmarkModel
import BookmarksState

/// The folder view: opening folders, going up, the flat list of every bookmark, and moving
/// a bookmark to another folder.
extension BookmarksViewModel {
  /// The folder tree of the list, built when first needed after the list changed.
  mutating func currentFolderIndex() -> FolderIndex {
    if let folderIndex { return folderIndex }
    let index = FolderIndex(state.bookmarks, folders: state.storeFolders)
    folderIndex = index
    return index
  }

  /// Fills the folder rows and bookmark rows of the place shown. A folder that holds nothing
  /// any more (its last bookmark moved or deleted, here or on another device) gives way to
  /// its nearest parent that still holds something.
  mutating func refreshPlace() {
    guard case .folder(var path) = state.place else {
      state.folderRows = []
      state.placeBookmarks = nil
      return
    }
    let index = currentFolderIndex()
    while !index.contains(path) { path.removeLast() }
    state.place = .folder(path)
    state.folderRows = index.folderRows(in: path, ownOrder: state.sortOrder == .manual)
    state.placeBookmarks = index.hasFolders ? index.bookmarks(in: path) : nil
  }

  /// The filter's matches for a query: bookmarks of the folder shown and its subfolders
  /// (every bookmark in the flat list or at the top), in list order (with `text:`, best first).
  mutating func filterMatches(_ query: String) -> [Int] {
    let parsed = search.parse(query)
    var matches = search.matches(for: parsed, in: state.bookmarks)
    if !parsed.conditions.isEmpty {
      if conditionIndex?.isCurrent(for: state, listGeneration: listGeneration) != true {
        conditionIndex = ConditionIndex(state, listGeneration: listGeneration)
      }
      matches = conditionIndex?.filter(matches, by: parsed.conditions) ?? matches
    }
    if !parsed.pageTexts.isEmpty {
      // Ranked: where a page holds the text first, the title and opening before the rest.
      matches = pageTextSearches.ranked(
        matches.filter { pageTextSearches.hold(parsed.pageTexts, for: state.bookmarks[$0].id) }, by: parsed.pageTexts
      ) { state.bookmarks[$0].id }
    }
    return withinPlace(matches)
  }

  /// Every bookmark of the folder shown and below: what an empty filter query shows.
  func placeSubtree() -> [Int] {
    withinPlace(Array(state.bookmarks.indices))
  }

  /// The positions (in ``AppState/bookmarks``) of those bookmarks that are in the folder
  /// shown or below it; all of them at the top level and in the flat list.
  private func withinPlace(_ positions: [Int]) -> [Int] {
    guard let path = state.place.folderPath, !path.isEmpty else { return positions }
    return positions.filter { state.bookmarks[$0].folder.starts(with: path) }
  }

  /// `→`, `l`, or Enter on a folder row: shows the folder, its first row selected.
  mutating func openFolder(_ folder: FolderRow) {
    show(.folder(folder.path))
    state.selection = 0
    state.scrollTop = 0
  }

  /// `←`, `h` or Backspace: up to the parent folder, with the folder left selected; from the
  /// flat list, back to the folder it was opened from.
  mutating func goUp() {
    switch state.place {
    case .allBookmarks:
      leaveAllBookmarks()
    case .folder(let path) where !path.isEmpty:
      show(.folder(Array(path.dropLast())))
      state.selection = state.shownRow(ofFolder: path) ?? 0
    case .folder:
      state.message = StatusMessage("This is the top level; A shows every bookmark in one list.")
    }
  }

  /// `A`: the flat list of every bookmark, or back to the folders. The selected bookmark
  /// stays selected where it is shown.
  mutating func toggleAllBookmarks() {
    if state.place == .allBookmarks {
      leaveAllBookmarks()
      return
    }
    folderBeforeAll = state.place.folderPath ?? []
    let selected = state.selectedBookmark?.id
    show(.allBookmarks)
    state.selection = selected.flatMap { state.shownRow(of: $0) } ?? 0
  }

  private mutating func leaveAllBookmarks() {
    let selected = state.selectedBookmark
    show(.folder(folderBeforeAll))
    // Where the selected bookmark is shown, it stays selected; else the first row.
    if let selected, selected.folder == state.place.folderPath, let row = state.shownRow(of: selected.id) {
      state.selection = row
    } else {
      state.selection = 0
    }
  }

  /// Shows a place; a kept filter then narrows that place's bookmarks.
  mutating func show(_ place: ListPlace) {
    state.place = place
    refreshPlace()
    if let filter = state.filter, !filter.isWaitingForIndex {
      let matches = filter.query.characters.isEmpty ? placeSubtree() : filterMatches(filter.query.text)
      state.filter?.matches = matches
    }
  }

  // MARK: - Moving

  /// `m` in Edit mode: the folder picker for the selected bookmark.
  mutating func startMove() {
    guard state.isEditing else {
      state.message = StatusMessage("Press e for Edit mode to move bookmarks.")
      return
    }
    if let folder = state.selectedFolder {
      state.modal = .move(FolderPicker(folder: folder.path, destinations: [[]] + currentFolderIndex().allFolders))
      return
    }
    guard let bookmark = state.selectedBookmark else { return }
    state.modal = .move(FolderPicker(bookmark: bookmark, destinations: [[]] + currentFolderIndex().allFolders))
  }

  /// A key in the folder picker: typing finds a folder or names a new one, the arrows move,
  /// Enter moves the bookmark there, Esc cancels.
  mutating func moveKey(_ key: Key, _ picker: inout FolderPicker) -> [Effect] {
    switch KeyBindings.folderPicker.command(for: key) {
    case .up: picker.select(picker.selection - 1)
    case .down: picker.select(picker.selection + 1)
    case .pageUp: picker.select(picker.selection - FolderPicker.page)
    case .pageDown: picker.select(picker.selection + FolderPicker.page)
    case .first: picker.select(0)
    case .last: picker.select(picker.rows.count - 1)
    case .cancel:
      state.modal = nil
    case .move:
      guard let chosen = picker.chosen else { return [] }
      if case .new(let path) = chosen, let problem = BookmarkOrganisation.problem(folder: path) {
        picker.error = problem.description
        return []
      }
      // A folder can't go into itself (a typed new path can name a place inside it), nor
      // where its name is taken.
      if case .folder(let path) = picker.subject,
        let problem = FolderChange.move(path, into: chosen.path).problem(
          existing: Set(currentFolderIndex().allFolders))
      {
        picker.error = problem.description
        return []
      }
      state.modal = nil
      guard chosen.path != picker.current else {
        state.message = StatusMessage("“\(picker.subjectName)” is already in \(FolderRow.folderName(chosen.path)).")
        return []
      }
      switch picker.subject {
      case .bookmark(let bookmark):
        // Keys typed meanwhile wait for the store's answer: a `u` must find this step.
        state.isWaitingForStore = true
        return [.move(bookmark, to: chosen.path)]
      case .folder(let path): return changeFolder(.move(path, into: chosen.path))
      }
    case nil:
      _ = picker.edit(with: key)
    }
    return []
  }

  /// The store answered a move.
  mutating func moveFinished(_ bookmark: Bookmark, _ result: Result<Bookmark, FailureMessage>) {
    switch result {
    case .failure(let failure):
      state.message = StatusMessage(failure.text, isError: true)
    case .success(let moved):
      var bookmarks = storeOrder
      if let index = bookmarks.firstIndex(where: { $0.id == moved.id }) { bookmarks[index] = moved }
      replaceBookmarks(bookmarks, keepingSelectionOf: nil)
      state.message = StatusMessage("Moved “\(moved.name)” to \(FolderRow.folderName(moved.folder)).")
      record(
        UndoStep(
          label: "move of “\(moved.name)”", id: moved.id, before: bookmark, after: moved,
          undo: .replacing(with: bookmark), redo: .replacing(with: moved)))
    }
  }
}

extension BookmarksViewModel {
  /// The store's answers to moves and folder changes.
  mutating func receive(_ answer: FoldersAction) -> [Effect] {
    switch answer {
    case .moveFinished(let bookmark, let result):
      state.isWaitingForStore = false
      moveFinished(bookmark, result)
      return replayTypeAhead()
    case .folderChanged(let change, let failure):
      return folderChanged(change, failure)
    }
  }
}
