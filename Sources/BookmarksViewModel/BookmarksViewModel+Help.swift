import BookmarksDrawing
import BookmarksState

/// The help overlay's keys: the arrows and page keys scroll a help taller than the window;
/// any other key closes it, back to the room it was opened in.
extension BookmarksViewModel {
  /// Opens the help; in a room, with the room's table first, and closing it goes back there.
  mutating func openHelp(in room: HelpRoom?) { state.openHelp(in: room) }

  mutating func helpKey(_ key: Key, scroll: Int) {
    let page = max(1, BookmarksScreen.helpPageHeight(state.size, room: state.helpRoom) - 1)
    let limit = BookmarksScreen.helpScrollLimit(state.size, room: state.helpRoom)
    // A help that fits closes on any key, as it says.
    guard limit > 0 else {
      state.closeHelp()
      return
    }
    let target: Int
    switch key {
    case .down, .character("j"): target = scroll + 1
    case .up, .character("k"): target = scroll - 1
    case .pageDown, .character(" "): target = scroll + page
    case .pageUp: target = scroll - page
    default:
      state.closeHelp()
      return
    }
    state.modal = .help(scroll: min(max(0, target), limit))
  }
}
