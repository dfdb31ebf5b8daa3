import BookmarkStoreInterface
import DefaultsBookmarks
import DeviceHome
import DocumentBookmarks
import DocumentContainer
import DocumentIndexSQLite
import DurableFiles
import Foundation
import KeyValueBookmarks
import KeyValueStore

/// The table of backends: what the wiring knows of each, one row a backend. Adding a backend
/// is a case of ``StoreBackend``, its module, and a row here.
public struct BackendWiring: Sendable {
  /// Opens the backend's store as `choice` says; `connected: false` opens a synced store on
  /// its local copy alone, `watching: false` doesn't follow it live.
  let open: @Sendable (_ choice: StoreChoice, _ connected: Bool, _ watching: Bool) throws -> any BookmarkStore
  /// Where the account keeps its place in the list beside `store` (a store of this backend),
  /// or nil; asked only when following the place is on.
  let placeFollowing: @Sendable (_ choice: StoreChoice, _ store: any BookmarkStore) throws -> (any PlaceFollowing)?
  /// How many bookmarks this device's local copy at `location` holds, read without making
  /// anything (0 where the backend was never used, nil when it can't be read); `open` opens
  /// the backend's store on its local copy, for a backend that must open it to count.
  public let localCount: @Sendable (_ location: StoreLocation, _ open: () throws -> any BookmarkStore) async -> Int?

  /// The row of `backend`.
  public static func row(for backend: StoreBackend) -> BackendWiring {
    switch backend {
    case .userDefaults: .userDefaults
    case .keyValue: .keyValue
    case .documents: .documents
    }
  }

  static let userDefaults = BackendWiring(
    open: { choice, _, _ in
      UserDefaultsStore(location: choice.location, recentlyDeleted: choice.recentlyDeletedRules)
    },
    placeFollowing: { _, _ in nil },
    localCount: { location, _ in try? await UserDefaultsStore(location: location).load().count })

  static let keyValue = BackendWiring(
    open: { choice, connected, _ in try choice.makeKeyValueStore(connected: connected) },
    placeFollowing: { _, store in
      guard let keyValue = store as? KeyValueBookmarkStore else { return nil }
      return KeyValuePlace(keyValueStore: keyValue.keyValueStore)
    },
    localCount: { location, open in
      // Only where this device has used the key-value store (opening it would otherwise
      // make this device's id file).
      guard FileManager.default.fileExists(atPath: location.dataDirectory + "/key-value") else { return 0 }
      return try? await open().load().count
    })

  static let documents = BackendWiring(
    open: { choice, connected, watching in try choice.makeDocumentStore(connected: connected, watching: watching) },
    placeFollowing: { choice, store in
      guard store is DocumentBookmarkStore else { return nil }
      return KeyValuePlace(keyValueStore: try choice.makeUbiquitousKeyValueStore(connected: true), start: true)
    },
    localCount: { location, _ in
      // Counting files: opening the store would create its index.
      let root = location.dataDirectory + "/documents"
      let files = FileManager.default
      guard let containers = try? files.contentsOfDirectory(atPath: root) else { return 0 }
      return containers.reduce(0) { total, container in
        let names = (try? files.contentsOfDirectory(atPath: root + "/" + container + "/Documents")) ?? []
        return total + names.count { $0.hasSuffix(".bookmark") }
      }
    })
}

extension StoreChoice {
  /// The document store: this device's container for the account and cloud, with its
  /// metadata index beside `Documents/`.
  fileprivate func makeDocumentStore(connected: Bool, watching: Bool) throws -> any BookmarkStore {
    let root = try documentsRoot()
    let service = try makeCloud(connected: connected)
    let index: SQLiteDocumentIndex
    do {
      index = try SQLiteDocumentIndex(path: root + "/index.sqlite")
    } catch let error as FileError {
      throw StoreError(error)
    }
    let container = DocumentContainer(
      root: root, index: index, cloud: service, device: try DeviceIdentity.load(in: location),
      deviceName: deviceDisplayName, readable: DocumentBookmarkStore.isReadable,
      filedName: DocumentBookmarkStore.filedName)
    return DocumentBookmarkStore(
      container: container, recentlyDeleted: recentlyDeletedRules, history: historyRules, watching: watching)
  }

  /// The folder of this device's container for the account and cloud.
  fileprivate func documentsRoot() throws -> String {
    location.dataDirectory + "/documents/"
      + AccountCloudName.make(account: try accountName(), cloud: try cloudAddress().displayName)
  }

  /// What the chosen store holds now, named without opening it (``StampedSnapshot``): the
  /// opening frame is drawn only when it was made from a snapshot with this stamp. Nil for
  /// the key-value store (at most 1,024 bookmarks), when it can't be read, and for a document
  /// container whose files changed since its index last saw them.
  public func openingStamp() -> String? {
    guard let backend = try? backend() else { return nil }
    switch backend {
    case .userDefaults:
      return UserDefaultsStore.openingStamp(path: location.defaultsDomainPath)
    case .documents:
      // Also the folder as the index last saw it: a document changed by hand since is taken
      // in only when the store opens.
      guard let root = try? documentsRoot(),
        let index = SQLiteDocumentIndex.identityAndGeneration(at: root + "/index.sqlite"),
        let folder = index.folder, folder == DocumentContainer.folderSignature(root: root)
      else { return nil }
      return DocumentBookmarkStore.stamp(root: root, identity: index.identity, generation: index.generation)
    case .keyValue:
      return nil
    }
  }

  fileprivate func makeKeyValueStore(connected: Bool) throws -> any BookmarkStore {
    KeyValueBookmarkStore(
      keyValueStore: try makeUbiquitousKeyValueStore(connected: connected), recentlyDeleted: recentlyDeletedRules)
  }

  /// This device's key-value store for the account and cloud.
  fileprivate func makeUbiquitousKeyValueStore(connected: Bool) throws -> UbiquitousKeyValueStore {
    let address = try cloudAddress()
    let account = try accountName()
    let service = try makeCloud(connected: connected)
    return UbiquitousKeyValueStore(
      directory: location.dataDirectory + "/key-value", account: account, cloudName: address.displayName,
      cloud: service, device: try DeviceIdentity.load(in: location))
  }
}
