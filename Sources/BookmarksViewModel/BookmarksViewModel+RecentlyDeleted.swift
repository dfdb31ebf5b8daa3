import BookmarkModel
import BookmarkStoreInterface
import BookmarksDrawing
import BookmarksState

/// Recently Deleted (issue 19.2): `D` shows what was deleted on any device of the account;
/// Enter puts the chosen bookmark back where it was (and `u` takes that back), `d` deletes
/// it for good and `E` empties the list, each after `y`. Keys pressed while the store works
/// wait and apply in turn, as for undo.
extension BookmarksViewModel {
  mutating func recentlyDeletedKey(_ key: Key, _ view: inout RecentlyDeletedView) -> [Effect] {
    let deleted = state.deleted
    view.error = nil
    if let question = view.asking {
      view.asking = nil
      guard key == .character("y") || key == .character("Y") else { return [] }
      switch question {
      case .deleteForGood(let bookmark): return startWork(&view, .removeDeleted([bookmark]))
      case .empty(let shown): return startWork(&view, .removeDeleted(shown))
      }
    }
    let page = max(1, recentlyDeletedRowsShown - 1)
    switch KeyBindings.recentlyDeleted.command(for: key) {
    case .close: state.modal = nil
    case .down: view.choose(view.selection + 1, in: deleted)
    case .up: view.choose(view.selection - 1, in: deleted)
    case .pageDown: view.choose(view.selection + page, in: deleted)
    case .pageUp: view.choose(view.selection - page, in: deleted)
    case .first: view.choose(0, in: deleted)
    case .last: view.choose(deleted.count - 1, in: deleted)
    case .restore:
      guard deleted.indices.contains(view.selection) else { return [] }
      return startWork(&view, .restoreDeleted([deleted[view.selection]]))
    case .deleteForGood:
      guard deleted.indices.contains(view.selection) else { return [] }
      view.asking = .deleteForGood(deleted[view.selection])
    case .empty:
      guard !deleted.isEmpty else { return [] }
      view.asking = .empty(deleted)
    case .help:
      openHelp(in: .recentlyDeleted)
    case nil:
      break
    }
    return []
  }

  /// Sends the store a change; keys wait for its answer.
  private mutating func startWork(_ view: inout RecentlyDeletedView, _ effect: Effect) -> [Effect] {
    view.isWorking = true
    state.isWaitingForStore = true
    return [effect]
  }

  /// How many bookmarks the view shows at once in this window (three rows each).
  var recentlyDeletedRowsShown: Int {
    max(1, (BookmarksScreen.recentlyDeletedBox(state.size).height - 4) / BookmarksScreen.deletedBlockHeight)
  }

  /// `D`: opens the view on the newest deletion.
  mutating func openRecentlyDeleted() {
    var view = RecentlyDeletedView()
    view.choose(0, in: state.deleted)
    state.modal = .recentlyDeleted(view)
  }

  /// The store put these bookmarks back, or could not. Put back: the view closes on the list
  /// (the first one selected where it is shown) and `u` can take it back.
  mutating func deletedRestored(_ asked: [DeletedBookmark], _ result: Result<[Bookmark], FailureMessage>) -> [Effect] {
    state.isWaitingForStore = false
    switch result {
    case .failure(let failure):
      workFailed(failure)
      return []
    case .success(let restored):
      if case .recentlyDeleted = state.modal { state.modal = nil }
      guard let first = restored.first else {
        state.message = StatusMessage(notRestored(asked.first))
        return replayTypeAhead()
      }
      // The store's change event may have brought them already: the steps are recorded anyway.
      var bookmarks = storeOrder
      for bookmark in restored {
        if !bookmarks.contains(where: { $0.id == bookmark.id }) { bookmarks.append(bookmark) }
        ownChanges[bookmark.id] = .present(name: bookmark.name, url: bookmark.url)
        record(
          UndoStep(
            label: "restore of “\(bookmark.name)”", id: bookmark.id, before: nil, after: bookmark,
            undo: .remove(bookmark), redo: .restore(bookmark)))
      }
      replaceBookmarks(bookmarks, keepingSelectionOf: first.id)
      state.deleted.removeAll { deleted in restored.contains { $0.id == deleted.id } }
      state.message = StatusMessage("Restored “\(first.name)” to \(FolderRow.folderName(first.folder)).")
      return replayTypeAhead()
    }
  }

  /// Why the store put nothing back, as it looks from here.
  private func notRestored(_ asked: DeletedBookmark?) -> String {
    guard let asked else { return "Nothing was put back." }
    let name = asked.bookmark.name
    if storeOrder.contains(where: { $0.id == asked.id }) {
      return "“\(name)” is in the list already (put back on another device, or imported); nothing was replaced."
    }
    return "“\(name)” wasn't put back: it is gone from Recently Deleted, or an entry that can't be read holds its id."
  }

  /// The store deleted these bookmarks from Recently Deleted for good, or could not.
  mutating func deletedRemoved(_ removing: [DeletedBookmark], _ result: Result<Int, FailureMessage>) -> [Effect] {
    state.isWaitingForStore = false
    switch result {
    case .failure(let failure):
      workFailed(failure)
      return []
    case .success(let count):
      let ids = Set(removing.map(\.id))
      state.deleted.removeAll { ids.contains($0.id) }
      if removing.count == 1, let only = removing.first {
        state.message = StatusMessage("Deleted “\(only.bookmark.name)” for good.")
      } else {
        state.message = StatusMessage(
          count == 1 ? "Emptied Recently Deleted: 1 bookmark." : "Emptied Recently Deleted: \(count) bookmarks.")
      }
      if case .recentlyDeleted(var view) = state.modal {
        view.isWorking = false
        view.follow(state.deleted)
        state.modal = .recentlyDeleted(view)
      }
      return replayTypeAhead()
    }
  }

  /// A failure: one sentence in the view (on the bottom line if it is closed); the keys that
  /// waited are dropped, as after a failed undo.
  private mutating func workFailed(_ failure: FailureMessage) {
    state.typeAhead = []
    if case .recentlyDeleted(var view) = state.modal {
      view.isWorking = false
      view.error = failure.text
      state.modal = .recentlyDeleted(view)
    } else {
      state.message = StatusMessage(failure.text, isError: true)
    }
  }
}

extension BookmarksViewModel {
  /// The store's answers to Recently Deleted and to the held deletes' question.
  mutating func receive(_ answer: RecentlyDeletedAction) -> [Effect] {
    switch answer {
    case .deletedRestored(let asked, let result): deletedRestored(asked, result)
    case .deletedRemoved(let removing, let result): deletedRemoved(removing, result)
    case .heldDeletesSettled(let keeping, let result): heldDeletesSettled(keeping: keeping, result)
    }
  }
}
