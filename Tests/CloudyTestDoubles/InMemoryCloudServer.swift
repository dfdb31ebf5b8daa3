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
  }

  private struct State {
    /// Made when the server is made, and anew by ``reset()``.
    var identity = UUID().uuidString.lowercased()
    var accounts: [String: Account] = [:]
    var isReachable = true
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

  // MARK: - The contract, for one account

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
