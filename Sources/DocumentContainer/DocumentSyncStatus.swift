import Sync

/// Where a document container stands with its cloud.
public struct DocumentSyncStatus: Hashable, Sendable {
  /// The sync engine's phase (``SyncPhase``): synced, syncing or offline.
  public typealias State = SyncPhase

  public var state: State
  /// Documents changed here and not yet confirmed by the cloud.
  public var pending: Int
  /// Documents with unresolved conflict versions.
  public var conflicts: Int
  /// Why the cloud can't be used, in one sentence.
  public var problem: String?
  /// A fetched change held back because it removes too much at once (``RemovalHold``).
  public var held: RemovalHold.Held?

  public init(state: State, pending: Int, conflicts: Int, problem: String? = nil, held: RemovalHold.Held? = nil) {
    self.state = state
    self.pending = pending
    self.conflicts = conflicts
    self.problem = problem
    self.held = held
  }
}
