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
  /// The folder path the bookmark lives in, outermost first (`["Toolbar", "Swift"]`);
  /// empty at the top level. Imported from and exported to browsers' folders.
  public var folder: [String]
  /// A free-text description (a browser's `<DD>`); empty when there is none.
  public var notes: String
  /// Tags (Firefox's `TAGS`), in their order; empty when there are none.
  public var tags: [String]
  /// The folder record the bookmark is filed in, in a store that keeps folders as records
  /// (``FolderRecord``; the key-value and document stores): the folder can then be renamed
  /// or moved without touching the bookmark, and ``folder`` is the path the record has now.
  /// Nil at the top level, in user defaults, and in bookmarks stored before folders were
  /// records (their ``folder`` path is then taken as written).
  public var folderID: FolderRecord.ID?

  public init(
    id: ID, name: String, url: String, created: Date, modified: Date, folder: [String] = [], notes: String = "",
    tags: [String] = [], folderID: FolderRecord.ID? = nil
  ) {
    self.id = id
    self.name = name
    self.url = url
    self.created = created
    self.modified = modified
    self.folder = folder
    self.notes = notes
    self.tags = tags
    self.folderID = folderID
  }
}
