/// Why the cloud could not be used, as one plain sentence with no secrets in it.
public enum CloudError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The cloud cannot be reached or opened now; local work goes on and syncs later.
  case unreachable(cloud: String, reason: String)
  /// The cloud's data or answer is not what this version of Cloudy understands.
  case incompatible(cloud: String, reason: String)
  /// The `--cloud` address is not one Cloudy understands.
  case badAddress(String)
  /// A write was refused as a whole (a key too long, say); nothing was written.
  case refused(reason: String)
  /// ``CloudService/close()`` was called.
  case closed

  public var description: String {
    switch self {
    case .unreachable(let cloud, let reason): "Can't reach the cloud at \(cloud) (\(reason))."
    case .incompatible(let cloud, let reason): "The cloud at \(cloud) can't be used (\(reason))."
    case .badAddress(let detail): detail
    case .refused(let reason): "The cloud refused the change (\(reason)); nothing was written."
    case .closed: "The cloud connection was closed."
    }
  }

  /// The longest key a cloud stores, in UTF-8 bytes.
  public static let maximumKeyBytes = 1024
}
