import BookmarkStoreInterface
import Synchronization
import XCTest

/// Work that can wait goes on once no key has come for the quiet time, and at once when none
/// came.
final class InputActivityTests: XCTestCase {
  /// A clock that moves only when the activity pauses, and the pauses asked for.
  private final class Clock: Sendable {
    let time = Mutex<UInt64>(1_000)
    let pauses = Mutex<[UInt64]>([])
    /// Run in each pause, before the clock moves (a key typed meanwhile, say).
    let duringPause = Mutex<[@Sendable () -> Void]>([])

    func activity(quiet: UInt64) -> InputActivity {
      InputActivity(
        quietNanoseconds: quiet, now: { self.time.withLock { $0 } },
        pause: { nanoseconds in
          self.pauses.withLock { $0.append(nanoseconds) }
          let next = self.duringPause.withLock { $0.isEmpty ? nil : $0.removeFirst() }
          next?()
          self.time.withLock { $0 += nanoseconds }
        })
    }
  }

  func testWithNoKeyTheWorkGoesOnAtOnce() {
    let clock = Clock()
    clock.activity(quiet: 200).waitWhileTyping()
    XCTAssertEqual(clock.pauses.withLock { $0 }, [])
  }

  func testAfterAKeyTheWorkWaitsForTheRestOfTheQuietTime() {
    let clock = Clock()
    let activity = clock.activity(quiet: 200)
    activity.noteInput()
    clock.time.withLock { $0 += 50 }
    activity.waitWhileTyping()
    XCTAssertEqual(clock.pauses.withLock { $0 }, [150])
    activity.waitWhileTyping()
    XCTAssertEqual(clock.pauses.withLock { $0 }, [150], "quiet since: no second pause")
  }

  func testAKeyDuringThePauseMakesItWaitFromThatKey() {
    let clock = Clock()
    let activity = clock.activity(quiet: 200)
    activity.noteInput()
    // 120 ns into the first pause another key comes: quiet only 200 after it.
    clock.duringPause.withLock {
      $0 = [
        {
          clock.time.withLock { $0 += 120 }
          activity.noteInput()
          clock.time.withLock { $0 -= 120 }
        }
      ]
    }
    activity.waitWhileTyping()
    XCTAssertEqual(clock.pauses.withLock { $0 }, [200, 120])
    XCTAssertEqual(clock.time.withLock { $0 }, 1_000 + 320)
  }
}
