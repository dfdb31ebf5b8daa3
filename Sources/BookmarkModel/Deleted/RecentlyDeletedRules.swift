import Foundation

/// How a store keeps Recently Deleted: which device's name goes on what it deletes, and how
/// long a deleted bookmark is kept before it goes for good (30 days unless the device's
/// `keep-deleted-days` setting says otherwise). Measured by the store's clock, the one that
/// stamps each deletion.
public struct RecentlyDeletedRules: Hashable, Sendable {
  public var device: String
  public var keepDays: Int

  public static let defaultKeepDays = 30
  /// The longest keep a setting may ask for: ten years.
  public static let maximumKeepDays = 3650

  public init(device: String, keepDays: Int = defaultKeepDays) {
    self.device = device
    self.keepDays = min(max(keepDays, 0), Self.maximumKeepDays)
  }

  /// For a store made without a device name (tests, tools): this computer's host name.
  public static let thisComputer = RecentlyDeletedRules(
    device: ProcessInfo.processInfo.hostName.split(separator: ".").first.map(String.init) ?? "this computer")

  /// Whether a bookmark deleted at `deleted` has been kept long enough to go at `now`.
  public func hasExpired(_ deleted: Date, at now: Date) -> Bool {
    now.timeIntervalSince(deleted) > TimeInterval(keepDays) * 24 * 60 * 60
  }

  /// `deleted` without what has been kept its time at `now`, a clock read only when there is
  /// something to check (the demo's clock counts its reads).
  public func kept(_ deleted: [DeletedBookmark], now: () -> Date) -> [DeletedBookmark] {
    guard !deleted.isEmpty else { return deleted }
    let limit = now().addingTimeInterval(-TimeInterval(keepDays) * 24 * 60 * 60)
    return deleted.contains { $0.deleted < limit } ? deleted.filter { $0.deleted >= limit } : deleted
  }
}
