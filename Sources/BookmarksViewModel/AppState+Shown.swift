import BookmarkModel

extension AppState {
  /// How many bookmarks the list shows: the filter's matches, or all of them.
  public var shownCount: Int { filter?.matches.count ?? bookmarks.count }

  /// The bookmark on a row of the (possibly filtered) list, `0..<shownCount`.
  public func shownBookmark(at row: Int) -> Bookmark {
    if let filter { return bookmarks[filter.matches[row]] }
    return bookmarks[row]
  }

  /// The row of the shown list that holds a bookmark, if it is shown.
  public func shownRow(of id: Bookmark.ID) -> Int? {
    if let filter { return filter.matches.firstIndex { bookmarks[$0].id == id } }
    return bookmarks.firstIndex { $0.id == id }
  }
}
