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

  /// The bookmarks' folders, then those of `emptyFolders` they don't have (each at the end
  /// of its parent).
  init(_ bookmarks: [Bookmark], folders emptyFolders: [[String]] = []) {
    var indexOfPath: [[String]: Int] = [:]
    /// The folder at `path`, made with the folders above it if missing; each is dated by
    /// `bookmark` (one in it or below) if given.
    func folder(_ path: [String], dating bookmark: Bookmark? = nil) -> Int {
      var parent = 0
      for depth in path.indices {
        let prefix = Array(path[...depth])
        if let existing = indexOfPath[prefix] {
          parent = existing
        } else {
          folders.append(Folder(name: path[depth]))
          let index = folders.count - 1
          folders[parent].items.append(.folder(index))
          indexOfPath[prefix] = index
          parent = index
        }
        if let bookmark {
          folders[parent].created = min(folders[parent].created ?? bookmark.created, bookmark.created)
          folders[parent].modified = max(folders[parent].modified ?? bookmark.modified, bookmark.modified)
        }
      }
      return parent
    }
    for bookmark in bookmarks {
      folders[folder(bookmark.folder, dating: bookmark)].items.append(.bookmark(bookmark))
    }
    for path in emptyFolders where !path.isEmpty { _ = folder(path) }
  }

  var root: Folder { folders[0] }
}
