import BookmarkModel
import BookmarkStoreInterface

/// Recently Deleted (issue 19.2): `D` shows what was deleted on any device of the account;
/// Enter puts the chosen bookmark back where it was (and `u` takes that back), `d` deletes
/// it for good and `E` empties the list, each after `y`.
extension BookmarksViewModel {
  mutating func recentlyDeletedKey(_ key: Key, _ view: inout RecentlyDeletedView) -> [Effect] {
    let deleted = state.deleted
    if let question = view.asking {
      view.asking = nil
      guard key == .character("y") || key == .character("Y") else { return [] }
      view.isWorking = true
      view.error = nil
      switch question {
      case .deleteForGood(let bookmark): return [.removeDeleted([bookmark.id])]
      case .empty: return [.removeDeleted(nil)]
      }
    }
    // While the store works, only Esc acts, as in the other dialogs.
    if view.isWorking {
      if key == .escape { state.modal = nil }
      return []
    }
    view.error = nil
    let page = max(1, recentlyDeletedRowsShown - 1)
    switch key {
    case .escape, .character("q"), .character("D"), .left, .character("h"):
      state.modal = nil
    case .down, .character("j"): view.selection += 1
    case .up, .character("k"): view.selection -= 1
    case .pageDown: view.selection += page
    case .pageUp: view.selection -= page
    case .home, .character("g"): view.selection = 0
    case .end, .character("G"): view.selection = deleted.count - 1
    case .enter, .character("r"):
      guard deleted.indices.contains(view.selection) else { return [] }
      view.isWorking = true
      return [.restoreDeleted([deleted[view.selection]])]
    case .character("d"), .delete, .character("x"):
      guard deleted.indices.contains(view.selection) else { return [] }
      view.asking = .deleteForGood(deleted[view.selection])
    case .character("E"):
      guard !deleted.isEmpty else { return [] }
      view.asking = .empty(count: deleted.count)
    default:
      break
    }
    view.selection = max(0, min(view.selection, deleted.count - 1))
    return []
  }

  /// How many bookmarks the view shows at once in this window (three rows each).
  var recentlyDeletedRowsShown: Int {
    max(1, (BookmarksScreen.recentlyDeletedBox(state.size).height - 4) / BookmarksScreen.deletedBlockHeight)
  }

  /// `D`: opens the view on the newest deletion.
  mutating func openRecentlyDeleted() {
    state.modal = .recentlyDeleted(RecentlyDeletedView())
  }

  /// The store put these bookmarks back, or could not: the view closes on the list (the
  /// first one put back selected when it is shown there), and `u` can take it back.
  mutating func deletedRestored(_ asked: [DeletedBookmark], _ result: Result<[Bookmark], FailureMessage>) {
    guard case .recentlyDeleted(var view) = state.modal else { return }
    view.isWorking = false
    switch result {
    case .failure(let failure):
      view.error = failure.text
      state.modal = .recentlyDeleted(view)
    case .success(let restored):
      state.modal = nil
      guard let first = restored.first else {
        let name = asked.first?.bookmark.name ?? ""
        state.message = StatusMessage("“\(name)” was back already (restored on another device).")
        return
      }
      var bookmarks = storeOrder
      for bookmark in restored where !bookmarks.contains(where: { $0.id == bookmark.id }) {
        bookmarks.append(bookmark)
        ownChanges[bookmark.id] = .present(name: bookmark.name, url: bookmark.url)
        record(
          UndoStep(
            label: "restore of “\(bookmark.name)”", id: bookmark.id, before: nil, after: bookmark,
            undo: .remove(bookmark), redo: .restore(bookmark)))
      }
      replaceBookmarks(bookmarks, keepingSelectionOf: first.id)
      state.deleted.removeAll { deleted in restored.contains { $0.id == deleted.id } }
      let place = first.folder.isEmpty ? "the top level" : first.folder.joined(separator: " › ")
      state.message = StatusMessage("Restored “\(first.name)” to \(place).")
    }
  }

  /// The store deleted bookmarks from Recently Deleted for good, or could not.
  mutating func deletedRemoved(_ ids: Set<Bookmark.ID>?, _ result: Result<Int, FailureMessage>) {
    guard case .recentlyDeleted(var view) = state.modal else { return }
    view.isWorking = false
    switch result {
    case .failure(let failure):
      view.error = failure.text
    case .success(let count):
      if let ids {
        let names = state.deleted.filter { ids.contains($0.id) }.map(\.bookmark.name)
        state.deleted.removeAll { ids.contains($0.id) }
        state.message = StatusMessage("Deleted “\(names.first ?? "")” for good.")
      } else {
        state.deleted = []
        state.message = StatusMessage(
          count == 1 ? "Emptied Recently Deleted: 1 bookmark." : "Emptied Recently Deleted: \(count) bookmarks.")
      }
      view.selection = max(0, min(view.selection, state.deleted.count - 1))
    }
    state.modal = .recentlyDeleted(view)
  }
}
