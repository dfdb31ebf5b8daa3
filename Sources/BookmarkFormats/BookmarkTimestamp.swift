import Foundation

/// The dates of bookmark files (`ADD_DATE`, `LAST_MODIFIED`): whole numbers whose unit the
/// file does not state.
///
/// Browsers write Unix seconds, but some tools write milliseconds or microseconds, and a few
/// write Chrome's internal microseconds since 1601. The unit is told by the size of the
/// number, since any date between 1970 and the year 5000 falls in exactly one band:
///
/// | value           | read as                               |
/// |-----------------|---------------------------------------|
/// | below 10^11     | seconds since 1970                    |
/// | below 10^14     | milliseconds since 1970               |
/// | below 10^16     | microseconds since 1970               |
/// | below 10^18     | microseconds since 1601 (Chrome/WebKit) |
/// | from 10^18      | nanoseconds since 1970                |
///
/// Dates are kept in whole seconds (rounded down), as Cloudy's stores keep them.
public enum BookmarkTimestamp {
  /// Seconds from 1601-01-01 to 1970-01-01.
  static let webKitOffset: Int64 = 11_644_473_600

  /// The date an attribute value means, or `nil` for an empty or non-numeric value.
  public static func date(from text: some StringProtocol) -> Date? {
    var digits = Substring(text).trimmingPrefix(while: { $0 == " " })
    var negative = false
    if digits.first == "-" {
      negative = true
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty, digits.count <= 19, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      let value = Int64(digits)
    else { return nil }
    let seconds: Int64
    switch value {
    case ..<100_000_000_000: seconds = value
    case ..<100_000_000_000_000: seconds = value / 1000
    case ..<10_000_000_000_000_000: seconds = value / 1_000_000
    case ..<1_000_000_000_000_000_000: seconds = value / 1_000_000 - webKitOffset
    default: seconds = value / 1_000_000_000
    }
    return Date(timeIntervalSince1970: TimeInterval(negative ? -seconds : seconds))
  }

  /// The attribute value for a date: whole Unix seconds.
  public static func text(for date: Date) -> String {
    String(Int64(date.timeIntervalSince1970.rounded(.down)))
  }
}
