import BookmarkModel
import BookmarksState

/// Your own order: `J` and `K` in Edit mode move the selected bookmark past the bookmark
/// below or above it, in the store, so every device shows the new order.
extension BookmarksViewModel {
  /// `J` (`step` 1) or `K` (-1): asks the store to exchange the selected bookmark's place with
  /// its neighbour's in the list shown, as a step that `u` can take back. Keys wait until the
  /// store has answered.
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
    let after = step > 0
    return apply(
      UndoStep(
        label: "move of “\(moved.name)” in your order", id: moved.id, before: moved, after: moved,
        undo: .reorder(moved.id, after: !after, neighbour.id), redo: .reorder(moved.id, after: after, neighbour.id)),
      .doing)
  }
}
