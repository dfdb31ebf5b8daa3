import BookmarkModel
import BookmarkStoreInterface
import BookmarksState

/// The history view's keys and the store's answers to it.
extension BookmarksViewModel {
  /// `H` on a bookmark: its history, listed by the store.
  mutating func openHistory() -> [Effect] {
    // Only a store that keeps versions has a history to show (``StoreBackend/keepsVersions``).
    guard state.status.backend.keepsVersions else {
      state.message = StatusMessage(StoreError.noHistory(state.status.backend).description)
      return []
    }
    guard let bookmark = state.selectedBookmark else {
      state.message = StatusMessage("Choose a bookmark to see its history.")
      return []
    }
    state.modal = .history(HistoryView(bookmark: bookmark))
    return [.loadHistory(bookmark.id)]
  }

  mutating func historyKey(_ key: Key, _ view: inout HistoryView) -> [Effect] {
    // While the store works, only Esc acts.
    if view.isReverting || view.listing == nil {
      if key == .escape { state.modal = nil }
      return []
    }
    switch KeyBindings.history.command(for: key) {
    case .close:
      state.modal = nil
    case .next:
      view.moveChoice(by: 1)
      view.error = nil
    case .previous:
      view.moveChoice(by: -1)
      view.error = nil
    case .pageDown:
      view.moveChoice(by: 5)
    case .pageUp:
      view.moveChoice(by: -5)
    case .revert:
      guard let row = view.chosen else { return [] }
      if row.isCurrent {
        view.error = "That is the version it is now; choose an older one."
        return []
      }
      // Keys wait for the store's answer (type-ahead), as for Recently Deleted's.
      view.isReverting = true
      view.error = nil
      state.isWaitingForStore = true
      ownChanges[view.bookmark.id] = .present(name: row.version.bookmark.name, url: row.version.bookmark.url)
      return [.revert(view.bookmark.id, version: row.version.id)]
    case nil:
      break
    }
    return []
  }

  mutating func historyLoaded(_ id: Bookmark.ID, _ result: Result<BookmarkHistory, FailureMessage>) {
    guard case .history(var view) = state.modal, view.bookmark.id == id, view.listing == nil else { return }
    switch result {
    case .failure(let failure):
      view.listing = HistoryListing(BookmarkHistory(bookmarkID: id))
      view.error = failure.text
    case .success(let history):
      view.listing = HistoryListing(history)
      // The version before the one it is now: what a revert most often wants.
      view.choice = min(1, max(0, history.versions.count - 1))
    }
    state.modal = .history(view)
  }

  /// The store reverted the bookmark, or could not: said in the view if it is still open,
  /// else on the bottom line; a revert made is a step `u` takes back either way.
  mutating func revertFinished(_ id: Bookmark.ID, _ result: Result<Reverted, FailureMessage>) -> [Effect] {
    state.isWaitingForStore = false
    switch result {
    case .failure(let failure):
      ownChanges[id] = nil
      state.typeAhead = []
      if case .history(var view) = state.modal, view.bookmark.id == id {
        view.isReverting = false
        view.error = failure.text
        state.modal = .history(view)
      } else {
        state.message = StatusMessage(failure.text, isError: true)
      }
      return []
    case .success(let reverted):
      if case .history(let view) = state.modal, view.bookmark.id == id { state.modal = nil }
      var sentence = "Reverted “\(reverted.bookmark.name)” to version \(reverted.version.shortID); u takes it back."
      if reverted.madeFolder {
        sentence =
          "Reverted “\(reverted.bookmark.name)” to version \(reverted.version.shortID), in its folder"
          + " “\(reverted.bookmark.folder.joined(separator: " › "))” made again; u takes it back."
      }
      state.message = StatusMessage(sentence)
      // Undo puts back the bookmark as the revert found it (another device may have changed
      // it since the history was listed).
      record(
        UndoStep(
          label: "revert of “\(reverted.bookmark.name)”", id: id, before: reverted.before,
          after: reverted.bookmark, undo: .replacing(with: reverted.before), redo: .replacing(with: reverted.bookmark)))
      return replayTypeAhead()
    }
  }
}

extension BookmarksViewModel {
  /// The store's answers to History.
  mutating func receive(_ answer: HistoryAction) -> [Effect] {
    switch answer {
    case .historyLoaded(let id, let result):
      historyLoaded(id, result)
      return []
    case .reverted(let id, let result):
      return revertFinished(id, result)
    }
  }
}
