import Foundation
import Synchronization
import TestSupport

/// Consumes a cloud's `signals()` stream and counts the signals, so a test can wait,
/// with a bounded wait, for one that comes after a given moment.
final class SignalRecorder: Sendable {
  private struct State {
    var count = 0
    var finished = false
    var waiters: [UUID: (above: Int, continuation: CheckedContinuation<Bool, Never>)] = [:]
  }

  private let state = Mutex(State())
  private let consumer = Mutex<Task<Void, Never>?>(nil)

  init(_ signals: AsyncStream<Void>) {
    let task = Task { [weak self] in
      for await _ in signals {
        guard let self else { return }
        self.update { $0.count += 1 }
      }
      self?.update { $0.finished = true }
    }
    consumer.withLock { $0 = task }
  }

  deinit {
    consumer.withLock { $0?.cancel() }
  }

  /// How many signals arrived so far.
  var count: Int {
    state.withLock { $0.count }
  }

  /// Whether the stream ended.
  var isFinished: Bool {
    state.withLock { $0.finished }
  }

  /// Stops consuming; the stream ends.
  func cancel() {
    consumer.withLock { $0?.cancel() }
  }

  /// Waits until more than `count` signals arrived; false if `timeout` passed first or the
  /// stream ended.
  func wait(forMoreThan count: Int, timeout: Duration = .seconds(15)) async -> Bool {
    await withTimeout(timeout) { await self.wait(above: count) } ?? false
  }

  /// Waits until the stream ends; false if `timeout` passed first.
  func waitUntilFinished(timeout: Duration = .seconds(15)) async -> Bool {
    _ = await wait(forMoreThan: Int.max, timeout: timeout)
    return isFinished
  }

  private func wait(above count: Int) async -> Bool {
    let id = UUID()
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        state.withLock { state in
          if state.count > count { return continuation.resume(returning: true) }
          if state.finished || Task.isCancelled { return continuation.resume(returning: false) }
          state.waiters[id] = (count, continuation)
        }
      }
    } onCancel: {
      state.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume(returning: false)
    }
  }

  private func update(_ change: (inout State) -> Void) {
    let ready = state.withLock { state in
      change(&state)
      let ready = state.waiters.filter { state.finished || state.count > $0.value.above }
      for id in ready.keys { state.waiters.removeValue(forKey: id) }
      return ready.values.map { (state.count > $0.above, $0.continuation) }
    }
    for (result, continuation) in ready { continuation.resume(returning: result) }
  }
}
