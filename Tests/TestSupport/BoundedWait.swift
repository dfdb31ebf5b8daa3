import Foundation

/// Runs `operation` and returns its result, or `nil` if `timeout` passes first (the
/// operation is then cancelled). For tests that wait on an event another device or
/// process causes: a bounded wait, never a sleep standing in for synchronisation.
public func withTimeout<T: Sendable>(
  _ timeout: Duration, _ operation: @escaping @Sendable () async -> T?
) async -> T? {
  await withTaskGroup(of: T?.self) { group in
    group.addTask { await operation() }
    group.addTask {
      try? await Task.sleep(for: timeout)
      return nil
    }
    let first = await group.next() ?? nil
    group.cancelAll()
    return first
  }
}

/// Whether `condition` holds within `limit`, looked at every `interval`: for a state that
/// no event announces (a value shown for a moment by a background step, then taken away).
public func eventually(
  within limit: Duration, every interval: Duration = .milliseconds(20), _ condition: () async -> Bool
) async -> Bool {
  let start = ContinuousClock.now
  while !(await condition()) {
    if ContinuousClock.now - start > limit { return false }
    try? await Task.sleep(for: interval)
  }
  return true
}

/// Whether `condition` holds within `limit`, looked at every `interval`, for synchronous
/// tests watching another process (a log line, a row in the cloud).
public func waitUntil(
  within limit: Duration, every interval: Duration = .milliseconds(100), _ condition: () -> Bool
) -> Bool {
  let start = ContinuousClock.now
  while !condition() {
    if ContinuousClock.now - start > limit { return false }
    usleep(UInt32(interval.components.attoseconds / 1_000_000_000_000 + interval.components.seconds * 1_000_000))
  }
  return true
}
