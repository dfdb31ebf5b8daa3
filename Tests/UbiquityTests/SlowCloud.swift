import Cloud
import Foundation
import Synchronization

/// A real cloud whose first write waits until the test lets it go, and says when it
/// started: for putting a push "in flight" at a chosen moment.
final class SlowCloud: ForwardingCloud {
  let base: any CloudService
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
}
