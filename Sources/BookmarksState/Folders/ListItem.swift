import BookmarkModel

/// One row of the shown list: a folder (listed first) or a bookmark.
public enum ListItem: Hashable, Sendable {
  case folder(FolderRow)
  case bookmark(Bookmark)
}
