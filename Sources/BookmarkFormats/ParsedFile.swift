/// Everything a bookmark file holds that Cloudy keeps, and a count of what it does not.
public struct ParsedFile: Hashable, Sendable {
  /// Which format the file was read as.
  public var format: BookmarkFileFormat
  /// The bookmarks, in file order.
  public var bookmarks: [ParsedBookmark]
  /// Entries that cannot be imported, with the reason for each.
  public var skipped: [SkippedEntry]
  /// Separators (`<HR>`): Cloudy's list has none.
  public var separators: Int
  /// Folders that hold no bookmark (nor one below them), as paths, in file order: an import
  /// makes them.
  public var emptyFolderPaths: [[String]]
  /// How many folders hold no bookmark.
  public var emptyFolders: Int { emptyFolderPaths.count }
  /// Descriptions (`<DD>`) of folders: Cloudy keeps notes on bookmarks only.
  public var folderDescriptions: Int

  public init(
    format: BookmarkFileFormat, bookmarks: [ParsedBookmark] = [], skipped: [SkippedEntry] = [], separators: Int = 0,
    emptyFolderPaths: [[String]] = [], folderDescriptions: Int = 0
  ) {
    self.format = format
    self.bookmarks = bookmarks
    self.skipped = skipped
    self.separators = separators
    self.emptyFolderPaths = emptyFolderPaths
    self.folderDescriptions = folderDescriptions
  }
}
