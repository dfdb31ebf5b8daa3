import BookmarkModel

/// The one-line box that asks for a folder's name: a new folder (`N`) or a new name for one
/// (Enter on a folder row in Edit mode).
public struct FolderNamePrompt: Hashable, Sendable {
  public enum Purpose: Hashable, Sendable {
    /// A new folder inside this one (`[]`: the top level).
    case create(in: [String])
    /// A new name for this folder.
    case rename([String])
  }

  public var purpose: Purpose
  public var field: TextField
  /// Why the name can't be used, once Enter was pressed.
  public var error: String?

  public init(purpose: Purpose) {
    self.purpose = purpose
    if case .rename(let path) = purpose {
      field = TextField(path.last ?? "")
    } else {
      field = TextField()
    }
  }

  /// The change Enter asks for, or why the name can't be used.
  public var change: Result<FolderChange, FolderProblem> {
    let name = field.text.trimmingWhitespace()
    if name.isEmpty { return .failure(.noName) }
    if name.contains("/") { return .failure(.slashInName) }
    if let problem = BookmarkOrganisation.problem(folder: [name]) { return .failure(.name(problem)) }
    switch purpose {
    case .create(let parent): return .success(.create(parent + [name]))
    case .rename(let path): return .success(.rename(path, to: name))
    }
  }
}
