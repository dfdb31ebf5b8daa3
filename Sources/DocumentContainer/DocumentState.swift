/// A document's state (`UIDocument.State`): a set, empty when normal.
public struct DocumentState: OptionSet, Hashable, Sendable, CustomStringConvertible {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Open, no conflict, no error.
  public static let normal: DocumentState = []
  /// Not open (before `open()` and after `close()`).
  public static let closed = DocumentState(rawValue: 1 << 0)
  /// Other versions of it are unresolved.
  public static let inConflict = DocumentState(rawValue: 1 << 1)
  /// The last save failed.
  public static let savingError = DocumentState(rawValue: 1 << 2)
  /// Changes can't be made now (a save is in progress, or it was deleted).
  public static let editingDisabled = DocumentState(rawValue: 1 << 3)

  public var description: String {
    if isEmpty { return "normal" }
    let names: [(DocumentState, String)] = [
      (.closed, "closed"), (.inConflict, "in conflict"), (.savingError, "saving error"),
      (.editingDisabled, "editing disabled"),
    ]
    return names.filter { contains($0.0) }.map(\.1).joined(separator: ", ")
  }
}
