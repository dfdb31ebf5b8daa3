import BookmarkModel
import Foundation

/// Writes a Netscape bookmark file that Firefox, Chrome, Edge and Safari import: folders as
/// `<H3>` followed by a nested `<DL>`, dates as Unix seconds, `& < > " '` and control
/// characters escaped as references in text and attributes.
///
/// The top-level folders named as browsers name their toolbar ("Bookmarks Toolbar",
/// "Bookmarks bar", "Favorites bar") and Firefox's "Other Bookmarks" get the attribute that
/// puts them back in their place.
public enum NetscapeBookmarkWriter {
  public static func data(for bookmarks: [Bookmark]) -> Data {
    let tree = BookmarkTree(bookmarks)
    var out = """
      <!DOCTYPE NETSCAPE-Bookmark-file-1>
      <!-- This is an automatically generated file.
           It will be read and overwritten.
           DO NOT EDIT! -->
      <META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
      <meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'none'; \
      img-src data: *; object-src 'none'"></meta>
      <TITLE>Bookmarks</TITLE>
      <H1>Bookmarks</H1>

      <DL><p>

      """
    out.reserveCapacity(bookmarks.count * 200)
    write(tree.root, of: tree, depth: 1, into: &out)
    out += "</DL>\n"
    return Data(out.utf8)
  }

  static let toolbarNames: Set<String> = ["Bookmarks Toolbar", "Bookmarks bar", "Favorites bar", "Favourites bar"]
  static let otherBookmarksNames: Set<String> = ["Other Bookmarks"]

  private static func write(_ folder: BookmarkTree.Folder, of tree: BookmarkTree, depth: Int, into out: inout String) {
    let indent = String(repeating: "    ", count: depth)
    for item in folder.items {
      switch item {
      case .bookmark(let bookmark):
        out += "\(indent)<DT><A HREF=\"\(HTMLText.escape(bookmark.url))\""
        out += " ADD_DATE=\"\(BookmarkTimestamp.text(for: bookmark.created))\""
        out += " LAST_MODIFIED=\"\(BookmarkTimestamp.text(for: bookmark.modified))\""
        if !bookmark.tags.isEmpty { out += " TAGS=\"\(HTMLText.escape(bookmark.tags.joined(separator: ",")))\"" }
        out += ">\(HTMLText.escape(bookmark.name))</A>\n"
        if !bookmark.notes.isEmpty { out += "\(indent)<DD>\(HTMLText.escape(bookmark.notes))\n" }
      case .folder(let index):
        let child = tree.folders[index]
        out += "\(indent)<DT><H3"
        if let created = child.created { out += " ADD_DATE=\"\(BookmarkTimestamp.text(for: created))\"" }
        if let modified = child.modified { out += " LAST_MODIFIED=\"\(BookmarkTimestamp.text(for: modified))\"" }
        if depth == 1, toolbarNames.contains(child.name) { out += " PERSONAL_TOOLBAR_FOLDER=\"true\"" }
        if depth == 1, otherBookmarksNames.contains(child.name) { out += " UNFILED_BOOKMARKS_FOLDER=\"true\"" }
        out += ">\(HTMLText.escape(child.name))</H3>\n"
        out += "\(indent)<DL><p>\n"
        write(child, of: tree, depth: depth + 1, into: &out)
        out += "\(indent)</DL><p>\n"
      }
    }
  }
}
