import Foundation
import Synchronization

/// The streams ``PostgresCloud/signals()`` handed out: each is signalled after every
/// notification and every (re)connection, and finished when the cloud closes.
final class SignalSubscribers: Sendable {
  private struct State {
    var continuations: [UUID: AsyncStream<Void>.Continuation] = [:]
    var closed = false
  }

  private let state = Mutex(State())

  /// Whether anyone is listening, so a lost connection is worth re-opening at once.
  var isEmpty: Bool {
    state.withLock { $0.continuations.isEmpty }
  }

  /// A new stream, already finished if the cloud is closed.
  func makeStream() -> AsyncStream<Void> {
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    let id = UUID()
    let added = state.withLock { state -> Bool in
      if state.closed { return false }
      state.continuations[id] = continuation
      return true
    }
    guard added else {
      continuation.finish()
      return stream
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.state.withLock { $0.continuations.removeValue(forKey: id) }
    }
    return stream
  }

  /// Signals every stream, outside the lock: a stream's termination handler takes it, and
  /// runs while its task's status lock is held, which yielding to that task needs.
  func signal() {
    let continuations = state.withLock { Array($0.continuations.values) }
    for continuation in continuations { continuation.yield() }
  }

  /// Finishes every stream, now and for streams made later.
  func finishAll() {
    // Finish outside the lock: finishing runs each stream's onTermination, which locks.
    let continuations = state.withLock { state in
      state.closed = true
      defer { state.continuations = [:] }
      return Array(state.continuations.values)
    }
    for continuation in continuations { continuation.finish() }
  }
}
