/// The sync engine's decisions, as a value: what to do next given what happened.
///
/// One step is a push (identity check, then queued changes) followed by a fetch. At most
/// one step runs at a time; a wake-up during a step asks for one more step after it (never
/// two at once, never one lost). A failed step waits to retry, backing off; a wake-up then
/// (a local change, a signal from the cloud) tries at once. Without a cloud the store is
/// offline for good and only re-reads its local copy.
///
/// `handle(_:)` is exhaustive over states and events and does no I/O, so every transition
/// is tested with plain equality (`SyncStateMachineTests`); ``SyncEngine`` performs the
/// actions.
public struct SyncStateMachine: Hashable, Sendable {
  public enum State: Hashable, Sendable {
    /// Opened; no step has run yet.
    case notStarted
    /// The last step succeeded and nothing has asked for another.
    case idle
    /// A push is under way; `again`: a wake-up came meanwhile, so another step follows.
    case pushing(again: Bool)
    /// A fetch is under way (after its push); `again` as for pushing.
    case fetching(again: Bool)
    /// The last step failed; a retry is scheduled.
    case waitingToRetry
    /// No cloud (`--offline`): the local copy is all there is.
    case offline
    /// Closed: nothing more happens.
    case closed
  }

  public enum Event: Hashable, Sendable {
    /// Something to sync: the store opened, a local change was committed, the cloud
    /// signalled a change, another session wrote the local copy, or a command asked.
    case woken
    case pushSucceeded
    case pushFailed(problem: String)
    case fetchSucceeded
    case fetchFailed(problem: String)
    case retryTimerFired
    case closed
  }

  public enum Action: Hashable, Sendable {
    case push
    case fetch
    case refreshLocal
    case scheduleRetry(after: Duration)
    case cancelRetry
    /// The phase (or its problem) changed: tell the store.
    case publish(SyncPhase, problem: String?)
  }

  public private(set) var state: State
  /// Why the last step failed, until a step succeeds.
  public private(set) var problem: String?
  /// Failed steps in a row, for the back-off.
  public private(set) var failures = 0
  public let backoff: SyncBackoff

  public init(hasCloud: Bool, backoff: SyncBackoff = .standard) {
    state = hasCloud ? .notStarted : .offline
    self.backoff = backoff
  }

  /// What the bottom line says.
  public var phase: SyncPhase {
    switch state {
    case .offline, .closed: .offline
    case .notStarted, .idle, .pushing, .fetching, .waitingToRetry:
      // After a failure the line keeps saying offline (and why) while the step retries: a
      // server that takes seconds to refuse would otherwise flicker it to syncing.
      problem != nil ? .offline : hasSynced ? .synced : .syncing
    }
  }

  /// Whether no step is under way or due at once: what ``SyncEngine/syncNow()`` waits for.
  public var isQuiet: Bool {
    switch state {
    case .notStarted, .idle, .waitingToRetry, .offline, .closed: true
    case .pushing, .fetching: false
    }
  }

  /// Set once a step has succeeded: from then on the phase without a problem is `synced`
  /// (a store with changes still queued shows `syncing` itself).
  public private(set) var hasSynced = false

  /// Handles one event and returns the actions to perform, in order.
  public mutating func handle(_ event: Event) -> [Action] {
    let before = (phase, problem)
    var actions = transition(event)
    // A closed store has nobody to tell.
    if state != .closed, (phase, problem) != before { actions.append(.publish(phase, problem: problem)) }
    return actions
  }

  private mutating func transition(_ event: Event) -> [Action] {
    switch (state, event) {
    case (.closed, _):
      return []
    case (_, .closed):
      let wasWaiting = state == .waitingToRetry
      state = .closed
      return wasWaiting ? [.cancelRetry] : []

    case (.offline, .woken):
      return [.refreshLocal]
    case (.offline, _):
      return []

    case (.notStarted, .woken), (.idle, .woken):
      state = .pushing(again: false)
      return [.push]
    case (.waitingToRetry, .woken):
      state = .pushing(again: false)
      return [.cancelRetry, .push]
    case (.waitingToRetry, .retryTimerFired):
      state = .pushing(again: false)
      return [.push]
    case (.pushing, .woken):
      state = .pushing(again: true)
      return []
    case (.fetching, .woken):
      state = .fetching(again: true)
      return []

    case (.pushing(let again), .pushSucceeded):
      state = .fetching(again: again)
      return [.fetch]
    case (.fetching(let again), .fetchSucceeded):
      problem = nil
      failures = 0
      hasSynced = true
      if again {
        state = .pushing(again: false)
        return [.push]
      }
      state = .idle
      return []
    case (.pushing, .pushFailed(let problem)), (.fetching, .fetchFailed(let problem)):
      self.problem = problem
      failures += 1
      state = .waitingToRetry
      return [.scheduleRetry(after: backoff.delay(afterFailures: failures)), .refreshLocal]

    // Stale or out-of-order events (a retry timer that fired after a wake-up started a step,
    // an answer for a step of another state) change nothing.
    case (.notStarted, _), (.idle, _), (.pushing, _), (.fetching, _), (.waitingToRetry, _):
      return []
    }
  }
}
