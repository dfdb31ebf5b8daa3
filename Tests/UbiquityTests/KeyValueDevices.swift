import Cloud
import CloudSQLite
import Foundation
import KeyValueStore
import TestSupport
import XCTest

/// Devices sharing one embedded cloud in a temporary folder: each device has its own
/// cache folder, as two homes would.
final class KeyValueDevices {
  let root: String
  var cloudPath: String { root + "/cloud.sqlite" }
  private var stores: [UbiquitousKeyValueStore] = []

  init() throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("cloudy-kv-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
  }

  /// A device's store. `online: false` works from the cache only, like `--offline`.
  func device(_ name: String, account: String = "alice", online: Bool = true, start: Bool = true)
    -> UbiquitousKeyValueStore
  {
    let store = UbiquitousKeyValueStore(
      directory: cacheDirectory(name), account: account, cloudName: "sqlite:" + cloudPath,
      cloud: online ? SQLiteCloud(path: cloudPath, account: account) : nil, device: name)
    if start { store.start() }
    stores.append(store)
    return store
  }

  func cacheDirectory(_ name: String) -> String { root + "/" + name + "/key-value" }

  func tearDown() async {
    for store in stores { await store.close() }
    stores = []
    try? FileManager.default.removeItem(atPath: root)
  }
}

/// The next value of a stream, or `nil` if none comes within `timeout`: a bounded wait
/// for an event that another device causes.
func next<Element: Sendable>(
  _ stream: AsyncStream<Element>, timeout: Duration = .seconds(15),
  where predicate: @escaping @Sendable (Element) -> Bool = { _ in true }
) async -> Element? {
  await withTimeout(timeout) {
    for await element in stream where predicate(element) { return element }
    return nil
  }
}

/// Waits until a store's status satisfies `predicate`, within `timeout`.
func waitForStatus(
  _ store: UbiquitousKeyValueStore, timeout: Duration = .seconds(15),
  _ predicate: @escaping @Sendable (KeyValueSyncStatus) -> Bool
) async -> Bool {
  if predicate(store.status) { return true }
  return await next(store.statusUpdates(), timeout: timeout, where: predicate) != nil
}
