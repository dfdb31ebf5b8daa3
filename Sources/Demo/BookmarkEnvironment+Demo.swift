import BookmarkModel
import Foundation
import Synchronization

extension BookmarkEnvironment {
  /// The demo's clock and ids: the clock starts at 2026-03-14 09:41:00 UTC and moves one
  /// minute each time it is read; ids count up in UUID form (`00000000-0000-4000-8000-000000000001`,
  /// `…0002`, …). Each call makes a fresh sequence, so every demo run is the same.
  package static func demo() -> BookmarkEnvironment {
    let start = Date(timeIntervalSince1970: 1_773_481_260)
    let clock = DemoCounter()
    let ids = DemoCounter()
    return BookmarkEnvironment(
      now: {
        start.addingTimeInterval(TimeInterval((clock.next() - 1) * 60))
      },
      newID: {
        let digits = String(ids.next())
        return "00000000-0000-4000-8000-" + String(repeating: "0", count: max(0, 12 - digits.count)) + digits
      })
  }
}

/// A counter many tasks may step: 1, 2, 3, …
private final class DemoCounter: Sendable {
  private let count = Mutex(0)

  func next() -> Int {
    count.withLock { count in
      count += 1
      return count
    }
  }
}
