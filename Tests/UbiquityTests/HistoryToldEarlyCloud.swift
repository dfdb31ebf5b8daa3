import Cloud
import Foundation
import Synchronization

/// A real cloud whose first answer to ``history()`` is told before `meanwhile` runs and
/// returned after it: for putting another session's sync between a device's question and
/// its use of the answer.
final class HistoryToldEarlyCloud: ForwardingCloud {
  let base: any CloudService
  private let meanwhile: Mutex<(@Sendable () async throws -> Void)?>

  init(_ base: any CloudService, meanwhile: @escaping @Sendable () async throws -> Void) {
    self.base = base
    self.meanwhile = Mutex(meanwhile)
  }

  func history() async throws -> CloudHistory {
    let told = try await base.history()
    if let meanwhile = meanwhile.withLock({ $0.take() }) { try await meanwhile() }
    return told
  }
}
