import DurableFiles
import Foundation
import Synchronization
import TestSupport
import XCTest

final class DirectoryWatcherTests: XCTestCase {
  private var folder: TemporaryFolder!

  override func setUpWithError() throws {
    folder = try TemporaryFolder()
  }

  override func tearDown() {
    folder.remove()
  }

  func testReportsACreatedFile() async throws {
    let created = expectation(description: "created file reported")
    created.assertForOverFulfill = false
    let watcher = try DirectoryWatcher(directory: folder.path, fallbackInterval: .seconds(30)) { names in
      if names.contains("new.txt") { created.fulfill() }
    }
    defer { watcher.stop() }
    XCTAssertTrue(FileManager.default.createFile(atPath: folder.file("new.txt"), contents: Data("x".utf8)))
    await fulfillment(of: [created], timeout: 5)
  }

  func testReportsAFileRenamedIntoTheFolder() async throws {
    let outside = try TemporaryFolder()
    defer { outside.remove() }
    XCTAssertTrue(FileManager.default.createFile(atPath: outside.file("draft"), contents: Data("x".utf8)))
    XCTAssertTrue(FileManager.default.createFile(atPath: folder.file("old.tmp"), contents: Data("y".utf8)))
    let renamedIn = expectation(description: "moved-in file reported")
    renamedIn.assertForOverFulfill = false
    let renamed = expectation(description: "renamed file reported")
    renamed.assertForOverFulfill = false
    let watcher = try DirectoryWatcher(directory: folder.path, fallbackInterval: .seconds(30)) { names in
      if names.contains("moved.txt") { renamedIn.fulfill() }
      if names.contains("final.txt") { renamed.fulfill() }
    }
    defer { watcher.stop() }
    XCTAssertEqual(rename(outside.file("draft"), folder.file("moved.txt")), 0)
    XCTAssertEqual(rename(folder.file("old.tmp"), folder.file("final.txt")), 0)
    await fulfillment(of: [renamedIn, renamed], timeout: 5)
  }

  func testCallsWithAnEmptySetAfterTheIntervalWhenIdle() async throws {
    let calls = CallLog()
    let idle = expectation(description: "two idle calls")
    idle.expectedFulfillmentCount = 2
    idle.assertForOverFulfill = false
    let watcher = try DirectoryWatcher(directory: folder.path, fallbackInterval: .milliseconds(100)) { names in
      calls.append(names)
      if names.isEmpty { idle.fulfill() }
    }
    defer { watcher.stop() }
    let started = ContinuousClock.now
    await fulfillment(of: [idle], timeout: 5)
    let elapsed = ContinuousClock.now - started
    XCTAssertGreaterThanOrEqual(elapsed, .milliseconds(150), "two idle calls take about two intervals, not less")
    XCTAssertTrue(calls.all.allSatisfy(\.isEmpty), "an idle folder reports no names: \(calls.all)")
  }

