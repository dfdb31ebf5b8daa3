import BookmarkModel
import BookmarkStores
import CloudSQLite
import Foundation
import TestSupport
import Ubiquity

/// Every `BookmarkStore` implementation, for the one contract suite. Each makes stores in
/// a test's temporary folder: `device` names a second instance that must see the first's
/// changes live (another session on the same file for user defaults, another device on
/// the same cloud for the key-value store).
struct BookmarkStoreImplementation: Sendable {
  var name: String
  var make: @Sendable (_ root: String, _ device: String) -> any BookmarkStore

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

/// Waits for a snapshot whose bookmarks satisfy `predicate`, within `timeout`.
func snapshot(
  of store: any BookmarkStore, timeout: Duration = .seconds(5),
  where predicate: @escaping @Sendable ([Bookmark]) -> Bool
) async -> StoreSnapshot? {
  await withTimeout(timeout) {
    for await snapshot in store.changes() {
      if case .success(let bookmarks) = snapshot.bookmarks, predicate(bookmarks) { return snapshot }
    }
    return nil
  }
}
