/// Where a document container stands with its cloud.
public struct DocumentSyncStatus: Hashable, Sendable {
  public enum State: Hashable, Sendable {
    /// Every local change is in the cloud and the last fetch succeeded.
    case synced
    /// A push or fetch is under way.
    case syncing
    /// Working from the local copy: `--offline`, or the cloud can't be reached.
    case offline
  }

  public var state: State
  /// Documents changed here and not yet confirmed by the cloud.
  public var pending: Int
  /// Documents with unresolved conflict versions.
  public var conflicts: Int
  /// Why the cloud can't be used, in one sentence.
  public var problem: String?

  public init(state: State, pending: Int, conflicts: Int, problem: String? = nil) {
    self.state = state
    self.pending = pending
    self.conflicts = conflicts
    self.problem = problem
  }
}
