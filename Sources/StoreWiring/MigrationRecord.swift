import BookmarkModel
import BookmarkStores
import DurableFiles
import Foundation

/// What the last `cloudy migrate` moved, kept on this device (`<config>/last-migrate.json`,
/// 0600) so `cloudy migrate --undo` can move exactly those bookmarks back as one step.
public struct MigrationRecord: Codable, Hashable, Sendable {
  /// The stores moved from and to (``StoreBackend`` raw values).
  public var from: String
  public var to: String
  /// Every bookmark moved.
  public var moved: [Bookmark.ID]
  /// Those copied into the other store (the rest were in it already, and stay there).
  public var copied: [Bookmark.ID]
  public var at: Date

  public init(from: StoreBackend, to: StoreBackend, moved: [Bookmark.ID], copied: [Bookmark.ID], at: Date) {
    self.from = from.rawValue
    self.to = to.rawValue
    self.moved = moved
    self.copied = copied
    self.at = at
  }

  static func path(in location: StoreLocation) -> String { location.configDirectory + "/last-migrate.json" }

  /// The record on this device, or nil when there is none (or it can't be read: nothing to undo).
  public static func load(from location: StoreLocation) -> MigrationRecord? {
    guard let data = try? PrivateFiles.read(path(in: location)) else { return nil }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    return try? decoder.decode(MigrationRecord.self, from: data)
  }

  public func save(to location: StoreLocation) throws {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .secondsSince1970
    encoder.outputFormatting = [.sortedKeys]
    let data = try encoder.encode(self)
    try PrivateFiles.makeDirectory(location.configDirectory)
    try PrivateFiles.replace(Self.path(in: location), with: data)
  }

  /// Forgets the record (after its undo: a migrate is undone once).
  public static func remove(from location: StoreLocation) {
    _ = unlink(path(in: location))
  }
}
