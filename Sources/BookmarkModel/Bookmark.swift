import Foundation

/// One saved bookmark: a name shown over a URL.
///
/// `url` is stored exactly as the user gave it (after a missing scheme was added);
/// comparisons for duplicates go through ``BookmarkURL/comparisonKey(_:)``.
public struct Bookmark: Identifiable, Hashable, Sendable, Codable {
  public typealias ID = String

  public var id: ID
  public var name: String
  public var url: String
  public var created: Date
  public var modified: Date

  public init(id: ID, name: String, url: String, created: Date, modified: Date) {
    self.id = id
    self.name = name
    self.url = url
    self.created = created
    self.modified = modified
  }
}
