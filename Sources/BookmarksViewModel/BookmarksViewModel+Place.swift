import BookmarkModel
import BookmarkStoreInterface
import BookmarksState

/// Your place follows you (issue 18.6): where the list is goes to the runtime as it changes,
/// and the place the account's devices left arrives at the start.
extension BookmarksViewModel {
  /// Where the list is now.
  var currentPlace: ReadingPlace {
    ReadingPlace(
      folder: state.place.folderPath, selected: state.selectedBookmark?.id, sort: state.sortOrder.rawValue,
      filter: state.filter.flatMap { $0.isTyping ? nil : $0.query.text })
  }

  /// The effect telling the runtime where the list is, when it moved since the last one.
  /// Nothing is told before the user has moved, so a device that just opened never
  /// overwrites the place the others left.
  mutating func placeToRemember() -> Effect? {
    guard followsPlace, hasMoved, state.isLoaded, state.modal == nil else { return nil }
    let place = currentPlace
    guard place != reportedPlace else { return nil }
    reportedPlace = place
    return .rememberPlace(place)
  }

  /// The saved place: the list opens there, unless the user has moved already. The folder
  /// falls back to its nearest parent that still holds something, the selection to the first
  /// row; an order Cloudy doesn't know is ignored.
  mutating func placeArrived(_ place: ReadingPlace) {
    guard !hasMoved else { return }
    guard state.isLoaded else {
      arrivedPlace = place
      return
    }
    reportedPlace = place
    if let order = place.sort.flatMap(ListOrder.init(rawValue:)), order != state.sortOrder {
      state.sortOrder = order
      replaceBookmarks(storeOrder, keepingSelectionOf: nil)
    }
    if let path = place.folder {
      show(.folder(path))
    } else {
      folderBeforeAll = []
      show(.allBookmarks)
    }
    if let query = place.filter, !query.isEmpty {
      if !search.isPrepared(for: state.bookmarks) { search.prepare(state.bookmarks) }
      state.filter = ListFilter(query: query, isTyping: false, matches: [])
      let matches = filterMatches(query)
      state.filter?.matches = matches
    }
    state.selection = place.selected.flatMap { state.shownRow(of: $0) } ?? 0
    state.scrollTop = max(0, state.selection - visibleBookmarkCount / 2)
    // Its folder or bookmark not in the list yet (a new device: the place can arrive before
    // the list its fetch brought is shown): tried again with the next list, until a key.
    let folderMissing = place.folder.map { !currentFolderIndex().contains($0) } ?? false
    let bookmarkMissing = place.selected.map { state.shownRow(of: $0) == nil } ?? false
    if folderMissing || bookmarkMissing { arrivedPlace = place }
  }
}
