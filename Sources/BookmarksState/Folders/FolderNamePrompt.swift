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

  /// The change Enter asks for (``FolderChange/problem(existing:)`` says whether it can be made).
  public var change: FolderChange {
    let name = field.text.trimmingWhitespace()
    switch purpose {
    case .create(let parent): return .create(parent + [name])
    case .rename(let path): return .rename(path, to: name)
    }
  }
}
