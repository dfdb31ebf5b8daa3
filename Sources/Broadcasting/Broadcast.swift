import Foundation
import Synchronization

/// Sends values to every current subscriber's `AsyncStream`: the one fan-out in Cloudy (cloud
/// signals, store snapshots, document states and sync statuses all go through it).
///
/// No continuation is yielded to or finished while the subscriber list is locked. A
/// stream's termination handler removes its subscriber under that lock, and it runs while
/// the cancelled task's status lock is held; yielding to a waiting subscriber needs that
/// status lock. Yielding under the list's lock would let the two wait for each other
/// forever (a `cloudy edit` that never exited). Values still reach every subscriber in
/// the order they were sent: senders take turns on a second lock, which no termination
/// handler and no task cancellation ever takes.
public final class Broadcast<Value: Sendable>: Sendable {
  private let subscribers = Mutex(Subscribers())
  /// Held while one value is computed and yielded, so senders take turns.
  private let sending = Mutex(())
  private let policy: AsyncStream<Value>.Continuation.BufferingPolicy
  private let whenEmpty: (@Sendable () -> Void)?

  private struct Subscribers: ~Copyable {
    var continuations: [UUID: AsyncStream<Value>.Continuation] = [:]
    var last: Value?
    var finished = false
  }

  /// A broadcast whose streams buffer by `bufferingPolicy`. `whenEmpty` runs (outside every
  /// lock) each time the last subscriber stops listening, for an owner that works only while
  /// someone listens (a poll timer).
  public init(
    bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy = .unbounded,
    whenEmpty: (@Sendable () -> Void)? = nil
  ) {
    policy = bufferingPolicy
    self.whenEmpty = whenEmpty
  }

  /// Whether anyone is listening.
  public var hasSubscribers: Bool {
    subscribers.withLock { !$0.continuations.isEmpty }
  }

  /// The value sent last, or nil before the first.
  public var last: Value? {
    subscribers.withLock { $0.last }
  }

  /// Whether ``finish()`` was called.
  public var isFinished: Bool {
    subscribers.withLock { $0.finished }
  }

  /// A new subscription, starting with `initial()` if given (computed in turn with the
  /// values sent, so it is never older than one the subscriber receives after it); it ends
  /// when the subscriber stops iterating or ``finish()`` is called.
  public func subscribe(initial: (() -> Value)? = nil) -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: policy)
    let id = UUID()
    continuation.onTermination = { [weak self] _ in
      guard let self else { return }
      let emptied = self.subscribers.withLock { subscribers -> Bool in
        subscribers.continuations.removeValue(forKey: id) != nil && subscribers.continuations.isEmpty
      }
      if emptied { self.whenEmpty?() }
    }
    let added = sending.withLock { _ -> Bool in
      let added = subscribers.withLock { subscribers -> Bool in
        if subscribers.finished { return false }
        subscribers.continuations[id] = continuation
        return true
      }
      if added, let initial { continuation.yield(initial()) }
      return added
    }
    if !added { continuation.finish() }
    return stream
  }

  /// Sends `value` to every subscriber.
  public func send(_ value: Value) {
    sending.withLock { _ in yield(value) }
  }

  /// Ends every subscription, and those made later (which come already finished).
  public func finish() {
    let all = subscribers.withLock { subscribers in
      subscribers.finished = true
      defer { subscribers.continuations = [:] }
      return Array(subscribers.continuations.values)
    }
    for continuation in all { continuation.finish() }
  }

  /// Yields to every subscriber; the caller holds `sending`, not the subscriber list.
  private func yield(_ value: Value) {
    let all = subscribers.withLock { subscribers in
      subscribers.last = value
      return Array(subscribers.continuations.values)
    }
    for continuation in all { continuation.yield(value) }
  }
}

extension Broadcast where Value: Equatable {
  /// Computes the current value and sends it unless it equals the last one sent. The value
  /// is computed in turn with other senders, so a value computed earlier is never sent
  /// after one computed later.
  public func sendIfChanged(_ current: () -> Value) {
    sending.withLock { _ in
      let value = current()
      guard subscribers.withLock({ $0.last != value }) else { return }
      yield(value)
    }
  }
}
