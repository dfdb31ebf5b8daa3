import BookmarkModel
import BookmarkStoreInterface

/// The resolve dialog's keys and the store's answers to it.
extension BookmarksViewModel {
  mutating func resolveKey(_ key: Key, _ dialog: inout ResolveDialog) -> [Effect] {
    // While the store works, only Esc acts, as in the Add/Edit dialog.
    if dialog.isResolving || dialog.versions == nil {
      if key == .escape { state.modal = nil }
      return []
    }
    switch key {
    case .escape, .character("q"):
      state.modal = nil
    case .down, .tab, .character("j"):
      dialog.moveChoice(by: 1)
      dialog.error = nil
    case .up, .backTab, .character("k"):
      dialog.moveChoice(by: -1)
      dialog.error = nil
    case .enter:
      guard let version = dialog.chosen else { return [] }
      // The row changes to the kept version: this session's own doing, not news.
      ownChanges[dialog.bookmark.id] = .present(name: version.bookmark.name, url: version.bookmark.url)
      dialog.isResolving = true
      dialog.error = nil
      return [.resolve(dialog.bookmark.id, keeping: version.id)]
    default:
      break
    }
    return []
  }

  mutating func versionsLoaded(_ id: Bookmark.ID, _ result: Result<[BookmarkVersion], FailureMessage>) {
    guard case .resolve(var dialog) = state.modal, dialog.bookmark.id == id, dialog.versions == nil else { return }
    switch result {
    case .failure(let failure):
      dialog.versions = []
      dialog.error = failure.text
    case .success(let versions) where versions.count < 2:
      // Resolved on another device between the key and the answer.
      state.modal = nil
      state.message = StatusMessage("“\(dialog.bookmark.name)” is no longer in conflict.")
      return
    case .success(let versions):
      dialog.versions = versions
      dialog.choice = versions.firstIndex { $0.isCurrent } ?? 0
    }
    state.modal = .resolve(dialog)
  }

  mutating func resolveFinished(_ id: Bookmark.ID, _ failure: FailureMessage?) {
    guard case .resolve(var dialog) = state.modal, dialog.bookmark.id == id else { return }
    if let failure {
      dialog.isResolving = false
      dialog.error = failure.text
      state.modal = .resolve(dialog)
      return
    }
    state.modal = nil
    state.conflicted.remove(id)
    let name = dialog.chosen?.bookmark.name ?? dialog.bookmark.name
    state.message = StatusMessage("Kept “\(name)”; the other versions are gone everywhere.")
  }

  /// Closes a resolve dialog whose bookmark was resolved elsewhere (another device or
  /// session) while it was open, unless this session's own resolve is under way.
  mutating func conflictsChanged() {
    guard case .resolve(let dialog) = state.modal, !dialog.isResolving,
      !state.conflicted.contains(dialog.bookmark.id)
    else { return }
    state.modal = nil
    state.message = StatusMessage("“\(dialog.bookmark.name)” was resolved elsewhere.")
  }
}
