import BookmarkModel
import BookmarkStoreInterface
import DurableFiles
import Foundation
import PropertyLists

/// The choices Cloudy remembers for this device: which store, cloud and account to use when
/// neither a flag nor an environment variable says. Kept in `<config>/settings.plist`
/// (0600); written by `cloudy migrate` and `cloudy config set`.
public struct SavedSettings: Hashable, Sendable {
  /// The setting names `cloudy config` takes.
  public enum Name: String, CaseIterable, Sendable {
    case store, cloud, account
    /// The list's order (`manual`, `name`, `added`, `modified`, `domain`), set with `s`.
    case sort
    /// `off` keeps this device from opening at the place the account's other devices left
    /// (and from sharing its own); `on` by default.
    case followPlace = "follow-place"
    /// How many days Recently Deleted keeps a bookmark on this device (30 by default).
    case keepDeletedDays = "keep-deleted-days"
    /// How many versions of each bookmark the document store's history keeps (50 by default).
    case historyVersions = "history-versions"
    /// How many days the document store's history keeps a version (90 by default).
    case historyDays = "history-days"
    /// `on` keeps each bookmark's page when it is added (`cloudy add`, the app's Add);
    /// `off` by default.
    case archiveOnAdd = "archive-on-add"
  }

  public private(set) var values: [Name: String]

  public init(values: [Name: String] = [:]) {
    self.values = values
  }

  public subscript(name: Name) -> String? {
    get { values[name] }
    set { values[name] = newValue.flatMap { $0.isEmpty ? nil : $0 } }
  }

  /// Where the settings of a device live.
  public static func path(in location: StoreLocation) -> String { location.configDirectory + "/settings.plist" }

  /// The saved settings, or none when there is no file yet. A file that can't be read is an
  /// error naming it (it is never overwritten unseen).
  public static func load(from location: StoreLocation) throws -> SavedSettings {
    let path = path(in: location)
    return try StoreError.translating {
      guard let data = try PrivateFiles.read(path) else { return SavedSettings() }
      guard let dictionary = try? PropertyListReader.read(data).dictionary else {
        throw FileError.unreadable(path: path, reason: "not a property list of settings")
      }
      var settings = SavedSettings()
      for name in Name.allCases {
        if case .string(let value) = dictionary[name.rawValue] { settings[name] = value }
      }
      return settings
    }
  }

  /// Writes the settings atomically (temporary file, `fsync`, `rename`), private to the user.
  public func save(to location: StoreLocation) throws {
    try StoreError.translating {
      try PrivateFiles.makeDirectory(location.configDirectory)
      PrivateFiles.removeTemporariesOfDeadWriters(of: Self.path(in: location))
      let dictionary = Dictionary(uniqueKeysWithValues: values.map { ($0.key.rawValue, PropertyList.string($0.value)) })
      try PrivateFiles.replace(Self.path(in: location), with: PropertyListXMLWriter.data(for: .dictionary(dictionary)))
    }
  }
}
