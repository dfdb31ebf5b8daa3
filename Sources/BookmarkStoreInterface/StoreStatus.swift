/// A store's state as the bottom line shows it, for example
/// `key-value · synced · 214/1024 keys · 38% of 1 MB`.
public struct StoreStatus: Sendable, Hashable {
  /// Where the data lives and whether it is in step with the cloud.
  public enum SyncState: Sendable, Hashable {
    /// Local only: there is no cloud for this backend.
    case local
    case synced
    case syncing
    case offline
  }

  /// Quota use, for backends that have quotas.
  public struct Quota: Sendable, Hashable {
    public var keysUsed: Int
    public var keysLimit: Int
    public var bytesUsed: Int
    public var bytesLimit: Int
    /// How many of the keys used are Recently Deleted's.
    public var deletedKeys: Int
    public init(keysUsed: Int, keysLimit: Int, bytesUsed: Int, bytesLimit: Int, deletedKeys: Int = 0) {
      self.keysUsed = keysUsed
      self.keysLimit = keysLimit
      self.bytesUsed = bytesUsed
      self.bytesLimit = bytesLimit
      self.deletedKeys = deletedKeys
    }
  }

  public var backend: StoreBackend
  public var sync: SyncState
  public var pending: Int
  public var quota: Quota?
  public var conflicts: Int
  /// A problem to show the user in one sentence (an unreadable file, say).
  public var problem: String?

  public init(
    backend: StoreBackend, sync: SyncState, pending: Int = 0, quota: Quota? = nil, conflicts: Int = 0,
    problem: String? = nil
  ) {
    self.backend = backend
    self.sync = sync
    self.pending = pending
    self.quota = quota
    self.conflicts = conflicts
    self.problem = problem
  }

  /// The status as one line: `user-defaults · local`, `documents · offline · 3 pending`,
  /// `key-value · synced · 214/1024 keys · 38% of 1 MB`.
  public var summary: String {
    var parts = [syncSummary]
    if let quota {
      let deleted = quota.deletedKeys > 0 ? " (\(quota.deletedKeys) deleted)" : ""
      parts.append("\(quota.keysUsed)/\(quota.keysLimit) keys\(deleted)")
      let percent = quota.bytesUsed * 100 / max(1, quota.bytesLimit)
      let limit = QuotaLimit.text(bytes: quota.bytesLimit)
      parts.append(percent == 0 && quota.bytesUsed > 0 ? "<1% of \(limit)" : "\(percent)% of \(limit)")
    }
    if conflicts > 0 { parts.append(conflicts == 1 ? "1 conflict" : "\(conflicts) conflicts") }
    return parts.joined(separator: " · ")
  }

  /// The backend, its sync state and pending changes: `key-value · offline · 3 pending`.
  public var syncSummary: String {
    var parts = [backend.rawValue]
    switch sync {
    case .local: parts.append("local")
    case .synced: parts.append("synced")
    case .syncing: parts.append("syncing")
    case .offline: parts.append("offline")
    }
    if pending > 0 { parts.append("\(pending) pending") }
    return parts.joined(separator: " · ")
  }
}
