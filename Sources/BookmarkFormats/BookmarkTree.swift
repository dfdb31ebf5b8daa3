import BookmarkModel
import Foundation

/// Bookmarks grouped by their folder paths, for writers of nested formats.
///
/// Folders and bookmarks keep the order in which they first appear in the list, so a list
/// read from a file (where each folder's entries are together) is written back in the
/// file's order. A folder's dates are its bookmarks' earliest `created` and latest `modified`.
struct BookmarkTree {
  struct Folder {
    var name: String
    var items: [Item] = []
    var created: Date?
    var modified: Date?
  }

  enum Item {
    case bookmark(Bookmark)
    case folder(Int)
  }

  /// All folders; index 0 is the top level.
  private(set) var folders = [Folder(name: "")]

  init(_ bookmarks: [Bookmark]) {
    var indexOfPath: [[String]: Int] = [:]
    for bookmark in bookmarks {
      var parent = 0
      for depth in bookmark.folder.indices {
        let path = Array(bookmark.folder[...depth])
        if let existing = indexOfPath[path] {
          parent = existing
        } else {
          folders.append(Folder(name: bookmark.folder[depth]))
          let index = folders.count - 1
          folders[parent].items.append(.folder(index))
          indexOfPath[path] = index
          parent = index
        }
        folders[parent].created = min(folders[parent].created ?? bookmark.created, bookmark.created)
        folders[parent].modified = max(folders[parent].modified ?? bookmark.modified, bookmark.modified)
      }
      folders[parent].items.append(.bookmark(bookmark))
    }
  }

  var root: Folder { folders[0] }
}
