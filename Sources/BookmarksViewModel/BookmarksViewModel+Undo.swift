import BookmarkModel
import BookmarksState

/// Undo and redo (issue 19.1): `u` takes back the last change made in this session — an add,
/// an edit, a delete, a move to a folder or a `J`/`K` — and `U` or `Ctrl-R` makes it again.
/// A `J`/`K` goes to the store the same way (``apply(_:_:)`` `.doing`).
/// Each is an ordinary change, so it syncs; a bookmark changed on another device since is
/// undone only after the user says `y`.
extension BookmarksViewModel {
  /// How many changes the session remembers.
  static let undoLimit = 1_000

  /// Records a change this session made; what was undone can't be redone after it.
  mutating func record(_ step: UndoStep) {
    undoStack.append(step)
    if undoStack.count > Self.undoLimit { undoStack.removeFirst() }
    redoStack = []
  }

  /// `u`: takes back the last change, asking first if the bookmark changed elsewhere since.
  mutating func undo() -> [Effect] {
    guard let step = undoStack.last else {
      state.message = StatusMessage("Nothing to undo in this session.")
      return []
    }
    if step.folderChange != nil {
      // A folder change moves bookmarks and folders no step records: undoing an older step
      // past it would act on a list that step never saw.
      state.message = StatusMessage("Can't undo a folder change.")
      return []
    }
    return check(step, expecting: step.after, .undoing)
  }

  /// `U` or `Ctrl-R`: makes the last undone change again.
  mutating func redo() -> [Effect] {
    guard let step = redoStack.last else {
      state.message = StatusMessage("Nothing to redo.")
      return []
    }
    return check(step, expecting: step.before, .redoing)
  }

  private mutating func check(
    _ step: UndoStep, expecting expected: Bookmark?, _ direction: UndoStep.Direction
  ) -> [Effect] {
    // An import: undone if every bookmark it brought is as it brought it; made again if none
    // of them is back meanwhile.
    switch direction == .undoing ? step.undo : step.redo {
    case .removeAll(let bookmarks, _):
      let listed = Dictionary(storeOrder.map { ($0.id, $0) }) { first, _ in first }
      guard bookmarks.allSatisfy({ UndoStep.matches(listed[$0.id], $0) }) else {
        state.modal = .confirmUndo(step, redo: direction == .redoing)
        return []
      }
      return apply(step, direction)
    case .importAll(let bookmarks, _):
      let listed = Set(storeOrder.map(\.id))
      guard !bookmarks.contains(where: { listed.contains($0.id) }) else {
        state.modal = .confirmUndo(step, redo: direction == .redoing)
        return []
      }
      return apply(step, direction)
    default:
      break
    }
    let current = state.bookmarks.first { $0.id == step.id }
    guard UndoStep.matches(current, expected) else {
      state.modal = .confirmUndo(step, redo: direction == .redoing)
      return []
    }
    return apply(step, direction)
  }

  /// Asks the store to make, undo or redo a step; keys wait for its answer.
  mutating func apply(_ step: UndoStep, _ direction: UndoStep.Direction) -> [Effect] {
    let change = direction == .undoing ? step.undo : step.redo
    switch change {
    case .restore(let bookmark): ownChanges[bookmark.id] = .present(name: bookmark.name, url: bookmark.url)
    case .remove(let bookmark): ownChanges[bookmark.id] = .deleted
    case .replace(let id, let draft): ownChanges[id] = .present(name: draft.name, url: draft.url)
    case .reorder: break
    case .importAll(let bookmarks, _):
      for bookmark in bookmarks { ownChanges[bookmark.id] = .present(name: bookmark.name, url: bookmark.url) }
    case .removeAll(let bookmarks, _):
      for bookmark in bookmarks { ownChanges[bookmark.id] = .deleted }
    }
    state.isWaitingForStore = true
    changeInFlight = (step, direction)
    return [.applyChange(change)]
  }

