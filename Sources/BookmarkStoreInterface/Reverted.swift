import BookmarkModel

/// What a revert made: the bookmark as it is now and as it was just before, the old version
/// it was made from, and whether that version's folder was gone and was made again.
public struct Reverted: Hashable, Sendable {
  public var bookmark: Bookmark
  public var before: Bookmark
  public var version: HistoryVersion
  public var madeFolder: Bool

  public init(bookmark: Bookmark, before: Bookmark, version: HistoryVersion, madeFolder: Bool) {
    self.bookmark = bookmark
    self.before = before
    self.version = version
    self.madeFolder = madeFolder
  }
}
