/// Why a kept page did not go to the cloud or come from it.
public enum ArchiveCloudError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The account's space for kept pages would be passed.
  case quotaFull(used: Int, quota: Int)
  /// The usage or a bookmark's list of versions kept changing under this device's writes.
  case busy

  public var description: String {
    switch self {
    case .quotaFull(let used, let quota):
      "the cloud's space for kept pages is full (\(Self.size(used)) of \(Self.size(quota)) used)"
    case .busy: "other devices kept changing the same pages; try again"
    }
  }

  /// Bytes in MB, or GB from 1 GB, to a tenth.
  static func size(_ bytes: Int) -> String {
    let (unit, name) = bytes >= 1 << 30 ? (1 << 30, "GB") : (1 << 20, "MB")
    let tenths = (bytes * 10 + unit / 2) / unit
    return "\(tenths / 10).\(tenths % 10) \(name)"
  }
}
