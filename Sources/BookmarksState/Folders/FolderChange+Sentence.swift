import BookmarkModel

extension FolderChange {
  /// What the bottom line says once the change is made; `held` is the folder as it was.
  package func sentence(held: FolderRow?) -> String {
    let name = path.last ?? ""
    switch self {
    case .create(let path): return "Made the folder “\(name)” in \(FolderRow.folderName(Array(path.dropLast())))."
    case .rename(_, let new): return "Renamed “\(name)” to “\(new)”."
    case .move(_, let parent): return "Moved the folder “\(name)” to \(FolderRow.folderName(parent))."
    case .delete(let path):
      let count = held?.bookmarkCount ?? 0
      guard count > 0 || (held?.folderCount ?? 0) > 0 else { return "Deleted the empty folder “\(name)”." }
      return "Deleted the folder “\(name)”; what it held is now in \(FolderRow.folderName(Array(path.dropLast())))."
    }
  }
}
