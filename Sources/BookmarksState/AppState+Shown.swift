import BookmarkModel

extension AppState {
  /// The folder rows shown before the bookmarks: the shown folder's subfolders, and none
  /// while a filter narrows the list (its matches are bookmarks from the folder and below).
  public var shownFolders: [FolderRow] { filter == nil ? folderRows : [] }

  /// How many rows the list shows: folders, then the filter's matches or the bookmarks of
  /// the place.
  public var shownCount: Int { shownFolders.count + shownBookmarkCount }

  /// How many bookmark rows the list shows.
  public var shownBookmarkCount: Int { shownPositions?.count ?? bookmarks.count }

  /// The positions in ``bookmarks`` of the bookmark rows, in row order: the filter's matches or
  /// the place's bookmarks; nil when every bookmark is a row, in list order.
  private var shownPositions: [Int]? { filter?.matches ?? placeBookmarks }

  /// The item on a row of the shown list, `0..<shownCount`.
  public func shownItem(at row: Int) -> ListItem {
    let folders = shownFolders
    if row < folders.count { return .folder(folders[row]) }
    return .bookmark(bookmarks[bookmarkPosition(at: row - folders.count)])
  }

  /// The bookmark on a row of the shown list, or nil on a folder row.
  public func shownBookmark(at row: Int) -> Bookmark? {
    if case .bookmark(let bookmark) = shownItem(at: row) { return bookmark }
    return nil
  }

  /// The row of the shown list that holds a bookmark, if it is shown.
  public func shownRow(of id: Bookmark.ID) -> Int? {
    let row = shownPositions.map { $0.firstIndex { bookmarks[$0].id == id } } ?? bookmarks.firstIndex { $0.id == id }
    return row.map { $0 + shownFolders.count }
  }

  /// The position in ``bookmarks`` of the selected bookmark, if a bookmark row is selected.
  public var selectedPosition: Int? {
    let offset = shownFolders.count
    guard selection >= offset, selection < shownCount else { return nil }
    return bookmarkPosition(at: selection - offset)
  }

  /// The row of the shown list that holds the bookmark at `position` in ``bookmarks``, if it
  /// is shown: positions compared, not ids (a filter keystroke at 1,000,000 bookmarks compared
  /// the selected id with every match's, half of its time).
  public func shownRow(ofPosition position: Int) -> Int? {
    let row =
      shownPositions.map { $0.firstIndex(of: position) } ?? (bookmarks.indices.contains(position) ? position : nil)
    return row.map { $0 + shownFolders.count }
  }

  /// The row of a folder, if it is shown.
  public func shownRow(ofFolder path: [String]) -> Int? {
    shownFolders.firstIndex { $0.path == path }
  }

  /// The position in ``bookmarks`` of the n-th bookmark row.
  private func bookmarkPosition(at position: Int) -> Int {
    shownPositions?[position] ?? position
  }
}
