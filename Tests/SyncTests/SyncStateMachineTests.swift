import Sync
import XCTest

/// Every transition of the sync engine's state machine, by plain equality: given a state,
/// when an event arrives, then these actions and this state.
final class SyncStateMachineTests: XCTestCase {
  private let backoff = SyncBackoff(initial: .milliseconds(500), maximum: .seconds(30))

  private func machine(hasCloud: Bool = true) -> SyncStateMachine {
    SyncStateMachine(hasCloud: hasCloud, backoff: backoff)
  }

  /// Feeds `events` in order and returns the actions of each.
  private func run(_ machine: inout SyncStateMachine, _ events: [SyncStateMachine.Event]) -> [[SyncStateMachine.Action]]
  {
    events.map { machine.handle($0) }
  }

  // MARK: - A step

  func testAStepIsAPushThenAFetchThenSynced() {
    var sync = machine()
    XCTAssertEqual(sync.state, .notStarted)
    XCTAssertEqual(sync.phase, .syncing, "not synced yet")
    XCTAssertEqual(sync.handle(.woken), [.push])
    XCTAssertEqual(sync.state, .pushing(again: false))
    XCTAssertEqual(sync.handle(.pushSucceeded), [.fetch])
    XCTAssertEqual(sync.state, .fetching(again: false))
    XCTAssertEqual(sync.handle(.fetchSucceeded), [.publish(.synced, problem: nil)])
    XCTAssertEqual(sync.state, .idle)
    XCTAssertTrue(sync.isQuiet)
  }

  func testAWakeUpDuringAStepAsksForExactlyOneMoreStep() {
    var sync = machine()
    _ = sync.handle(.woken)
    // Three wake-ups while pushing and fetching: one more step, not three.
    XCTAssertEqual(run(&sync, [.woken, .woken]), [[], []])
    XCTAssertEqual(sync.state, .pushing(again: true))
    XCTAssertEqual(sync.handle(.pushSucceeded), [.fetch])
    XCTAssertEqual(sync.state, .fetching(again: true))
    XCTAssertEqual(sync.handle(.woken), [])
    XCTAssertEqual(sync.handle(.fetchSucceeded), [.push, .publish(.synced, problem: nil)])
    XCTAssertEqual(sync.state, .pushing(again: false))
    XCTAssertFalse(sync.isQuiet)
    XCTAssertEqual(run(&sync, [.pushSucceeded, .fetchSucceeded]), [[.fetch], []])
    XCTAssertEqual(sync.state, .idle)
  }

  func testAWakeUpWhileIdleStartsAStepAndTheSyncedLineDoesNotFlicker() {
    var sync = machine()
    _ = run(&sync, [.woken, .pushSucceeded, .fetchSucceeded])
    XCTAssertEqual(sync.handle(.woken), [.push], "no publish: the phase stays synced during the step")
    XCTAssertEqual(sync.phase, .synced)
  }

  // MARK: - Failures at every step

  func testAFailedPushWaitsToRetryAndSaysWhy() {
    var sync = machine()
    _ = sync.handle(.woken)
    XCTAssertEqual(
      sync.handle(.pushFailed(problem: "Can't reach the cloud (refused).")),
      [
        .scheduleRetry(after: .milliseconds(500)), .refreshLocal,
        .publish(.offline, problem: "Can't reach the cloud (refused)."),
      ])
    XCTAssertEqual(sync.state, .waitingToRetry)
    XCTAssertTrue(sync.isQuiet, "syncNow returns: the cloud is unreachable")
  }

  func testAFailedFetchWaitsToRetryToo() {
    var sync = machine()
    _ = run(&sync, [.woken, .pushSucceeded])
    XCTAssertEqual(
      sync.handle(.fetchFailed(problem: "x.")),
      [.scheduleRetry(after: .milliseconds(500)), .refreshLocal, .publish(.offline, problem: "x.")])
  }

  func testRetriesBackOffFromHalfASecondToThirtySecondsAndResetOnSuccess() {
    var sync = machine()
    var delays: [Duration] = []
    _ = sync.handle(.woken)
    for _ in 0..<9 {
      for action in sync.handle(.pushFailed(problem: "down.")) {
        if case .scheduleRetry(let delay) = action { delays.append(delay) }
      }
      XCTAssertEqual(sync.handle(.retryTimerFired), [.push])
    }
    XCTAssertEqual(
      delays,
      [
        .milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(16), .seconds(30),
        .seconds(30), .seconds(30),
      ])
    XCTAssertEqual(sync.phase, .offline, "still offline while the retry runs: no flicker to syncing")
    XCTAssertEqual(
      run(&sync, [.pushSucceeded, .fetchSucceeded]), [[.fetch], [.publish(.synced, problem: nil)]])
    XCTAssertEqual(sync.failures, 0)
    _ = sync.handle(.woken)
    XCTAssertEqual(
      sync.handle(.pushFailed(problem: "down.")),
      [.scheduleRetry(after: .milliseconds(500)), .refreshLocal, .publish(.offline, problem: "down.")],
      "the back-off starts over")
  }

