import BookmarkModel

/// The folder tree of the list, for the folder view: the bookmarks each folder holds
/// directly, its subfolders, and how many bookmarks it holds in all.
///
/// Built in one pass over the list (one dictionary lookup per bookmark, then a walk over
/// the distinct folders); opening a folder then costs only its own rows. A folder exists
/// while it holds a bookmark, directly or below, or while the store keeps it as a folder of
/// its own (an empty one, say).
package struct FolderIndex: Sendable {
  /// Positions in the list of the bookmarks directly in each folder, in list order.
  private var direct: [[String]: [Int]] = [:]
  /// Each folder's subfolder names, sorted without case.
  private var children: [[String]: [String]] = [:]
  /// Bookmarks in each folder and below.
  private var totals: [[String]: Int] = [:]
  /// Each folder's place in the store's own order of folders (``StoreSnapshot/folders``).
  private var storePlaces: [[String]: Int] = [:]

  /// The index of a list, with the folders the store keeps (in the store's order).
  package init(_ bookmarks: [Bookmark], folders: [[String]] = []) {
    // Bookmarks of one folder mostly come in runs (a browser's export, the order they were
    // added in): a run is gathered by comparing with the last folder, and hashed once.
    var run: (folder: [String], indices: [Int])?
    for (index, bookmark) in bookmarks.enumerated() {
      if run?.folder == bookmark.folder {
        run?.indices.append(index)
        continue
      }
      if let run { direct[run.folder, default: []].append(contentsOf: run.indices) }
      run = (bookmark.folder, [index])
    }
    if let run { direct[run.folder, default: []].append(contentsOf: run.indices) }
    var subfolders: [[String]: Set<String>] = [:]
    for (path, indices) in direct {
      for depth in 0...path.count {
        let ancestor = Array(path.prefix(depth))
        totals[ancestor, default: 0] += indices.count
        if depth < path.count { subfolders[ancestor, default: []].insert(path[depth]) }
      }
    }
    for (position, path) in folders.enumerated() where !path.isEmpty {
      if storePlaces[path] == nil { storePlaces[path] = position }
      for depth in 0..<path.count {
        let ancestor = Array(path.prefix(depth + 1))
        if totals[ancestor] == nil { totals[ancestor] = 0 }
        subfolders[Array(path.prefix(depth)), default: []].insert(path[depth])
      }
    }
    if totals[[]] == nil, !folders.isEmpty { totals[[]] = 0 }
    children = subfolders.mapValues { $0.sorted(by: Self.precedes) }
  }

  /// Folder names in the order the list shows them: without case, then as written.
  static func precedes(_ a: String, _ b: String) -> Bool {
    let (lowerA, lowerB) = (a.lowercased(), b.lowercased())
    return lowerA != lowerB ? lowerA < lowerB : a < b
  }

  /// True when there is a folder: one a bookmark is in, or one the store keeps.
  package var hasFolders: Bool { !(children[[]] ?? []).isEmpty }

  /// True for the top level and every folder that holds a bookmark.
  package func contains(_ path: [String]) -> Bool { path.isEmpty || totals[path] != nil }

  /// The subfolders of a folder, as rows: by name, or in the store's order of folders
  /// (`ownOrder`; folders the store does not list, from before folders were kept, come
  /// first, by name, so a new folder comes last as a new bookmark does).
  package func folderRows(in path: [String], ownOrder: Bool = false) -> [FolderRow] {
    var names = children[path] ?? []
    if ownOrder, !storePlaces.isEmpty {
      names = names.enumerated().sorted {
        (storePlaces[path + [$0.element]] ?? -1, $0.offset) < (storePlaces[path + [$1.element]] ?? -1, $1.offset)
      }.map(\.element)
    }
    return names.map { name in
      let child = path + [name]
      return FolderRow(path: child, bookmarkCount: totals[child] ?? 0, folderCount: children[child]?.count ?? 0)
    }
  }

  /// Positions in the list of the bookmarks directly in a folder, in list order.
  package func bookmarks(in path: [String]) -> [Int] { direct[path] ?? [] }

  /// Every folder, depth first in list order, each before its subfolders.
  package var allFolders: [[String]] {
    var result: [[String]] = []
    func visit(_ path: [String]) {
      for name in children[path] ?? [] {
        result.append(path + [name])
        visit(path + [name])
      }
    }
    visit([])
    return result
  }

  /// Every folder path (written `Toolbar/Dev`) with how many bookmarks it holds, most first.
  package var foldersByUse: [[String]] {
    totals.filter { !$0.key.isEmpty }.sorted {
      $0.value != $1.value ? $0.value > $1.value : $0.key.lexicographicallyPrecedes($1.key, by: Self.precedes)
    }.map(\.key)
  }
}
