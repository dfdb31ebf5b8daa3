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
  /// Folders that hold no bookmark: Cloudy keeps folders only as a bookmark's path.
  public var emptyFolders: Int
  /// Descriptions (`<DD>`) of folders: Cloudy keeps notes on bookmarks only.
  public var folderDescriptions: Int

  public init(
    format: BookmarkFileFormat, bookmarks: [ParsedBookmark] = [], skipped: [SkippedEntry] = [], separators: Int = 0,
    emptyFolders: Int = 0, folderDescriptions: Int = 0
  ) {
    self.format = format
    self.bookmarks = bookmarks
    self.skipped = skipped
    self.separators = separators
    self.emptyFolders = emptyFolders
    self.folderDescriptions = folderDescriptions
  }
}
