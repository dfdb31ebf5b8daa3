import BookmarkModel

/// One change made in this session, with how to take it back and how to make it again.
public struct UndoStep: Hashable, Sendable {
  /// What it was, for the bottom line: `delete of “Swift Forums”`.
  public var label: String
  /// The bookmark it changed.
  public var id: Bookmark.ID
  /// The bookmark before and after the change (nil: it did not exist). Undo expects the
  /// bookmark to be as `after` left it, redo as `before`; anything else means another device
  /// changed it meanwhile, and the user is asked first.
  public var before: Bookmark?
  public var after: Bookmark?
  public var undo: StoreChange
  public var redo: StoreChange
  /// The folder change this step stands for, which `u` can't take back: it stops there
  /// rather than reach past it to an older change (nil for a bookmark's change).
  public var folderChange: FolderChange?

  /// Which way a step is sent to the store: made for the first time, taken back, made again.
  public enum Direction: Hashable, Sendable {
    case doing, undoing, redoing
  }

  public init(
    label: String, id: Bookmark.ID, before: Bookmark?, after: Bookmark?, undo: StoreChange, redo: StoreChange
  ) {
    self.label = label
    self.id = id
    self.before = before
    self.after = after
    self.undo = undo
    self.redo = redo
  }

  /// A folder made, renamed, moved or deleted in this session: a step `u` stops at and says
  /// it can't take back.
  public static func folder(_ change: FolderChange) -> UndoStep {
    var step = UndoStep(
      label: "folder change", id: "", before: nil, after: nil, undo: .importAll([]), redo: .importAll([]))
    step.folderChange = change
    return step
  }

  /// Whether the bookmark now reads as `expected` (name, URL, folder, tags and notes; dates
  /// and order aside), or is absent as expected.
  package static func matches(_ current: Bookmark?, _ expected: Bookmark?) -> Bool {
    guard let current, let expected else { return current == nil && expected == nil }
    return current.name == expected.name && current.url == expected.url && current.folder == expected.folder
      && current.tags == expected.tags && current.notes == expected.notes
  }
}
