/// A kept text that holds a search's query: its version, and the line where the query first
/// is, as the index folded it (a text's lines are its non-empty lines, each folded; `line`
/// counts them from 0). A snippet decodes the asset's text no further than that line, and
/// shows it only if it folds to `foldedLine`.
public struct ArchiveMatch: Hashable, Sendable {
  public var version: ArchiveVersion
  public var line: Int
  public var foldedLine: String

  public init(version: ArchiveVersion, line: Int, foldedLine: String) {
    self.version = version
    self.line = line
    self.foldedLine = foldedLine
  }
}