  /// Issue 20.6: an idle process takes no CPU. The safety net is cast at 1, 2 and 4
  /// intervals after the start, and not again until an event; an event casts it anew.
  func testTheSafetyNetStopsWhenTheFolderIsQuietAndStartsAgainOnAnEvent() async throws {
    let calls = CallLog()
    let watcher = try DirectoryWatcher(
      directory: folder.path, fallbackInterval: .milliseconds(20), widestSpacing: .milliseconds(80)
    ) { names in calls.append(names) }
    defer { watcher.stop() }
    // 20 + 40 + 80 ms: three calls; a watcher that kept polling would make 50 in a second.
    try await Task.sleep(for: .seconds(1))
    XCTAssertEqual(calls.all, [[], [], []], "the net is cast three times, then the watcher waits")
    // Made in place, one event: Foundation's `createFile` writes a temporary and renames it,
    // two events that a loaded machine can hear apart, each casting the net anew.
    let made = open(folder.file("news"), O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
    XCTAssertGreaterThanOrEqual(made, 0)
    close(made)
    let castAgain = await eventually(within: .seconds(15)) { calls.all.filter(\.isEmpty).count >= 6 }
    XCTAssertTrue(castAgain, "the event casts the net again: \(calls.all)")
    try await Task.sleep(for: .seconds(1))
    XCTAssertEqual(calls.all.filter(\.isEmpty).count, 6, "three more casts after the event, then quiet: \(calls.all)")
    XCTAssertTrue(calls.all.contains(["news"]), "the event names the file: \(calls.all)")
  }

  /// A watched folder deleted and made again: its watch is lost, the watcher polls, watches
  /// the new folder once it is there, and hears of a file written in it.
  func testAFolderDeletedAndMadeAgainIsWatchedAgain() async throws {
    let path = folder.file("watched")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    let calls = CallLog()
    let watcher = try DirectoryWatcher(
      directory: path, fallbackInterval: .milliseconds(20), widestSpacing: .milliseconds(80)
    ) { names in calls.append(names) }
    defer { watcher.stop() }
    let settled = await eventually(within: .seconds(15)) { calls.all.count >= 3 }
    XCTAssertTrue(settled)
    try FileManager.default.removeItem(atPath: path)
    try await Task.sleep(for: .milliseconds(300))
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    // Written until heard: the watch comes back at the next poll, and a write before it is
    // not an event.
    let heard = await eventually(within: .seconds(15), every: .milliseconds(50)) {
      _ = FileManager.default.createFile(atPath: path + "/new", contents: Data("x".utf8))
      return calls.all.contains(["new"])
    }
    XCTAssertTrue(heard, "the new folder is watched: \(calls.all.suffix(10))")
  }

  func testStillCallsWithAnEmptySetWhileTheFolderIsBusy() async throws {
    let idle = expectation(description: "an empty-set call while busy")
    idle.assertForOverFulfill = false
    let busy = Atomic<Bool>(true)
    let watcher = try DirectoryWatcher(directory: folder.path, fallbackInterval: .milliseconds(200)) { names in
      if names.isEmpty, busy.load(ordering: .relaxed) { idle.fulfill() }
    }
    defer { watcher.stop() }
    // Another file in the folder changes every 20 ms: far more often than the interval.
    let path = folder.file("busy.log")
    let writer = Thread {
      let deadline = ContinuousClock.now + .seconds(5)
      while busy.load(ordering: .relaxed), ContinuousClock.now < deadline {
        _ = FileManager.default.createFile(atPath: path, contents: Data("tick".utf8))
        usleep(20_000)
      }
    }
    writer.start()
    await fulfillment(of: [idle], timeout: 4)
    busy.store(false, ordering: .relaxed)
  }

  func testKeepsCallingWhenTheFolderDoesNotExist() async throws {
    let idle = expectation(description: "idle calls for a missing folder")
    idle.expectedFulfillmentCount = 2
    idle.assertForOverFulfill = false
    let watcher = try DirectoryWatcher(directory: folder.file("missing"), fallbackInterval: .milliseconds(50)) {
      names in
      if names.isEmpty { idle.fulfill() }
    }
    defer { watcher.stop() }
    await fulfillment(of: [idle], timeout: 5)
  }

  func testNoHandlerCallAfterStopReturns() async throws {
    let stopped = Atomic<Bool>(false)
    let running = expectation(description: "first call")
    running.assertForOverFulfill = false
    let late = expectation(description: "a call after stop()")
    late.isInverted = true
    late.assertForOverFulfill = false
    let watcher = try DirectoryWatcher(directory: folder.path, fallbackInterval: .milliseconds(20)) { _ in
      if stopped.load(ordering: .sequentiallyConsistent) { late.fulfill() }
      running.fulfill()
      // A slow handler: stop() must wait for it.
      usleep(30_000)
    }
    await fulfillment(of: [running], timeout: 5)
    watcher.stop()
    stopped.store(true, ordering: .sequentiallyConsistent)
    XCTAssertTrue(FileManager.default.createFile(atPath: folder.file("after-stop"), contents: Data()))
    watcher.stop()
    await fulfillment(of: [late], timeout: 0.5)
  }

  func testStopFromTheHandlerItselfReturns() async throws {
    let box = Mutex<DirectoryWatcher?>(nil)
    let stoppedItself = expectation(description: "stop() from the handler returned")
    stoppedItself.assertForOverFulfill = false
    let watcher = try DirectoryWatcher(directory: folder.path, fallbackInterval: .milliseconds(20)) { _ in
      box.withLock { $0 }?.stop()
      stoppedItself.fulfill()
    }
    box.withLock { $0 = watcher }
    await fulfillment(of: [stoppedItself], timeout: 5)
    watcher.stop()
    box.withLock { $0 = nil }
  }
}

/// The handler's calls, recorded from the watcher's thread.
private final class CallLog: Sendable {
  private let calls = Mutex<[Set<String>]>([])

  func append(_ names: Set<String>) {
    calls.withLock { $0.append(names) }
  }

  var all: [Set<String>] {
    calls.withLock { $0 }
  }
}
