/// How long the engine waits before trying again after a failed step: `initial`, doubling
/// with each failure in a row, never more than `maximum`.
public struct SyncBackoff: Hashable, Sendable {
  public var initial: Duration
  public var maximum: Duration

  public init(initial: Duration, maximum: Duration) {
    self.initial = initial
    self.maximum = maximum
  }

  /// 0.5 s, 1 s, 2 s, … up to 30 s.
  public static let standard = SyncBackoff(initial: .milliseconds(500), maximum: .seconds(30))

  /// The wait after `failures` failures in a row (1 or more).
  public func delay(afterFailures failures: Int) -> Duration {
    var delay = initial
    for _ in 1..<max(failures, 1) {
      delay *= 2
      if delay >= maximum { return maximum }
    }
    return min(delay, maximum)
  }
}
