/// Which of a store's quotas a change would break, with the limit.
public enum QuotaLimit: Sendable, Hashable {
  /// At most this many keys (one bookmark each).
  case keys(Int)
  /// At most this many bytes in all.
  case totalBytes(Int)
  /// At most this many bytes for one value.
  case valueBytes(Int)

  /// A byte count as the user reads it: `1 MB` for whole mebibytes, else `N bytes`.
  public static func text(bytes: Int) -> String {
    bytes > 0 && bytes % 1_048_576 == 0 ? "\(bytes / 1_048_576) MB" : "\(bytes) bytes"
  }
}
