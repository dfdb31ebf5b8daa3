import Broadcasting
import Foundation
import Synchronization
import XCTest

/// The fan-out every live update goes through: a value sent on one thread while
/// subscribers stop on others.
final class BroadcastTests: XCTestCase {
  /// Given a thread that keeps sending (as the folder watcher does), when subscribers start
  /// and are cancelled over and over (as a document's close cancels its watch), then
  /// neither side waits for the other forever.
  ///
  /// Cancelling a task holds its status lock while the stream's termination handler runs;
  /// yielding to a waiting subscriber needs that lock. A broadcast that yields while
  /// holding the lock its termination handler takes deadlocks here.
  func testSendingWhileSubscribersAreCancelledNeverDeadlocks() throws {
    let broadcast = Broadcast<Int>(bufferingPolicy: .bufferingNewest(1))
    let stopped = StopFlag()
    let sender = Thread {
      var value = 0
      while !stopped.value.load(ordering: .relaxed) {
        value += 1
        broadcast.send(value)
      }
    }
    sender.start()
    let done = DispatchSemaphore(value: 0)
    let rounds = Self.rounds
    Task.detached {
      await subscribeAndCancel(broadcast, rounds: rounds)
      done.signal()
    }
    let finished = done.wait(timeout: .now() + .seconds(60)) == .success
    stopped.value.store(true, ordering: .relaxed)
    XCTAssertTrue(finished, "sending and cancelling deadlocked")
  }

  /// `whenEmpty` runs once the last subscriber has stopped listening (its stream is gone),
  /// not before, and not for a finished broadcast.
  func testWhenEmptyRunsWhenTheLastSubscriberLeaves() async {
    let emptied = Mutex(0)
    let broadcast = Broadcast<Int>(bufferingPolicy: .bufferingNewest(1), whenEmpty: { emptied.withLock { $0 += 1 } })
    var kept: AsyncStream<Int>? = broadcast.subscribe()
    await readOne(broadcast, sending: 1)
    XCTAssertEqual(emptied.withLock { $0 }, 0, "one subscriber is still listening")
    kept = nil
    XCTAssertNil(kept)
    XCTAssertEqual(emptied.withLock { $0 }, 1)
    await readOne(broadcast, sending: 2)
    XCTAssertEqual(emptied.withLock { $0 }, 2)
    var late: AsyncStream<Int>? = broadcast.subscribe()
    broadcast.finish()
    late = nil
    XCTAssertNil(late)
    XCTAssertEqual(emptied.withLock { $0 }, 2, "finishing is not a subscriber leaving")
  }

  /// Subscribes, sends `value`, reads it and lets the stream go.
  private func readOne(_ broadcast: Broadcast<Int>, sending value: Int) async {
    let stream = broadcast.subscribe()
    broadcast.send(value)
    for await received in stream {
      XCTAssertEqual(received, value)
      break
    }
  }

  /// Given one sender, then every subscriber sees its values in the order they were sent.
  func testValuesArriveInTheOrderSent() async {
    let broadcast = Broadcast<Int>()
    let stream = broadcast.subscribe()
    for value in 1...100 { broadcast.send(value) }
    broadcast.finish()
    var received: [Int] = []
    for await value in stream { received.append(value) }
    XCTAssertEqual(received, Array(1...100))
  }

  private static var rounds: Int {
    Int(ProcessInfo.processInfo.environment["CLOUDY_STRESS_ROUNDS"] ?? "") ?? 2_000
  }
}

/// Tells the sending thread to stop.
private final class StopFlag: Sendable {
  let value = Atomic<Bool>(false)
}

/// Starts subscribers and cancels them while they wait, round after round.
private func subscribeAndCancel(_ broadcast: Broadcast<Int>, rounds: Int) async {
  for _ in 0..<rounds {
    var tasks: [Task<Void, Never>] = []
    for _ in 0..<8 {
      let stream = broadcast.subscribe()
      tasks.append(Task { for await _ in stream {} })
    }
    await Task.yield()
    for task in tasks { task.cancel() }
    for task in tasks { await task.value }
  }
}

/// A flood of signals (5,000 `NOTIFY`s from another role) is passed on as one at once and
/// one when the interval ends: the last is never lost, the rest cost nothing.
final class SignalThrottleTests: XCTestCase {
  func testAFloodOfSignalsIsPassedOnAsTwo() async throws {
    let sent = Broadcast<Void>(bufferingPolicy: .unbounded)
    let count = Atomic(0)
    let received = sent.subscribe()
    let throttle = SignalThrottle(interval: .milliseconds(500)) {
      count.add(1, ordering: .relaxed)
      sent.send(())
    }
    let start = ContinuousClock.now
    for _ in 0..<5_000 { throttle.signal() }
    XCTAssertLessThan(ContinuousClock.now - start, .milliseconds(500), "the flood took longer than the interval")
    XCTAssertEqual(count.load(ordering: .relaxed), 1, "the first is passed on at once")
    var iterator = received.makeAsyncIterator()
    _ = await iterator.next()
    _ = await iterator.next()
    XCTAssertGreaterThanOrEqual(ContinuousClock.now - start, .milliseconds(450), "the second waits for the interval")
    // Nothing more comes of the flood (a bounded wait for something that must not happen).
    try await Task.sleep(for: .seconds(1))
    XCTAssertEqual(count.load(ordering: .relaxed), 2)
    throttle.signal()
    XCTAssertEqual(count.load(ordering: .relaxed), 3, "a signal after the interval is passed on at once")
  }
}
