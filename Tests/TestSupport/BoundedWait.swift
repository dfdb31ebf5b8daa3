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
