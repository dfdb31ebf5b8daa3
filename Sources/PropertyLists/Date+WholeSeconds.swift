import Foundation

extension Date {
  /// The date cut to whole seconds. Property lists keep whole seconds, so a store that
  /// stamps bookmarks with this returns exactly what every reader reads back.
  public var wholeSeconds: Date {
    Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down))
  }

  /// The whole seconds since 1970 every writer of Cloudy's formats can write: from
  /// 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z. The document and property-list formats
  /// write four-digit years, and the writers turn seconds into a 64-bit integer (a date
  /// beyond it traps).
  public static let writableSeconds: ClosedRange<Double> = -62_135_596_800...253_402_300_799

  /// Whether every writer can write the date (its whole seconds are in ``writableSeconds``).
  /// A date read from outside data (an imported file, a property list) must be, or be
  /// refused, before it is stored.
  public var isWritable: Bool {
    Self.writableSeconds.contains(timeIntervalSince1970.rounded(.down))
  }
}
