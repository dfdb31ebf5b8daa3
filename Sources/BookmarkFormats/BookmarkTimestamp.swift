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
    var bytes = Substring(text).utf8.drop { $0 == UInt8(ascii: " ") }
    let negative = bytes.first == UInt8(ascii: "-")
    if negative { bytes = bytes.dropFirst() }
    guard !bytes.isEmpty, bytes.count <= 19 else { return nil }
    var parsed: Int64 = 0
    for byte in bytes {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      let (times, overflow) = parsed.multipliedReportingOverflow(by: 10)
      guard !overflow else { return nil }
      parsed = times + Int64(byte - UInt8(ascii: "0"))
    }
    let value = parsed
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
