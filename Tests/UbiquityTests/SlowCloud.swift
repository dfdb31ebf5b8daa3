import Cloud
import Foundation
import Synchronization

/// A real cloud whose first write waits until the test lets it go, and says when it
/// started: for putting a push "in flight" at a chosen moment.
final class SlowCloud: CloudService {
  private let base: any CloudService
  private let firstWrite = Mutex(true)
  let started: AsyncStream<Void>
  private let startedContinuation: AsyncStream<Void>.Continuation
  let release: AsyncStream<Void>
  private let releaseContinuation: AsyncStream<Void>.Continuation

  init(_ base: any CloudService) {
    self.base = base
    (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
    (release, releaseContinuation) = AsyncStream.makeStream(of: Void.self)
  }

  /// Lets the held write go on.
  func letGo() { releaseContinuation.yield() }

  var displayName: String { base.displayName }

  func write(_ writes: [CloudWrite], in zone: CloudZone, origin: String) async throws -> [CloudWriteOutcome] {
    if firstWrite.withLock({ first in
      defer { first = false }
      return first
    }) {
      startedContinuation.yield()
      var iterator = release.makeAsyncIterator()
      _ = await iterator.next()
    }
    return try await base.write(writes, in: zone, origin: origin)
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
