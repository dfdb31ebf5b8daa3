import BookmarkModel

/// Undo and redo (issue 19.1): `u` takes back the last change made in this session — an add,
/// an edit, a delete, a move to a folder or a `J`/`K` — and `U` or `Ctrl-R` makes it again.
/// Each is an ordinary change, so it syncs; a bookmark changed on another device since is
/// undone only after the user says `y`.
extension BookmarksViewModel {
  /// How many changes the session remembers.
  static let undoLimit = 100

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
    return check(step, expecting: step.after, redo: false)
  }

  /// `U` or `Ctrl-R`: makes the last undone change again.
  mutating func redo() -> [Effect] {
    guard let step = redoStack.last else {
      state.message = StatusMessage("Nothing to redo.")
      return []
    }
    return check(step, expecting: step.before, redo: true)
  }

  private mutating func check(_ step: UndoStep, expecting expected: Bookmark?, redo: Bool) -> [Effect] {
    let current = state.bookmarks.first { $0.id == step.id }
    guard UndoStep.matches(current, expected) else {
      state.modal = .confirmUndo(step, redo: redo)
      return []
    }
    return apply(step, redo: redo)
  }

  /// Asks the store to undo or redo a step; keys wait for its answer.
  mutating func apply(_ step: UndoStep, redo: Bool) -> [Effect] {
    let change = redo ? step.redo : step.undo
    switch change {
    case .restore(let bookmark): ownChanges[bookmark.id] = .present(name: bookmark.name, url: bookmark.url)
    case .remove(let bookmark): ownChanges[bookmark.id] = .deleted
    case .replace(let id, let draft): ownChanges[id] = .present(name: draft.name, url: draft.url)
    case .exchange: break
    }
    state.isWaitingForStore = true
    changeInFlight = (step, redo)
    return [.applyChange(change)]
  }

  /// Shows a change the store made, without waiting for its change event (which may have
  /// brought it already: each case changes nothing the second time).
  private mutating func showApplied(_ change: StoreChange) {
    var bookmarks = storeOrder
    switch change {
    case .restore(let bookmark):
      if !bookmarks.contains(where: { $0.id == bookmark.id }) { bookmarks.append(bookmark) }
    case .remove(let bookmark):
      bookmarks.removeAll { $0.id == bookmark.id }
    case .replace(let id, let draft):
      guard let index = bookmarks.firstIndex(where: { $0.id == id }) else { return }
      draft.apply(to: &bookmarks[index], at: bookmarks[index].modified)
    case .exchange:
      return  // the order comes with the store's change event
    }
    replaceBookmarks(bookmarks, keepingSelectionOf: nil)
  }

  /// The store answered an undo or redo: the step moves to the other stack, and the bottom
  /// line says what was done; then the keys that waited.
  mutating func changeApplied(_ failure: FailureMessage?) -> [Effect] {
    state.isWaitingForStore = false
    guard let (step, redo) = changeInFlight else { return replayTypeAhead() }
    changeInFlight = nil
    if let failure {
      ownChanges[step.id] = nil
      state.message = StatusMessage(failure.text, isError: true)
      state.typeAhead = []
      return []
    }
    showApplied(redo ? step.redo : step.undo)
    if redo {
      if redoStack.last == step { redoStack.removeLast() }
      undoStack.append(step)
    } else {
      if undoStack.last == step { undoStack.removeLast() }
      redoStack.append(step)
    }
    state.message = StatusMessage((redo ? "Redid " : "Undid ") + step.label + ".")
    return replayTypeAhead()
  }
}
