import BookmarkModel
import BookmarksState

/// Folders as things of their own: `N` makes one; in Edit mode, Enter on a folder renames
/// it, `d` deletes it (what it holds goes to its parent) and `m` moves it with everything in
/// it. Each is one change of the store; keys typed meanwhile wait for its answer.
extension BookmarksViewModel {
  /// `N`: asks for the name of a new folder in the folder shown.
  mutating func startNewFolder() {
    guard case .folder(let path) = state.place else {
      state.message = StatusMessage("New folders are made in the folder view; A goes back to it.")
      return
    }
    state.modal = .folderName(FolderNamePrompt(purpose: .create(in: path)))
  }

  /// Enter on a folder row in Edit mode: asks for its new name.
  mutating func startRenaming(_ folder: FolderRow) {
    state.modal = .folderName(FolderNamePrompt(purpose: .rename(folder.path)))
  }

  /// A key in the name box: editing keys edit the name, Enter makes the change, Esc cancels.
  mutating func folderNameKey(_ key: Key, _ prompt: inout FolderNamePrompt) -> [Effect] {
    switch key {
    case .escape:
      state.modal = nil
    case .enter:
      let change = prompt.change
      if let problem = change.problem(existing: Set(currentFolderIndex().allFolders)) {
        prompt.error = problem.description
        return []
      }
      state.modal = nil
      return change.changesNothing ? [] : changeFolder(change)
    default:
      let before = prompt.field.text
      if prompt.field.handle(key), prompt.field.text != before { prompt.error = nil }
    }
    return []
  }

  /// `y` after `d` on a folder row: deletes it.
  mutating func deleteFolderKey(_ key: Key, _ folder: FolderRow) -> [Effect] {
    state.modal = nil
    guard key == .character("y") || key == .character("Y") else {
      state.message = StatusMessage("Kept the folder “\(folder.name)”.")
      return []
    }
    return changeFolder(.delete(folder.path))
  }

  /// Sends a folder change to the store; keys wait for its answer.
  mutating func changeFolder(_ change: FolderChange) -> [Effect] {
    state.isWaitingForStore = true
    // What the folder holds now, for the sentence once it is done (the store's own
    // snapshot may come first and show it gone).
    let held = currentFolderIndex().folderRows(in: Array(change.path.dropLast())).first { $0.path == change.path }
    folderChangeInFlight = FolderChangeInFlight(change, held: held, bookmarks: storeOrder)
    return [.changeFolder(change)]
  }

  /// The store's answer to a folder change. On success the list shows the change at once,
  /// unless a snapshot of the store already did (applying it twice could move a folder
  /// twice), with the folder changed selected where it is now.
  mutating func folderChanged(_ change: FolderChange, _ failure: FailureMessage?) -> [Effect] {
    state.isWaitingForStore = false
    let inFlight = folderChangeInFlight
    folderChangeInFlight = nil
    if let failure {
      state.message = StatusMessage(failure.text, isError: true)
      state.typeAhead = []
      return []
    }
    if inFlight?.shownByStore != true { showLocally(change) }
    if case .folder(let place) = state.place, place == Array(change.destination.dropLast()),
      let row = state.shownRow(ofFolder: change.destination)
    {
      state.selection = row
    }
    state.message = StatusMessage(change.sentence(held: inFlight?.held))
    record(.folder(change))
    return replayTypeAhead()
  }

  /// The list with a folder change made, before the store shows it (a store may show its
  /// changes only once, as the demo's does).
  private mutating func showLocally(_ change: FolderChange) {
    var folders = state.storeFolders
    if case .delete(let path) = change { folders.removeAll { $0 == path } }
    folders = folders.map(change.rewrite)
    if case .create(let path) = change, !folders.contains(path) { folders.append(path) }
    state.storeFolders = folders
    folderIndex = nil
    var bookmarks = storeOrder
    for index in bookmarks.indices where bookmarks[index].folder.starts(with: change.path) {
      bookmarks[index].folder = change.rewrite(bookmarks[index].folder)
    }
    replaceBookmarks(bookmarks, keepingSelectionOf: nil)
  }

}
