import BookmarkModel
import BookmarkStoreInterface
import BookmarksState

/// The resolve dialog's keys and the store's answers to it.
extension BookmarksViewModel {
  mutating func resolveKey(_ key: Key, _ dialog: inout ResolveDialog) -> [Effect] {
    // While the store works, only Esc acts, as in the Add/Edit dialog.
    if dialog.isResolving || dialog.versions == nil {
      if key == .escape { state.modal = nil }
      return []
    }
    guard let command = KeyBindings.resolve.command(for: key) else { return [] }
    if dialog.merge != nil { return mergeKey(command, &dialog) }
    switch command {
    case .close:
      state.modal = nil
    case .next, .previous:
      dialog.moveChoice(by: command == .next ? 1 : -1)
      dialog.error = nil
    case .keep:
      guard let version = dialog.chosen else { return [] }
      return resolve(&dialog, .keep(versionID: version.id), showing: version.bookmark)
    case .keepBoth:
      guard let version = dialog.chosen else { return [] }
      for other in dialog.versions ?? [] where other.id != version.id {
        let id = ConflictResolution.copyID(of: dialog.bookmark.id, version: other.id)
        ownChanges[id] = .present(name: other.bookmark.name, url: other.bookmark.url)
      }
      return resolve(&dialog, .keepAll(versionID: version.id), showing: version.bookmark)
    case .merge:
      let count = dialog.versions?.count ?? 0
      dialog.merge = ConflictMerge(choice: dialog.choice, versionCount: count)
      dialog.error = nil
    case .takeNext, .takePrevious:
      break
    case .help:
      openHelp(in: .resolve)
    }
    return []
  }

  /// The merge's keys: ↑↓ choose a field, ←→ (or Space) take it from another version, Enter
  /// saves what the preview shows, Esc goes back to the versions.
  private mutating func mergeKey(_ command: ResolveCommand, _ dialog: inout ResolveDialog) -> [Effect] {
    guard var merge = dialog.merge, let versions = dialog.versions else { return [] }
    defer { if dialog.merge != nil { dialog.merge = merge } }
    switch command {
    case .close:
      dialog.merge = nil
    case .next, .previous:
      merge.moveField(by: command == .next ? 1 : -1)
    case .takeNext, .takePrevious:
      merge.moveSource(by: command == .takeNext ? 1 : -1, versions: versions)
    case .keep:
      guard let merged = merge.merged(versions) else { return [] }
      return resolve(&dialog, .merge(merged), showing: merged)
    case .keepBoth, .merge:
      return []
    case .help:
      openHelp(in: .resolve)
      return []
    }
    dialog.error = nil
    return []
  }

  /// Asks the store to settle the conflict, if the versions are still the ones listed.
  private mutating func resolve(
    _ dialog: inout ResolveDialog, _ resolution: ConflictResolution, showing result: Bookmark
  ) -> [Effect] {
    // The row changes to what is kept: this session's own doing, not news.
    ownChanges[dialog.bookmark.id] = .present(name: result.name, url: result.url)
    dialog.isResolving = true
    dialog.resolution = resolution
    dialog.error = nil
    return [.resolve(dialog.bookmark.id, resolution, seen: (dialog.versions ?? []).map(\.id))]
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
    let others = max(1, (dialog.versions?.count ?? 2) - 1)
    switch dialog.resolution {
    case .keepAll:
      state.message = StatusMessage(
        "Kept “\(name)”; "
          + (others == 1
            ? "the other version is now a bookmark of its own."
            : "the other \(others) versions are now bookmarks of their own."))
    case .merge(let merged):
      state.message = StatusMessage(
        "Saved the merge “\(merged.name)”; its versions are gone everywhere.")
    case .keep, nil:
      state.message = StatusMessage("Kept “\(name)”; the other versions are gone everywhere.")
    }
  }

  /// Closes a resolve dialog whose bookmark was resolved elsewhere (another device or
  /// session) while it was open, unless this session's own resolve is under way; under the
  /// help too, so that closing the help does not bring it back.
  mutating func conflictsChanged() {
    for underHelp in [false, true] {
      guard case .resolve(let dialog) = underHelp ? state.helpOver : state.modal, !dialog.isResolving,
        !state.conflicted.contains(dialog.bookmark.id)
      else { continue }
      if underHelp { state.helpOver = nil } else { state.modal = nil }
      state.message = StatusMessage("“\(dialog.bookmark.name)” was resolved elsewhere.")
    }
  }
}

extension BookmarksViewModel {
  /// The store's answers to Resolve.
  mutating func receive(_ answer: ResolveAction) {
    switch answer {
    case .versionsLoaded(let id, let result): versionsLoaded(id, result)
    case .resolveFinished(let id, let failure): resolveFinished(id, failure)
    }
  }
}
