import BookmarkModel

/// Your own order: `J` and `K` in Edit mode move the selected bookmark past the bookmark
/// below or above it, in the store, so every device shows the new order.
extension BookmarksViewModel {
  /// `J` (`step` 1) or `K` (-1): asks the store to exchange the selected bookmark's place with
  /// its neighbour's in the list shown. Keys wait until the store has answered.
  mutating func exchange(by step: Int) -> [Effect] {
    guard state.isEditing else {
      state.message = StatusMessage("Press e for Edit mode to move bookmarks with J and K.")
      return []
    }
    guard state.sortOrder == .manual else {
      state.message = StatusMessage("J and K move bookmarks in your own order; press s until the list says so.")
      return []
    }
    if state.selectedFolder != nil {
      state.message = StatusMessage("Folders are listed by name; J and K move bookmarks.")
      return []
    }
    guard let moved = state.selectedBookmark else { return [] }
    let target = state.selection + step
    guard target >= state.shownFolders.count, target < state.shownCount,
      let neighbour = state.shownBookmark(at: target)
    else { return [] }
    state.isWaitingForStore = true
    exchangeInFlight = (moved.id, step > 0, neighbour.id)
    return [.exchangePlaces(moved.id, neighbour.id)]
  }

  /// The store answered: the list shows the new order (unless the store's own change event
  /// brought it already), the moved bookmark still selected; then the keys that waited.
  mutating func exchangeFinished(_ failure: FailureMessage?) -> [Effect] {
    state.isWaitingForStore = false
    guard let (moved, after, neighbour) = exchangeInFlight else { return replayTypeAhead() }
    exchangeInFlight = nil
    if let failure {
      state.message = StatusMessage(failure.text, isError: true)
      state.typeAhead = []
      return []
    }
    if let bookmark = state.bookmarks.first(where: { $0.id == moved }) {
      record(
        UndoStep(
          label: "move of “\(bookmark.name)” in your order", id: moved, before: bookmark, after: bookmark,
          undo: .exchange(moved, neighbour), redo: .exchange(moved, neighbour)))
    }
    var order = storeOrder
    if let a = order.firstIndex(where: { $0.id == moved }), let b = order.firstIndex(where: { $0.id == neighbour }),
      (a > b) != after
    {
      order.swapAt(a, b)
      replaceBookmarks(order, keepingSelectionOf: moved)
    } else if let row = state.shownRow(of: moved) {
      state.selection = row
    }
    return replayTypeAhead()
  }
}
