/// An entry of a file that is not imported, and why, in one plain sentence.
public struct SkippedEntry: Hashable, Sendable {
  /// Where the entry starts in the file (1-based).
  public var line: Int
  /// The entry's name as the file gives it (possibly empty).
  public var name: String
  /// Why it is skipped: "it has no URL".
  public var reason: String

  public init(line: Int, name: String, reason: String) {
    self.line = line
    self.name = name
    self.reason = reason
  }
}
