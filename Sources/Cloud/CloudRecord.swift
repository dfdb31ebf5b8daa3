import Foundation

/// The latest state of one key in a zone, as the cloud stores it.
public struct CloudRecord: Hashable, Sendable {
  public var key: String
  /// The value's bytes; `nil` when the key was deleted.
  public var value: Data?
  /// The cloud's sequence number for the write that produced this record.
  public var sequence: Int64
  /// Who wrote it (a device id), so a device can tell its own changes from others'.
  public var origin: String

  public init(key: String, value: Data?, sequence: Int64, origin: String) {
    self.key = key
    self.value = value
    self.sequence = sequence
    self.origin = origin
  }

  public var isDeleted: Bool { value == nil }
}
