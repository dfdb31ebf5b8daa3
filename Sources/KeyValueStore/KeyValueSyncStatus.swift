import Sync

/// Where the key-value store stands with its cloud, and how full it is.
public struct KeyValueSyncStatus: Hashable, Sendable {
  /// The sync engine's phase (``SyncPhase``): synced, syncing or offline.
  public typealias State = SyncPhase

  public var state: State
  /// Local changes not yet confirmed by the cloud.
  public var pending: Int
  public var keys: Int
  public var bytes: Int
  /// Why the cloud can't be used, or what could not be read, in one sentence.
  public var problem: String?
  /// A fetched change held back because it removes too much at once (``RemovalHold``).
  public var held: RemovalHold.Held?

  public init(
    state: State, pending: Int, keys: Int, bytes: Int, problem: String? = nil, held: RemovalHold.Held? = nil
  ) {
    self.state = state
    self.pending = pending
    self.keys = keys
    self.bytes = bytes
    self.problem = problem
    self.held = held
  }
}
