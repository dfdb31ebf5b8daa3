import Cloud
import Foundation
import Synchronization

/// A real cloud whose first answer to ``history()`` is told before `meanwhile` runs and
/// returned after it: for putting another session's sync between a device's question and
/// its use of the answer.
final class HistoryToldEarlyCloud: CloudService {
  private let base: any CloudService
  private let meanwhile: Mutex<(@Sendable () async throws -> Void)?>

  init(_ base: any CloudService, meanwhile: @escaping @Sendable () async throws -> Void) {
    self.base = base
    self.meanwhile = Mutex(meanwhile)
  }

  var displayName: String { base.displayName }

  func history() async throws -> CloudHistory {
    let told = try await base.history()
    if let meanwhile = meanwhile.withLock({ $0.take() }) { try await meanwhile() }
    return told
  }

  func write(_ writes: [CloudWrite], in zone: CloudZone, origin: String) async throws -> [CloudWriteOutcome] {
    try await base.write(writes, in: zone, origin: origin)
  }

  func changes(in zone: CloudZone, since token: CloudToken, limit: Int) async throws -> CloudChanges {
    try await base.changes(in: zone, since: token, limit: limit)
  }

  func identity() async throws -> String { try await base.identity() }

  func record(for key: String, in zone: CloudZone) async throws -> CloudRecord? {
    try await base.record(for: key, in: zone)
  }

  func signals() -> AsyncStream<Void> { base.signals() }

  func close() async { await base.close() }
}
