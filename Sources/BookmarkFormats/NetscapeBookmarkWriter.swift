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
  /// `folders` are folder paths written even when empty (a store's folders).
  public static func data(for bookmarks: [Bookmark], folders: [[String]] = []) -> Data {
    let tree = BookmarkTree(bookmarks, folders: folders)
    let out = """
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
    var bytes = Array(out.utf8)
    bytes.reserveCapacity(bytes.count + bookmarks.count * 400)
    write(tree.root, of: tree, depth: 1, into: &bytes)
    bytes.append(contentsOf: "</DL>\n".utf8)
    return Data(bytes)
  }

  static let toolbarNames: Set<String> = ["Bookmarks Toolbar", "Bookmarks bar", "Favorites bar", "Favourites bar"]
  static let otherBookmarksNames: Set<String> = ["Other Bookmarks"]

  private static func write(
    _ folder: BookmarkTree.Folder, of tree: BookmarkTree, depth: Int, into out: inout [UInt8]
  ) {
    let indent = Array(String(repeating: "    ", count: depth).utf8)
    func text(_ string: String) { out.append(contentsOf: string.utf8) }
    func escaped(_ string: String) { HTMLText.escape(string, into: &out) }
    for item in folder.items {
      switch item {
      case .bookmark(let bookmark):
        out.append(contentsOf: indent)
        text("<DT><A HREF=\"")
        escaped(bookmark.url)
        text("\" ADD_DATE=\"\(BookmarkTimestamp.text(for: bookmark.created))\"")
        text(" LAST_MODIFIED=\"\(BookmarkTimestamp.text(for: bookmark.modified))\"")
        if !bookmark.tags.isEmpty {
          text(" TAGS=\"")
          escaped(bookmark.tags.joined(separator: ","))
          text("\"")
        }
        text(">")
        escaped(bookmark.name)
        text("</A>\n")
        if !bookmark.notes.isEmpty {
          out.append(contentsOf: indent)
          text("<DD>")
          escaped(bookmark.notes)
          text("\n")
        }
      case .folder(let index):
        let child = tree.folders[index]
        out.append(contentsOf: indent)
        text("<DT><H3")
        if let created = child.created { text(" ADD_DATE=\"\(BookmarkTimestamp.text(for: created))\"") }
        if let modified = child.modified { text(" LAST_MODIFIED=\"\(BookmarkTimestamp.text(for: modified))\"") }
        if depth == 1, toolbarNames.contains(child.name) { text(" PERSONAL_TOOLBAR_FOLDER=\"true\"") }
        if depth == 1, otherBookmarksNames.contains(child.name) { text(" UNFILED_BOOKMARKS_FOLDER=\"true\"") }
        text(">")
        escaped(child.name)
        text("</H3>\n")
        out.append(contentsOf: indent)
        text("<DL><p>\n")
        write(child, of: tree, depth: depth + 1, into: &out)
        out.append(contentsOf: indent)
        text("</DL><p>\n")
      }
    }
  }
}
