import Cloud
import Foundation
import Synchronization

/// One empty store for one test: makes devices (cloud instances) on it and, afterwards,
/// closes them all and removes the store.
final class CloudTestStore: Sendable {
  /// The implementation's name, for assertion messages.
  let name: String
  /// Commits a record from another process, if the implementation has a way to.
  let externalWriter: (any ExternalCloudWriter)?
  private let makeCloud: @Sendable (String) -> any CloudService
  private let cleanupStore: @Sendable () -> Void
  private let resetStore: @Sendable () throws -> Void
  private let devices = Mutex<[any CloudService]>([])

  init(
    name: String, makeCloud: @escaping @Sendable (String) -> any CloudService,
    externalWriter: (any ExternalCloudWriter)?, reset: @escaping @Sendable () throws -> Void,
    cleanup: @escaping @Sendable () -> Void
  ) {
    self.resetStore = reset
    self.name = name
    self.makeCloud = makeCloud
    self.externalWriter = externalWriter
    self.cleanupStore = cleanup
  }

  /// A new device of `account` on this store: its own cloud instance and connections.
  func device(account: String = "alice") -> any CloudService {
    let cloud = makeCloud(account)
    devices.withLock { $0.append(cloud) }
    return cloud
  }

  /// Resets the store the way an accident would: the SQLite file deleted, the PostgreSQL
  /// schema dropped. Devices made afterwards find a new, empty cloud.
  func reset() throws {
    try resetStore()
  }

  /// Closes every device made here and removes the store.
  func cleanup() async {
    for device in devices.withLock({ $0 }) { await device.close() }
    cleanupStore()
  }
}

/// Commits one record to a store from another process, as the implementation itself would.
protocol ExternalCloudWriter: Sendable {
  /// Writes `value` under `key` and returns the sequence the record got.
  func write(account: String, zone: CloudZone, key: String, value: Data, origin: String) async throws -> Int64
}
