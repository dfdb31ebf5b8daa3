import BookmarksState
import Foundation

/// How long the bottom line's message has been shown, so that it gives way to the status
/// after a few seconds (``Action/messageExpired``) even when no key is pressed.
struct MessageTimer {
  /// How long a message stays: `CLOUDY_MESSAGE_SECONDS` (tests shorten it), else 5 s.
  let lifetime: Duration
  private var current: StatusMessage?
  private var since: ContinuousClock.Instant?

  init(environment: [String: String]) {
    let seconds = environment["CLOUDY_MESSAGE_SECONDS"].flatMap(Double.init).flatMap { $0 > 0 ? $0 : nil } ?? 5
    lifetime = .milliseconds(Int(seconds * 1000))
  }

  /// Notes the message drawn now; a new one starts the clock again.
  mutating func shown(_ message: StatusMessage?) {
    guard message != current else { return }
    current = message
    since = message == nil ? nil : .now
  }

  /// Milliseconds until the message expires (0 once it has), or -1 when none is shown.
  func millisecondsLeft() -> Int32 {
    guard let since else { return -1 }
    let left = lifetime - (ContinuousClock.now - since)
    if left <= .zero { return 0 }
    let (seconds, attoseconds) = left.components
    return Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
  }
}
