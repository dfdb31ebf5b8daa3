import BookmarkModel
import ScreenRendering

extension BookmarksScreen {
  /// The second line of a row: the URL, after the bookmark's folder path when it has one
  /// (`Toolbar › Swift › https://swift.org`) and the list is not showing that folder. The
  /// path takes at most half the width, so the URL always shows.
  static func urlLine(_ bookmark: Bookmark, width: Int, shownIn place: [String]? = nil) -> String {
    guard !bookmark.folder.isEmpty, bookmark.folder != place else {
      return TextLayout.truncate(bookmark.url, toWidth: width)
    }
    let path = TextLayout.truncate(bookmark.folder.joined(separator: " › "), toWidth: max(1, width / 2))
    return TextLayout.truncate(path + " › " + bookmark.url, toWidth: width)
  }
}
