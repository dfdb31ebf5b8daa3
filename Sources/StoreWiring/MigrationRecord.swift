import BookmarkModel
import BookmarkStoreInterface
import DeviceHome
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
  /// The cloud and account both stores synced with (empty for none): an undo under another
  /// would open other stores.
  public var cloud: String
  public var account: String

  public init(
    from: StoreBackend, to: StoreBackend, moved: [Bookmark.ID], copied: [Bookmark.ID], at: Date, cloud: String,
    account: String
  ) {
    self.from = from.rawValue
    self.to = to.rawValue
    self.moved = moved
    self.copied = copied
    self.at = at
    self.cloud = cloud
    self.account = account
  }

  /// The stores, when the record makes sense: two different stores, and what was copied one
  /// of what was moved (a record edited by hand that doesn't is not undone).
  public var stores: (from: StoreBackend, to: StoreBackend)? {
    guard let from = StoreBackend(rawValue: from), let to = StoreBackend(rawValue: to), from != to,
      Set(copied).isSubset(of: Set(moved))
    else { return nil }
    return (from, to)
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
    PrivateFiles.removeTemporariesOfDeadWriters(of: Self.path(in: location))
    try PrivateFiles.replace(Self.path(in: location), with: data)
  }

  /// Forgets the record (after its undo: a migrate is undone once), and what a writer of it
  /// killed mid-write left.
  public static func remove(from location: StoreLocation) {
    PrivateFiles.removeTemporariesOfDeadWriters(of: path(in: location))
    _ = unlink(path(in: location))
  }
}
