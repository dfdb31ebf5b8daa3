/// The one sync engine: performs what ``SyncStateMachine`` decides for one ``SyncZone``.
///
/// Concurrency: the machine lives in this actor; every event goes through ``handle(_:)``
/// on it, so events are taken one at a time in the order they arrive. A push or fetch runs
/// in a task of its own and reports back as an event, so a wake-up that comes during a
/// step is seen at once (and asks for another step) instead of waiting behind it. Nothing
/// here blocks a thread.
public actor SyncEngine {
  private var machine: SyncStateMachine
  private weak var zone: (any SyncZone)?
  private let clock: any Clock<Duration>
  private var retry: Task<Void, Never>?
  private var listener: Task<Void, Never>?
  private var quietWaiters: [CheckedContinuation<Void, Never>] = []

  /// An engine for `zone`. `hasCloud: false` is `--offline`: the zone only re-reads its
  /// local copy when woken.
  public init(
    zone: any SyncZone, hasCloud: Bool, backoff: SyncBackoff = .standard,
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.zone = zone
    machine = SyncStateMachine(hasCloud: hasCloud, backoff: backoff)
    self.clock = clock
  }

  /// The machine as it stands (for tests and status).
  public var current: SyncStateMachine { machine }

  /// Starts syncing: a first step now, and one whenever `signals` (the cloud's change
  /// signals) yields. Calling it again does nothing.
  public func start(signals: AsyncStream<Void>?) async {
    guard listener == nil, machine.state != .closed else { return }
    listener = Task { [weak self] in
      guard let signals else { return }
      for await _ in signals {
        guard let self else { return }
        await self.wake()
      }
    }
    await handle(.woken)
  }

  /// Something changed (a local commit, another session's write): sync soon.
  public func wake() async {
    await handle(.woken)
  }

  /// Pushes and fetches, and returns once that step is done or has failed (the cloud is
  /// unreachable; a retry is then scheduled). For commands that exit right after a change.
  public func syncNow() async {
    await handle(.woken)
    if machine.isQuiet { return }
    await withCheckedContinuation { quietWaiters.append($0) }
  }

  /// Stops: no more steps or retries. A step under way finishes, but its result is ignored.
  public func close() async {
    await handle(.closed)
    listener?.cancel()
    listener = nil
  }

  // MARK: - Performing the machine's actions

  private func handle(_ event: SyncStateMachine.Event) async {
    for action in machine.handle(event) {
      await perform(action)
    }
    if machine.isQuiet, !quietWaiters.isEmpty {
      let waiters = quietWaiters
      quietWaiters = []
      for waiter in waiters { waiter.resume() }
    }
  }

  private func perform(_ action: SyncStateMachine.Action) async {
    switch action {
    case .push:
      Task { await self.step(.push) }
    case .fetch:
      Task { await self.step(.fetch) }
    case .refreshLocal:
      await zone?.refreshLocal()
    case .scheduleRetry(let delay):
      retry?.cancel()
      retry = Task { [clock] in
        do { try await clock.sleep(for: delay) } catch { return }
        await self.handle(.retryTimerFired)
      }
    case .cancelRetry:
      retry?.cancel()
      retry = nil
    case .publish(let phase, let problem):
      zone?.syncPhaseChanged(phase, problem: problem)
    }
  }

  private enum Step { case push, fetch }

  private func step(_ step: Step) async {
    guard let zone else { return }
    do {
      switch step {
      case .push: try await zone.push()
      case .fetch: try await zone.fetch()
      }
      await handle(step == .push ? .pushSucceeded : .fetchSucceeded)
    } catch {
      let problem = SyncProblem.sentence(for: error)
      await handle(step == .push ? .pushFailed(problem: problem) : .fetchFailed(problem: problem))
    }
  }
}