  func testAWakeUpWhileWaitingTriesAtOnceAndCancelsTheTimer() {
    var sync = machine()
    _ = run(&sync, [.woken, .pushFailed(problem: "down.")])
    XCTAssertEqual(sync.handle(.woken), [.cancelRetry, .push])
    XCTAssertEqual(sync.state, .pushing(again: false))
  }

  func testASignalArrivingMidPushIsNotLost() {
    var sync = machine()
    _ = sync.handle(.woken)
    _ = sync.handle(.woken)  // the cloud signalled while the push was under way
    XCTAssertEqual(
      run(&sync, [.pushSucceeded, .fetchSucceeded]), [[.fetch], [.push, .publish(.synced, problem: nil)]])
  }

  func testAFailureWithAWakeUpPendingStillWaitsForTheRetry() {
    var sync = machine()
    _ = run(&sync, [.woken, .woken])
    XCTAssertEqual(sync.state, .pushing(again: true))
    _ = sync.handle(.pushFailed(problem: "down."))
    XCTAssertEqual(sync.state, .waitingToRetry, "no hammering a cloud that is down")
  }

  func testAProblemChangeIsPublishedEvenWhileStillOffline() {
    var sync = machine()
    _ = run(&sync, [.woken, .pushFailed(problem: "one.")])
    _ = sync.handle(.retryTimerFired)
    XCTAssertEqual(
      sync.handle(.pushFailed(problem: "two.")),
      [.scheduleRetry(after: .seconds(1)), .refreshLocal, .publish(.offline, problem: "two.")])
  }

  // MARK: - Stale events

  func testStaleEventsChangeNothing() {
    var sync = machine()
    let fresh = sync
    XCTAssertEqual(run(&sync, [.pushSucceeded, .fetchSucceeded, .retryTimerFired]), [[], [], []])
    XCTAssertEqual(sync, fresh)
    _ = run(&sync, [.woken, .pushSucceeded, .fetchSucceeded])
    let idle = sync
    XCTAssertEqual(run(&sync, [.retryTimerFired, .pushFailed(problem: "late.")]), [[], []])
    XCTAssertEqual(sync, idle, "a timer or an answer that arrives late is ignored")
    _ = sync.handle(.woken)
    XCTAssertEqual(sync.handle(.fetchSucceeded), [], "a fetch answer while pushing is not ours")
    XCTAssertEqual(sync.state, .pushing(again: false))
  }

  // MARK: - Closing

  func testCloseDuringARetryCancelsTheTimerAndEndsEverything() {
    var sync = machine()
    _ = run(&sync, [.woken, .pushFailed(problem: "down.")])
    XCTAssertEqual(sync.handle(.closed), [.cancelRetry])
    XCTAssertEqual(sync.state, .closed)
    XCTAssertEqual(run(&sync, [.woken, .retryTimerFired, .pushSucceeded, .closed]), [[], [], [], []])
    XCTAssertTrue(sync.isQuiet)
  }

  func testCloseDuringAStepIgnoresItsAnswer() {
    var sync = machine()
    _ = sync.handle(.woken)
    XCTAssertEqual(sync.handle(.closed), [], "nothing to cancel, nobody to tell")
    XCTAssertEqual(sync.handle(.pushSucceeded), [])
    XCTAssertEqual(sync.state, .closed)
  }

  // MARK: - Without a cloud

  func testWithoutACloudAWakeUpOnlyRereadsTheLocalCopy() {
    var sync = machine(hasCloud: false)
    XCTAssertEqual(sync.phase, .offline)
    XCTAssertTrue(sync.isQuiet)
    XCTAssertEqual(run(&sync, [.woken, .woken]), [[.refreshLocal], [.refreshLocal]])
    XCTAssertEqual(run(&sync, [.pushSucceeded, .retryTimerFired, .fetchFailed(problem: "x.")]), [[], [], []])
    XCTAssertEqual(sync.state, .offline)
    XCTAssertEqual(sync.handle(.closed), [])
    XCTAssertEqual(sync.state, .closed)
  }

  func testTheBackOffIsCappedWhateverTheCount() {
    XCTAssertEqual(backoff.delay(afterFailures: 1), .milliseconds(500))
    XCTAssertEqual(backoff.delay(afterFailures: 0), .milliseconds(500))
    XCTAssertEqual(backoff.delay(afterFailures: 1_000), .seconds(30))
  }
}
