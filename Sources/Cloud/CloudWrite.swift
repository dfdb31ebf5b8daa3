import Foundation

/// One change to push: set a key's value, or delete it.
public struct CloudWrite: Hashable, Sendable {
  /// When the write applies.
  public enum Condition: Hashable, Sendable {
    /// Always: the last writer wins.
    case always
    /// Only if the key has never been written (or its record is gone).
    case absent
    /// Only if the key's current record has this sequence number.
    case sequence(Int64)
    /// Only if the key has no record or one with at most this sequence number: a change
    /// pushed again after the cloud went back in time (``CloudHistory``), which must not
    /// replace what was written since (after this sequence).
    case atMost(Int64)
  }

  public var key: String
  /// The new value; `nil` deletes the key.
  public var value: Data?
  public var condition: Condition

  public init(key: String, value: Data?, condition: Condition = .always) {
    self.key = key
    self.value = value
    self.condition = condition
  }
}

/// What became of one write.
public enum CloudWriteOutcome: Hashable, Sendable {
  /// Stored, with the record the cloud now holds.
  case written(CloudRecord)
  /// Refused because its condition did not hold; carries the current record, if any.
  case conflict(current: CloudRecord?)
}

extension CloudWrite.Condition {
  /// Whether a write with this condition may replace `current` (the key's record, or nil
  /// if it was never written): every cloud decides it the same way.
  public func allows(replacing current: CloudRecord?) -> Bool {
    switch self {
    case .always: true
    case .absent: current == nil || current?.isDeleted == true
    case .sequence(let expected): current?.sequence == expected
    case .atMost(let last): (current?.sequence ?? 0) <= last
    }
  }
}
