import BookmarkModel

/// What a revert made: the bookmark as it is now, the old version it was made from, and
/// whether that version's folder was gone and was made again.
public struct Reverted: Hashable, Sendable {
  public var bookmark: Bookmark
  public var version: HistoryVersion
  public var madeFolder: Bool

  public init(bookmark: Bookmark, version: HistoryVersion, madeFolder: Bool) {
    self.bookmark = bookmark
    self.version = version
    self.madeFolder = madeFolder
  }
}
