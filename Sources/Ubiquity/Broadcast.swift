import Foundation
import Synchronization

/// Sends values to every current subscriber's `AsyncStream`.
final class Broadcast<Value: Sendable>: Sendable {
  private let subscribers = Mutex<[UUID: AsyncStream<Value>.Continuation]>([:])
  private let policy: AsyncStream<Value>.Continuation.BufferingPolicy

  init(bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy = .unbounded) {
    policy = bufferingPolicy
  }

  /// A new subscription; it ends when the subscriber stops iterating or ``finish()`` is called.
  func subscribe() -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: policy)
    let id = UUID()
    continuation.onTermination = { [weak self] _ in
      _ = self?.subscribers.withLock { $0.removeValue(forKey: id) }
    }
    subscribers.withLock { $0[id] = continuation }
    return stream
  }

  func send(_ value: Value) {
    subscribers.withLock { subscribers in
      for continuation in subscribers.values { continuation.yield(value) }
    }
  }

  func finish() {
    let all = subscribers.withLock { subscribers in
      defer { subscribers = [:] }
      return Array(subscribers.values)
    }
    for continuation in all { continuation.finish() }
  }
}
