/// An external change to the key-value store, as Apple's
/// `NSUbiquitousKeyValueStoreDidChangeExternallyNotification` reports it.
public struct KeyValueChange: Hashable, Sendable {
  /// Why the values changed; the raw values are Apple's.
  public enum Reason: Int, Hashable, Sendable {
    /// Another device (or another session on this one) changed values in the cloud.
    case serverChange = 0
    /// The first download on this device.
    case initialSync = 1
    /// A write was refused because it would break a quota; nothing was stored.
    case quotaViolation = 2
    /// The account (or cloud) changed since this device last ran.
    case accountChange = 3
  }

  public var reason: Reason
  /// The keys whose values changed (for a quota violation: the keys of the refused write).
  public var changedKeys: [String]

  public init(reason: Reason, changedKeys: [String]) {
    self.reason = reason
    self.changedKeys = changedKeys
  }
}
