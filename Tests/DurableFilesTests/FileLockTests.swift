import DurableFiles
import Foundation
import Synchronization
import TestSupport
import XCTest

/// Readers take the shared lock and wait while a writer holds the exclusive one: the
/// key-value cache's two files are then never read half-written (a bookmark once vanished
/// from the list while a push's confirmation was between its two writes).
final class FileLockTests: XCTestCase {
  func testASharedLockWaitsForTheExclusiveOneAndReadersShare() throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let lock = home.path + "/cache.lock"
    let events = Mutex<[String]>([])
    let writerHolds = DispatchSemaphore(value: 0)
    let releaseWriter = DispatchSemaphore(value: 0)
    let readerDone = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      try? PrivateFiles.withExclusiveLock(lock) {
        writerHolds.signal()
        releaseWriter.wait()
        events.withLock { $0.append("writer done") }
      }
    }
    writerHolds.wait()
    Thread.detachNewThread {
      try? PrivateFiles.withSharedLock(lock) { events.withLock { $0.append("read") } }
      readerDone.signal()
    }
    // The reader must not get in while the writer holds the lock (bounded wait: it may
    // take a moment for the reader to block, and it must still be blocked after it).
    XCTAssertEqual(readerDone.wait(timeout: .now() + 0.3), .timedOut)
    releaseWriter.signal()
    XCTAssertEqual(readerDone.wait(timeout: .now() + 10), .success)
    XCTAssertEqual(events.withLock { $0 }, ["writer done", "read"])

    // Two readers hold the shared lock at once.
    let both = try PrivateFiles.withSharedLock(lock) {
      try PrivateFiles.withSharedLock(lock) { "both" }
    }
    XCTAssertEqual(both, "both")
  }
}
