import Foundation

/// How much history a bookmark keeps: the last `versions` saved versions, and none older
/// than `days` (50 and 90 unless this device's `history-versions` and `history-days`
/// settings say otherwise). The version the bookmark is now is always kept.
public struct HistoryRules: Hashable, Sendable {
  public var versions: Int
  public var days: Int

  public static let defaultVersions = 50
  public static let defaultDays = 90
  /// The most a setting may ask for: 1,000 versions, ten years.
  public static let maximumVersions = 1_000
  public static let maximumDays = 3650

  public init(versions: Int = defaultVersions, days: Int = defaultDays) {
    self.versions = min(max(versions, 1), Self.maximumVersions)
    self.days = min(max(days, 1), Self.maximumDays)
  }
}
