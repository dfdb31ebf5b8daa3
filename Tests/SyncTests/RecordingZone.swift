import Synchronization

@testable import Sync

/// A ``SyncZone`` that records what the engine asked of it, fails on demand, and can hold a
/// push until released — the engine's in-memory twin of a store.
final class RecordingZone: SyncZone, Sendable {
  struct Failure: Error, CustomStringConvertible {
    var description: String { "the cloud is down" }
  }

  private struct State {
    var calls: [String] = []
    var phases: [SyncPhase] = []
    var problems: [String?] = []
    var failuresLeft = 0
    var gate: CheckedContinuation<Void, Never>?
    var holdNextPush = false
    var heldPush: CheckedContinuation<Void, Never>?
  }

  private let state = Mutex(State())

  var calls: [String] { state.withLock { $0.calls } }
  var phases: [SyncPhase] { state.withLock { $0.phases } }
  var problems: [String?] { state.withLock { $0.problems } }

  /// The next `count` pushes fail.
  func failNext(_ count: Int) {
    state.withLock { $0.failuresLeft = count }
  }

  /// The next push waits until ``releasePush()``.
  func holdNextPush() {
    state.withLock { $0.holdNextPush = true }
  }

  func releasePush() {
    let held = state.withLock { state in
      defer { state.heldPush = nil }
      return state.heldPush
    }
    held?.resume()
  }

  var isHoldingAPush: Bool { state.withLock { $0.heldPush != nil } }

  func push() async throws {
    let hold = state.withLock { state in
      state.calls.append("push")
      defer { state.holdNextPush = false }
      return state.holdNextPush
    }
    if hold { await withCheckedContinuation { continuation in state.withLock { $0.heldPush = continuation } } }
    let fail = state.withLock { state in
      defer { state.failuresLeft = max(state.failuresLeft - 1, 0) }
      return state.failuresLeft > 0
    }
    if fail { throw Failure() }
  }

  func fetch() async throws {
    state.withLock { $0.calls.append("fetch") }
  }

  func refreshLocal() async {
    state.withLock { $0.calls.append("refresh") }
  }

  func syncPhaseChanged(_ phase: SyncPhase, problem: String?) {
    state.withLock { state in
      state.phases.append(phase)
      state.problems.append(problem)
    }
  }
}
