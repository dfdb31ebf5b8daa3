import Broadcasting
import Cloud
import Foundation
import Synchronization

/// The cloud contract held in memory, for tests of the layers above the cloud that should
/// run in milliseconds: one server holds every account's records; each ``InMemoryCloud``
/// is one device's connection to it.
///
/// It keeps the contract's promises (a sequence per account in commit order, conditional
/// writes, tombstones, paged changes, signals to every connection of the account) and can
/// be taken offline and back (``setReachable(_:)``) to test outages. It is not durable.
public final class InMemoryCloudServer: Sendable {
  struct Account {
    var lastSequence: Int64 = 0
    var records: [CloudZone: [String: CloudRecord]] = [:]
    /// The timeline of the account's last write, and the breaks recorded (as PostgreSQL's
    /// `cloudy.write` does).
    var timeline: Int64?
    var breaks: [CloudBreak] = []
  }

  /// Every account as it stood when ``standbyCopy()`` was taken: what an asynchronous
  /// standby had received.
  public struct StandbyCopy: Sendable {
    fileprivate var accounts: [String: Account]
  }

  private struct State {
    /// Made when the server is made, and anew by ``reset()``.
    var identity = UUID().uuidString.lowercased()
    var accounts: [String: Account] = [:]
    var isReachable = true
    /// The history's timeline, which ``failOver(to:)`` moves on, as a promotion does.
    var timeline: Int64 = 1
    /// Every open connection's signals, by account.
    var listeners: [String: [ObjectIdentifier: Broadcast<Void>]] = [:]
  }

  private let state = Mutex(State())
  /// The name in messages: `memory:NAME`.
  public let name: String

  public init(name: String = "test") {
    self.name = name
  }

  /// A device's connection, bound to one account.
  public func connect(account: String) -> InMemoryCloud {
    InMemoryCloud(server: self, account: account)
  }

  /// Takes the server away (every call fails as unreachable) or brings it back (every
  /// connection is signalled, as after a reconnection).
  public func setReachable(_ reachable: Bool) {
    let wasReachable = state.withLock { state in
      defer { state.isReachable = reachable }
      return state.isReachable
    }
    if reachable, !wasReachable { signalEveryone() }
  }

  /// Loses everything, as a deleted cloud file or a dropped schema does: the records go,
  /// sequences start again, and the identity is new.
  public func reset() {
    state.withLock { state in
      state.accounts = [:]
      state.identity = UUID().uuidString.lowercased()
    }
    signalEveryone()
  }

  /// A copy of every account as it stands now, for ``failOver(to:)``.
  public func standbyCopy() -> StandbyCopy {
    state.withLock { StandbyCopy(accounts: $0.accounts) }
  }

  /// Fails over to a standby that had received only `copy`: every change made since it was
  /// taken is gone (and its sequence numbers are handed out again), and the history goes on
  /// on a new timeline, as after `pg_ctl promote`.
  public func failOver(to copy: StandbyCopy) {
    state.withLock { state in
      state.accounts = copy.accounts
      state.timeline += 1
    }
    signalEveryone()
  }

  /// The line the server's history is on.
  public var line: CloudLine {
    state.withLock { CloudLine(system: $0.identity, timeline: $0.timeline) }
  }

  // MARK: - The contract, for one account

  func history(account: String) throws -> CloudHistory {
    try withReachableState { state in
      let data = state.accounts[account]
      return CloudHistory(
        line: CloudLine(system: state.identity, timeline: state.timeline), breaks: data?.breaks ?? [],
        lastSequence: data?.lastSequence ?? 0)
    }
  }

  func identity() throws -> String {
    try withReachableState { $0.identity }
  }

  func write(_ writes: [CloudWrite], in zone: CloudZone, origin: String, account: String) throws
    -> [CloudWriteOutcome]
  {
    for write in writes where write.key.isEmpty || write.key.utf8.count > CloudError.maximumKeyBytes {
      throw CloudError.refused(reason: "a key must have 1 to \(CloudError.maximumKeyBytes) bytes")
    }
    let outcomes = try withReachableState { state in
      var data = state.accounts[account, default: Account()]
      if data.timeline != state.timeline {
        if data.timeline != nil || data.lastSequence == 0 {
          let line = CloudLine(system: state.identity, timeline: state.timeline)
          data.breaks.append(CloudBreak(line: line, keptThrough: data.lastSequence))
        }
        data.timeline = state.timeline
      }
      var outcomes: [CloudWriteOutcome] = []
      for write in writes {
        let current = data.records[zone]?[write.key]
        guard write.condition.allows(replacing: current) else {
          outcomes.append(.conflict(current: current))
          continue
        }
        data.lastSequence += 1
        let record = CloudRecord(key: write.key, value: write.value, sequence: data.lastSequence, origin: origin)
        data.records[zone, default: [:]][write.key] = record
        outcomes.append(.written(record))
      }
      state.accounts[account] = data
      return outcomes
    }
    signal(account)
    return outcomes
  }

  func changes(in zone: CloudZone, since token: CloudToken, limit: Int, account: String) throws -> CloudChanges {
    try withReachableState { state in
      let newer = (state.accounts[account]?.records[zone]?.values ?? [:].values)
        .filter { $0.sequence > token.sequence }
        .sorted { $0.sequence < $1.sequence }
      let page = Array(newer.prefix(max(1, limit)))
      return CloudChanges(
        records: page, token: CloudToken(sequence: page.last?.sequence ?? token.sequence),
        hasMore: newer.count > page.count)
    }
  }

  func record(for key: String, in zone: CloudZone, account: String) throws -> CloudRecord? {
    try withReachableState { $0.accounts[account]?.records[zone]?[key] }
  }

  func listen(_ signals: Broadcast<Void>, account: String) {
    state.withLock { $0.listeners[account, default: [:]][ObjectIdentifier(signals)] = signals }
  }

  func stopListening(_ signals: Broadcast<Void>, account: String) {
    _ = state.withLock { $0.listeners[account]?.removeValue(forKey: ObjectIdentifier(signals)) }
  }

  // MARK: - Helpers

  private func withReachableState<T>(_ body: (inout State) throws -> T) throws -> T {
    try state.withLock { state in
      guard state.isReachable else {
        throw CloudError.unreachable(cloud: "memory:\(name)", reason: "the test took the server away")
      }
      return try body(&state)
    }
  }

  /// Signals every connection of an account, outside the lock.
  private func signal(_ account: String) {
    let listeners = state.withLock { Array(($0.listeners[account] ?? [:]).values) }
    for listener in listeners { listener.send(()) }
  }

  private func signalEveryone() {
    let listeners = state.withLock { $0.listeners.values.flatMap(\.values) }
    for listener in listeners { listener.send(()) }
  }
}
