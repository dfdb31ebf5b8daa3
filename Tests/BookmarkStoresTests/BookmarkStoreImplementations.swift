import BookmarkModel
import BookmarkStoreInterface
import Cloud
import CloudSQLite
import CloudyTestDoubles
import DefaultsBookmarks
import DocumentBookmarks
import DocumentContainer
import DocumentIndexSQLite
import Foundation
import KeyValueBookmarks
import KeyValueStore
import Synchronization
import TestSupport

/// Every `BookmarkStore` implementation, for the one contract suite. Each makes stores in
/// a test's temporary folder: `device` names a second instance that must see the first's
/// changes live (another session on the same file for user defaults, another device on
/// the same cloud for the key-value store).
struct BookmarkStoreImplementation: Sendable {
  var name: String
  var make: @Sendable (_ root: String, _ device: String) -> any BookmarkStore
  /// The backend the stores report: the name, up to a comma (`documents, in-memory …`).
  var backend: String { String(name.prefix { $0 != "," }) }

  static let all: [BookmarkStoreImplementation] = [
    BookmarkStoreImplementation(name: "user-defaults") { root, _ in
      UserDefaultsStore(path: root + "/config/cloudy.plist", pollInterval: .milliseconds(20))
    },
    BookmarkStoreImplementation(name: "key-value") { root, device in
      KeyValueBookmarkStore(keyValueStore: keyValueStore(root: root, device: device))
    },
    BookmarkStoreImplementation(name: "documents") { root, device in
      DocumentBookmarkStore(container: documentContainer(root: root, device: device))
    },
    // The same stores on the in-memory twins of the cloud and the document index.
    BookmarkStoreImplementation(name: "key-value, in-memory cloud") { root, device in
      KeyValueBookmarkStore(
        keyValueStore: UbiquitousKeyValueStore(
          directory: root + "/" + device + "/key-value", account: "alice", cloudName: "memory:" + root,
          cloud: InMemoryTwins.cloud(root), device: device))
    },
    BookmarkStoreImplementation(name: "documents, in-memory index and cloud") { root, device in
      DocumentBookmarkStore(
        container: DocumentContainer(
          root: root + "/" + device + "/documents", index: InMemoryTwins.index(root, device),
          cloud: InMemoryTwins.cloud(root), device: device))
    },
  ]

  /// A document container for one device: its own folder and index, the shared cloud file.
  static func documentContainer(root: String, device: String, online: Bool = true) -> DocumentContainer {
    let folder = root + "/" + device + "/documents"
    // A test's own temporary folder: opening its index can only fail if the disk is full.
    let index = try! SQLiteDocumentIndex(path: folder + "/index.sqlite")
    let cloudPath = root + "/cloud.sqlite"
    return DocumentContainer(
      root: folder, index: index, cloud: online ? SQLiteCloud(path: cloudPath, account: "alice") : nil, device: device)
  }

  /// A key-value store for one device: its own cache folder, the shared cloud file.
  static func keyValueStore(root: String, device: String, online: Bool = true) -> UbiquitousKeyValueStore {
    let cloudPath = root + "/cloud.sqlite"
    return UbiquitousKeyValueStore(
      directory: root + "/" + device + "/key-value", account: "alice", cloudName: "sqlite:" + cloudPath,
      cloud: online ? SQLiteCloud(path: cloudPath, account: "alice") : nil, device: device)
  }
}

/// Whether a snapshot satisfying `predicate` (on the whole snapshot: Recently Deleted, the
/// status) arrives within `timeout`.
func arrives(
  at store: any BookmarkStore, timeout: Duration = .seconds(15),
  _ predicate: @escaping @Sendable (StoreSnapshot) -> Bool
) async -> Bool {
  await withTimeout(timeout) {
    for await snapshot in store.changes() where predicate(snapshot) { return true }
    return false
  } ?? false
}

/// Waits for a snapshot whose bookmarks satisfy `predicate`, within `timeout`.
func snapshot(
  of store: any BookmarkStore, timeout: Duration = .seconds(15),
  where predicate: @escaping @Sendable ([Bookmark]) -> Bool
) async -> StoreSnapshot? {
  await withTimeout(timeout) {
    for await snapshot in store.changes() {
      if case .success(let bookmarks) = snapshot.bookmarks, predicate(bookmarks) { return snapshot }
    }
    return nil
  }
}

/// One in-memory cloud per test folder, and one in-memory index per device in it: what the
/// files are for the real implementations (every instance of a device shares its index,
/// every device of a folder its cloud).
enum InMemoryTwins {
  private static let servers = Mutex<[String: InMemoryCloudServer]>([:])
  private static let indexes = Mutex<[String: InMemoryDocumentIndex]>([:])

  static func cloud(_ root: String) -> InMemoryCloud {
    server(root).connect(account: "alice")
  }

  /// The test folder's in-memory cloud server (a test can take it away).
  static func server(_ root: String) -> InMemoryCloudServer {
    servers.withLock { servers in
      if servers[root] == nil { servers[root] = InMemoryCloudServer(name: root) }
      return servers[root]!
    }
  }

  static func index(_ root: String, _ device: String) -> InMemoryDocumentIndex {
    indexes.withLock { indexes in
      let key = root + "\n" + device
      if indexes[key] == nil { indexes[key] = InMemoryDocumentIndex() }
      return indexes[key]!.reopened()
    }
  }
}
