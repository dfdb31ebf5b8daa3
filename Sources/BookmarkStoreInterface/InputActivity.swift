import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// When the person last pressed a key, for work in the background that can wait for a pause.
///
/// A store's dictionaries at 1,000,000 bookmarks take a core and the memory bus for more than a
/// second after the list opens; each filter keystroke typed meanwhile took up to twice as long.
/// Such work is done in pieces and calls ``waitWhileTyping()`` between them: it goes on once
/// no key has come for ``quietNanoseconds``. What something needs at once (an edit) is not
/// asked to wait: the edit makes it itself.
public final class InputActivity: Sendable {
  /// The app's: the terminal notes each key here.
  public static let shared = InputActivity()

  /// How long after a key the person still counts as typing.
  public let quietNanoseconds: UInt64
  private let lastInput = Atomic<UInt64>(0)
  private let now: @Sendable () -> UInt64
  private let pause: @Sendable (UInt64) -> Void

  /// `now` gives monotonic nanoseconds and `pause` sleeps for some (both for tests).
  public init(
    quietNanoseconds: UInt64 = 200_000_000,
    now: @escaping @Sendable () -> UInt64 = InputActivity.monotonicNanoseconds,
    pause: @escaping @Sendable (UInt64) -> Void = InputActivity.sleep
  ) {
    self.quietNanoseconds = quietNanoseconds
    self.now = now
    self.pause = pause
  }

  /// A key (or a click) came now.
  public func noteInput() {
    lastInput.store(max(1, now()), ordering: .relaxed)
  }

  /// Returns once no key has come for ``quietNanoseconds``: at once if none came lately.
  public func waitWhileTyping() {
    while true {
      let last = lastInput.load(ordering: .relaxed)
      guard last != 0 else { return }
      let time = now()
      let until = last &+ quietNanoseconds
      guard time < until else { return }
      pause(until - time)
    }
  }

  public static func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }

  public static func sleep(_ nanoseconds: UInt64) {
    var time = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
    var left = timespec()
    while nanosleep(&time, &left) != 0, errno == EINTR { time = left }
  }
}
