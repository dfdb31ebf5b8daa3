/// One change to the folder tree, by the paths the user sees. The stores make it: the
/// key-value and document stores as a change of ``FolderRecord``s (``FolderTree``), user
/// defaults by rewriting paths (``rewrite(_:)``), in one write either way.
public enum FolderChange: Hashable, Sendable {
  /// A new, empty folder (`N`, `cloudy folder new`).
  case create([String])
  /// A folder's new name; it keeps its place, bookmarks and folders.
  case rename([String], to: String)
  /// A folder moved, with everything in it, into another (the top level is `[]`).
  case move([String], into: [String])
  /// A folder removed; what it held goes to its parent.
  case delete([String])

  /// The folder the change is about.
  public var path: [String] {
    switch self {
    case .create(let path), .rename(let path, _), .move(let path, _), .delete(let path): path
    }
  }

  /// Where the folder is afterwards (its parent, for a delete).
  public var destination: [String] {
    switch self {
    case .create(let path): path
    case .rename(let path, let name): path.dropLast() + [name]
    case .move(let path, let parent): parent + [path.last ?? ""]
    case .delete(let path): Array(path.dropLast())
    }
  }

  /// Whether the change would leave everything as it is (a rename to the same name, a move
  /// into the folder it is already in).
  public var changesNothing: Bool {
    switch self {
    case .rename(let path, let name): path.last == name
    case .move(let path, let parent): Array(path.dropLast()) == parent
    case .create, .delete: false
    }
  }

  /// The first reason the change can't be made to a tree with these folders (every folder
  /// path there is, ancestors included), or nil.
  public func problem(existing folders: Set<[String]>) -> FolderProblem? {
    let path = self.path
    if path.isEmpty { return .noName }
    if case .create = self {
      if let problem = Self.problem(name: path.last!) { return problem }
      if let problem = BookmarkOrganisation.problem(folder: path) { return .name(problem) }
      return folders.contains(path) ? .exists(path) : nil
    }
    guard folders.contains(path) else { return .notFound(path) }
    if changesNothing { return nil }
    switch self {
    case .rename(_, let name):
      if let problem = Self.problem(name: name) { return problem }
    case .move(_, let parent):
      if parent.starts(with: path) { return .intoItself }
      if let problem = BookmarkOrganisation.problem(folder: parent) { return .name(problem) }
      let deepest = folders.filter { $0.starts(with: path) }.map(\.count).max() ?? path.count
      let depth = parent.count + 1 + deepest - path.count
      if depth > BookmarkOrganisation.maximumDepth { return .name(.foldersTooDeep(levels: depth)) }
    case .create, .delete:
      return nil
    }
    // A rename that only changes case is allowed; any other name taken is refused.
    let destination = self.destination
    if folders.contains(destination), destination != path { return .exists(destination) }
    return nil
  }

  /// The first problem with a name given to a folder as one name (typed in the box, or
  /// `cloudy folder rename`), or nil. (A name from an imported file may hold a `/`: a path
  /// can't be typed for it, but it is kept.)
  public static func problem(name: String) -> FolderProblem? {
    if name.isEmpty { return .noName }
    if name.contains("/") { return .slashInName }
    if let problem = BookmarkOrganisation.problem(folder: [name]) { return .name(problem) }
    return nil
  }

  /// Where a folder path (a bookmark's, or a folder's own) is after the change: the folder
  /// and everything in it renamed or moved; for a delete, one level up.
  public func rewrite(_ folder: [String]) -> [String] {
    let path = self.path
    guard folder.starts(with: path), !path.isEmpty else { return folder }
    if case .create = self { return folder }
    return destination + folder.dropFirst(path.count)
  }
}
