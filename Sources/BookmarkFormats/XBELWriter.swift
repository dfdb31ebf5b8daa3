import BookmarkModel
import Foundation

/// Writes XBEL 1.0 (the XML Bookmark Exchange Language): well-formed XML in UTF-8, folders
/// as nested `<folder>`, dates as ISO 8601 in `added` and `modified`, notes as `<desc>`.
///
/// XML 1.0 cannot carry most control characters even as references, so those (never in
/// real bookmarks) become U+FFFD; tags have no place in XBEL and are left out. For a
/// lossless copy, export JSON.
public enum XBELWriter {
  /// `folders` are folder paths written even when empty (a store's folders).
  public static func data(for bookmarks: [Bookmark], folders: [[String]] = []) -> Data {
    let tree = BookmarkTree(bookmarks, folders: folders)
    var out = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE xbel PUBLIC "+//IDN python.org//DTD XML Bookmark Exchange Language 1.0//EN//XML" \
      "http://pyxml.sourceforge.net/topics/dtds/xbel.dtd">
      <xbel version="1.0">

      """
    out.reserveCapacity(bookmarks.count * 200)
    write(tree.root, of: tree, depth: 1, into: &out)
    out += "</xbel>\n"
    return Data(out.utf8)
  }

  private static func write(_ folder: BookmarkTree.Folder, of tree: BookmarkTree, depth: Int, into out: inout String) {
    let indent = String(repeating: "  ", count: depth)
    for item in folder.items {
      switch item {
      case .bookmark(let bookmark):
        out += "\(indent)<bookmark href=\"\(escape(bookmark.url))\" added=\"\(bookmark.created.formatted(.iso8601))\""
        out += " modified=\"\(bookmark.modified.formatted(.iso8601))\">\n"
        out += "\(indent)  <title>\(escape(bookmark.name))</title>\n"
        if !bookmark.notes.isEmpty { out += "\(indent)  <desc>\(escape(bookmark.notes))</desc>\n" }
        out += "\(indent)</bookmark>\n"
      case .folder(let index):
        let child = tree.folders[index]
        out += "\(indent)<folder"
        if let created = child.created { out += " added=\"\(created.formatted(.iso8601))\"" }
        out += ">\n\(indent)  <title>\(escape(child.name))</title>\n"
        write(child, of: tree, depth: depth + 1, into: &out)
        out += "\(indent)</folder>\n"
      }
    }
  }

  /// Escapes text for XML element content and double-quoted attributes.
  static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x26: result += "&amp;"
      case 0x3C: result += "&lt;"
      case 0x3E: result += "&gt;"
      case 0x22: result += "&quot;"
      case 0x27: result += "&apos;"
      case 0x09, 0x0A, 0x0D, 0x7F...0x9F: result += "&#\(scalar.value);"
      case 0x00...0x1F, 0xFFFE, 0xFFFF: result += "\u{FFFD}"
      default:
        if InvisibleCharacter.needsEscape(scalar) {
          result += "&#\(scalar.value);"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }
}
