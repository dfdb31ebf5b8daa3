import BookmarksState

extension BookmarksViewModel {
  /// Bookmarks the wheel moves the selection by, a notch.
  public static let wheelStep = 3

  /// A click selects the bookmark under it, and a click on the selected bookmark acts as
  /// `Enter` does (opens it; in Edit mode, edits it); a click on `Edit`/`Done` or `+` in the top bar
  /// acts like `e` or `+`. The wheel moves the selection three bookmarks, scrolling the
  /// list with it. With a dialog, help or a question open, the mouse does nothing.
  mutating func mouse(_ event: MouseEvent) -> [Effect] {
    if state.reader != nil { return [] }
    if state.showsShelf { return shelfMouse(event) }
    guard state.modal == nil, state.isLoaded, state.loadProblem == nil, !state.isTooSmall else { return [] }
    state.message = nil
    switch event.kind {
    case .wheelUp: select(state.selection - Self.wheelStep)
    case .wheelDown: select(state.selection + Self.wheelStep)
    case .click:
      if event.row == 0 {
        if (1...4).contains(event.column) {
          return listKey(.character("e"))
        } else if event.column >= state.size.columns - 3 {
          return listKey(.character("+"))
        }
        return []
      }
      let listRows = state.size.rows - 2
      guard event.row >= 1, event.row <= listRows else { return [] }
      let row = state.scrollTop + (event.row - 1) / Self.linesPerBookmark
      guard (event.row - 1) / Self.linesPerBookmark < visibleBookmarkCount, row < state.shownCount else { return [] }
      if row == state.selection {
        return listKey(.enter)
      }
      state.selection = row
    }
    return []
  }

  /// The same on the team shelf: the wheel moves, a click selects and a second one acts as
  /// `Enter`; Edit and `+` in the top bar as their keys.
  private mutating func shelfMouse(_ event: MouseEvent) -> [Effect] {
    guard state.modal == nil, !state.isTooSmall, let shelf = state.shelf, !shelf.isTypingQuery else { return [] }
    state.message = nil
    switch event.kind {
    case .wheelUp, .wheelDown:
      let key: Key = event.kind == .wheelUp ? .up : .down
      return (0..<Self.wheelStep).flatMap { _ in shelfKey(key) }
    case .click:
      if event.row == 0 {
        guard shelf.canWrite else { return [] }
        if (1...4).contains(event.column) { return shelfKey(.character("e")) }
        if event.column >= state.size.columns - 3 { return shelfKey(.character("+")) }
        return []
      }
      let offset = (event.row - 1) / Self.linesPerBookmark
      let row = shelf.scrollTop + offset
      guard event.row >= 1, event.row <= state.size.rows - 2, offset < visibleBookmarkCount,
        row < shelf.bookmarks.count
      else { return [] }
      if row == shelf.selection { return shelfKey(.enter) }
      state.shelf?.selection = row
      return moreShelfIfNeeded()
    }
  }
}
