import Foundation

/// A bookmark on the shelf, with who made it and who changed it last.
public struct ShelfBookmark: Sendable, Hashable, Identifiable, Codable {
  public var id: String
  public var name: String
  public var url: String
  public var createdBy: String
  public var createdAt: Date
  public var modifiedBy: String
  public var modifiedAt: Date
  /// The shelf's sequence number of its last change: what an edit is based on.
  public var version: Int64

  public init(
    id: String, name: String, url: String, createdBy: String, createdAt: Date, modifiedBy: String,
    modifiedAt: Date, version: Int64
  ) {
    self.id = id
    self.name = name
    self.url = url
    self.createdBy = createdBy
    self.createdAt = createdAt
    self.modifiedBy = modifiedBy
    self.modifiedAt = modifiedAt
    self.version = version
  }

  /// Where a page that ends with this bookmark continues.
  public var cursor: ShelfCursor { ShelfCursor(name: name, id: id) }
}

/// A place in the shelf's order (by name, case-insensitively, then id).
public struct ShelfCursor: Sendable, Hashable {
  public var name: String
  public var id: String

  public init(name: String, id: String) {
    self.name = name
    self.id = id
  }
}

/// One page of the shelf.
public struct ShelfPage: Sendable, Hashable {
  public var bookmarks: [ShelfBookmark]
  /// Whether more follow the last one.
  public var hasMore: Bool
  /// Read from this device's copy of earlier results, because the cloud can't be reached
  /// now (the sentence says why): possibly out of date, and read-only.
  public var stale: String?

  public init(bookmarks: [ShelfBookmark], hasMore: Bool, stale: String? = nil) {
    self.bookmarks = bookmarks
    self.hasMore = hasMore
    self.stale = stale
  }
}

/// What became of an edit.
public enum ShelfEdit: Sendable, Hashable {
  /// The bookmark was changed.
  case edited(ShelfBookmark)
  /// Someone changed or removed it first; this edit was kept beside it as a new bookmark.
  case keptBeside(ShelfBookmark)
}
