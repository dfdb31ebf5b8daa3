import Foundation

/// One bookmark as a file describes it, before it is given an id and stored.
public struct ParsedBookmark: Hashable, Sendable {
  public var name: String
  public var url: String
  /// `ADD_DATE`; `nil` when the file gives none.
  public var created: Date?
  /// `LAST_MODIFIED`; `nil` when the file gives none.
  public var modified: Date?
  public var folder: [String]
  public var notes: String
  public var tags: [String]
  /// The id a Cloudy JSON export carries; `nil` for other formats.
  public var id: String?
  /// Where the bookmark starts in the file (1-based), for messages.
  public var line: Int

  public init(
    name: String, url: String, created: Date? = nil, modified: Date? = nil, folder: [String] = [], notes: String = "",
    tags: [String] = [], id: String? = nil, line: Int = 0
  ) {
    self.name = name
    self.url = url
    self.created = created
    self.modified = modified
    self.folder = folder
    self.notes = notes
    self.tags = tags
    self.id = id
    self.line = line
  }
}
