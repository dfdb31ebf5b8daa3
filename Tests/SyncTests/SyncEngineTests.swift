import Sync
import XCTest

/// The engine performing the state machine for a zone: steps one at a time, wake-ups never
/// lost, retries that come back by themselves, and `syncNow` returning when the step is done.
final class SyncEngineTests: XCTestCase {
  private let quick = SyncBackoff(initial: .milliseconds(10), maximum: .milliseconds(40))

  /// Waits (bounded) until `condition` holds, checking after each yield of the engine.
  private func eventually(
    _ what: String, within limit: Duration = .seconds(10), _ condition: () async -> Bool,
    file: StaticString = #filePath,
    line: UInt = #line
  ) async {
    let start = ContinuousClock.now
    while !(await condition()) {
      if ContinuousClock.now - start > limit {
        XCTFail("not within \(limit): \(what)", file: file, line: line)
        return
      }
      try? await Task.sleep(for: .milliseconds(2))
    }
  }

  func testSyncNowReturnsAfterThePushAndTheFetch() async {
    let zone = RecordingZone()
    let engine = SyncEngine(zone: zone, hasCloud: true, backoff: quick)
    await engine.syncNow()
    XCTAssertEqual(zone.calls, ["push", "fetch"])
    XCTAssertEqual(zone.phases, [.synced])
    let state = await engine.current.state
    XCTAssertEqual(state, .idle)
  }

  func testSyncNowReturnsWhenTheCloudIsDownAndTheRetryBringsItBack() async {
    let zone = RecordingZone()
    zone.failNext(2)
    // A second before each retry: the assertions just after `syncNow` must see no retry yet
    // on a machine that pauses this test for a while (10 ms did not always suffice).
    let second = SyncBackoff(initial: .seconds(1), maximum: .seconds(1))
    let engine = SyncEngine(zone: zone, hasCloud: true, backoff: second)
    await engine.syncNow()
    XCTAssertEqual(zone.calls, ["push", "refresh"], "returns once the step failed")
    XCTAssertEqual(zone.phases, [.offline])
    XCTAssertEqual(zone.problems, ["the cloud is down."])
    await eventually("the retries succeed without a wake-up") { zone.phases.last == .synced }
    XCTAssertEqual(zone.calls, ["push", "refresh", "push", "refresh", "push", "fetch"])
    XCTAssertEqual(zone.phases, [.offline, .synced], "the second failure's problem was the same: one publish")
  }

  func testWakeUpsDuringAHeldPushRunOneMoreStepNotMany() async {
    let zone = RecordingZone()
    zone.holdNextPush()
    let engine = SyncEngine(zone: zone, hasCloud: true, backoff: quick)
    await engine.start(signals: nil)
    await eventually("the push is held") { zone.isHoldingAPush }
    for _ in 0..<5 { await engine.wake() }
    zone.releasePush()
    // Not syncNow: that is a wake-up of its own.
    await eventually("quiet") { await engine.current.state == .idle }
    XCTAssertEqual(zone.calls, ["push", "fetch", "push", "fetch"])
  }

  func testSignalsFromTheCloudWakeTheEngine() async {
    let zone = RecordingZone()
    let engine = SyncEngine(zone: zone, hasCloud: true, backoff: quick)
    let (signals, signal) = AsyncStream.makeStream(of: Void.self)
    await engine.start(signals: signals)
    await eventually("the first step") { zone.calls.count == 2 }
    signal.yield()
    await eventually("a step for the signal") { zone.calls.count == 4 }
    await engine.close()
    signal.yield()
    await engine.wake()
    XCTAssertEqual(zone.calls, ["push", "fetch", "push", "fetch"], "nothing after close")
  }

  func testCloseStopsARetryThatWasScheduled() async throws {
    let zone = RecordingZone()
    zone.failNext(1)
    let slow = SyncBackoff(initial: .seconds(1), maximum: .seconds(1))
    let engine = SyncEngine(zone: zone, hasCloud: true, backoff: slow)
    await engine.syncNow()
    await engine.close()
    // The retry was due after a second; nothing may run, so there is no event to await.
    try await Task.sleep(for: .milliseconds(1_500))
    XCTAssertEqual(zone.calls, ["push", "refresh"])
  }

  func testOfflineOnlyRereadsTheLocalCopy() async {
    let zone = RecordingZone()
    let engine = SyncEngine(zone: zone, hasCloud: false, backoff: quick)
    await engine.syncNow()
    await engine.wake()
    XCTAssertEqual(zone.calls, ["refresh", "refresh"])
    XCTAssertEqual(zone.phases, [], "offline from the start: nothing changed")
  }
}
