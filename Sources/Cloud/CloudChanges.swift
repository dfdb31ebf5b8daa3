/// A position in an account's change history: every change up to `sequence` was seen.
public struct CloudToken: Hashable, Sendable, Comparable {
  public var sequence: Int64

  public init(sequence: Int64) {
    self.sequence = sequence
  }

  /// Before the first change: fetching from here downloads everything.
  public static let beginning = CloudToken(sequence: 0)

  public static func < (lhs: CloudToken, rhs: CloudToken) -> Bool { lhs.sequence < rhs.sequence }
}

/// One page of changes.
public struct CloudChanges: Hashable, Sendable {
  /// The latest record of each changed key, in sequence order.
  public var records: [CloudRecord]
  /// Where the next fetch starts.
  public var token: CloudToken
  /// Whether more changes follow this page.
  public var hasMore: Bool

  public init(records: [CloudRecord], token: CloudToken, hasMore: Bool) {
    self.records = records
    self.token = token
    self.hasMore = hasMore
  }
}
