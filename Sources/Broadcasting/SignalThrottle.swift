import Foundation
import Synchronization

/// Passes signals on at most once per interval: the first at once, and any that arrive
/// before the interval is over folded into one, sent when it ends. A burst of thousands
/// (another role flooding a `NOTIFY` channel) costs one refresh an interval, and the last
/// signal of a burst is never lost.
public final class SignalThrottle: Sendable {
  private let interval: Duration
  private let send: @Sendable () -> Void
  private let state = Mutex(State())

  private struct State {
    var lastSent: ContinuousClock.Instant?
    var scheduled = false
  }

  public init(interval: Duration, send: @escaping @Sendable () -> Void) {
    self.interval = interval
    self.send = send
  }

  public func signal() {
    let now = ContinuousClock.now
    let interval = interval
    let wait: Duration? = state.withLock { state in
      if state.scheduled { return nil }
      if let last = state.lastSent, now - last < interval {
        state.scheduled = true
        return interval - (now - last)
      }
      state.lastSent = now
      return .zero
    }
    guard let wait else { return }
    guard wait > .zero else { return send() }
    Task { [weak self] in
      try? await Task.sleep(for: wait, tolerance: interval / 10)
      guard let self else { return }
      self.state.withLock { state in
        state.scheduled = false
        state.lastSent = ContinuousClock.now
      }
      self.send()
    }
  }
}
