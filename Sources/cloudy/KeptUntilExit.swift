import Synchronization

/// Values a command leaves to the process's exit to free: a large store read once and
/// printed is given back whole when the process ends, rather than freed object by object
/// (100,000 documents: about an eighth of `cloudy list`). Only for what holds no resource
/// that must be let go before the command returns.
enum KeptUntilExit {
  private static let kept = Mutex<[any Sendable]>([])

  static func keep(_ value: any Sendable) {
    kept.withLock { $0.append(value) }
  }
}
