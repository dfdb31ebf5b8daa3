/// Where the key-value store stands with its cloud, and how full it is.
public struct KeyValueSyncStatus: Hashable, Sendable {
  public enum State: Hashable, Sendable {
    /// Every local change is in the cloud and the last fetch succeeded.
    case synced
    /// A push or fetch is under way, or changes wait to be pushed.
    case syncing
    /// Working from the local copy: `--offline`, or the cloud can't be reached.
    case offline
  }

  public var state: State
  /// Local changes not yet confirmed by the cloud.
  public var pending: Int
  public var keys: Int
  public var bytes: Int
  /// Why the cloud can't be used, or what could not be read, in one sentence.
  public var problem: String?

  public init(state: State, pending: Int, keys: Int, bytes: Int, problem: String? = nil) {
    self.state = state
    self.pending = pending
    self.keys = keys
    self.bytes = bytes
    self.problem = problem
  }
}