  /// Shows a change the store made, without waiting for its change event (which may have
  /// brought it already: each case changes nothing the second time).
  private mutating func showApplied(_ change: StoreChange) {
    var bookmarks = storeOrder
    switch change {
    case .restore(let bookmark):
      // Back where it was, and selected: the next key acts on it, as after a restore from D.
      if !bookmarks.contains(where: { $0.id == bookmark.id }) { bookmarks.append(bookmark) }
      replaceBookmarks(bookmarks, keepingSelectionOf: bookmark.id)
      return
    case .remove(let bookmark):
      bookmarks.removeAll { $0.id == bookmark.id }
    case .importAll(let added, let folders):
      // Its empty folders show at once too (parents first, as the import lists them).
      let new = folders.filter { !state.storeFolders.contains($0) }
      if !new.isEmpty {
        state.storeFolders += new
        folderIndex = nil
      }
      let listed = Set(bookmarks.map(\.id))
      bookmarks += added.filter { !listed.contains($0.id) }
    case .removeAll(let removed, let folders):
      let ids = Set(removed.map(\.id))
      bookmarks.removeAll { ids.contains($0.id) }
      // The folders the import made go too, those left empty (as the store takes them out).
      let made = Set(folders)
      let emptied = made.filter { folder in
        !bookmarks.contains { $0.folder.starts(with: folder) }
          && !state.storeFolders.contains { $0.starts(with: folder) && !made.contains($0) }
      }
      if !emptied.isEmpty {
        state.storeFolders.removeAll { emptied.contains($0) }
        folderIndex = nil
      }
    case .replace(let id, let draft):
      guard let index = bookmarks.firstIndex(where: { $0.id == id }) else { return }
      draft.apply(to: &bookmarks[index], at: bookmarks[index].modified)
    case .reorder(let moved, let after, let neighbour):
      // Swapped here only if the store's change event has not brought the new order already.
      guard let a = bookmarks.firstIndex(where: { $0.id == moved }),
        let b = bookmarks.firstIndex(where: { $0.id == neighbour }), (a > b) != after
      else { return }
      bookmarks.swapAt(a, b)
      replaceBookmarks(bookmarks, keepingSelectionOf: moved)
      return
    }
    replaceBookmarks(bookmarks, keepingSelectionOf: nil)
  }

  /// The store answered: a new step goes on the undo stack; an undone or redone one moves to
  /// the other stack, and the bottom line says so; then the keys that waited. A failure says
  /// why and drops them.
  mutating func changeApplied(_ failure: FailureMessage?) -> [Effect] {
    state.isWaitingForStore = false
    guard let (step, direction) = changeInFlight else { return replayTypeAhead() }
    changeInFlight = nil
    let sentence = importSentence
    importSentence = nil
    if let failure {
      ownChanges[step.id] = nil
      switch direction == .undoing ? step.undo : step.redo {
      case .importAll(let bookmarks, _), .removeAll(let bookmarks, _):
        for bookmark in bookmarks { ownChanges[bookmark.id] = nil }
      default: break
      }
      state.message = StatusMessage(failure.text, isError: true)
      state.typeAhead = []
      return []
    }
    showApplied(direction == .undoing ? step.undo : step.redo)
    switch direction {
    case .doing:
      record(step)
      if let sentence { state.message = StatusMessage(sentence) }
    case .redoing:
      if redoStack.last == step { redoStack.removeLast() }
      undoStack.append(step)
      state.message = StatusMessage("Redid \(step.label).")
    case .undoing:
      if undoStack.last == step { undoStack.removeLast() }
      redoStack.append(step)
      state.message = StatusMessage("Undid \(step.label).")
    }
    return replayTypeAhead()
  }
}

extension BookmarksViewModel {
  /// The store's answers to the list's changes.
  mutating func receive(_ answer: ListAction) -> [Effect] {
    switch answer {
    case .changeApplied(let failure):
      return changeApplied(failure)
    case .deleteFinished(let bookmark, let failure):
      state.isWaitingForStore = false
      if let failure {
        ownChanges[bookmark.id] = nil
        state.message = StatusMessage(failure.text, isError: true)
      } else {
        replaceBookmarks(storeOrder.filter { $0.id != bookmark.id }, keepingSelectionOf: nil)
        state.message = StatusMessage("Deleted “\(bookmark.name)”; D shows Recently Deleted.")
        record(
          UndoStep(
            label: "delete of “\(bookmark.name)”", id: bookmark.id, before: bookmark, after: nil,
            undo: .restore(bookmark), redo: .remove(bookmark)))
      }
      return replayTypeAhead()
    }
  }
}
