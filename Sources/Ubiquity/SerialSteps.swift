/// Runs async steps one after another, in the order they were asked for, even when they
/// are asked for from several tasks: each waits for the one before it to finish.
actor SerialSteps {
  private var last: Task<Void, Never>?

  func run(_ step: @escaping @Sendable () async -> Void) async {
    let previous = last
    let task = Task {
      await previous?.value
      await step()
    }
    last = task
    await task.value
  }
}
