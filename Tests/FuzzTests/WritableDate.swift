import Foundation
import PropertyLists

/// The dates every writer can write: years 1 to 9999 in UTC. The document and property-list
/// formats write four-digit years (a later year loses its leading digits), and the writers
/// convert seconds to a 64-bit integer (a date beyond that traps). A date read from outside
/// data must be in this range, or be refused, before it is stored.
enum WritableDate {
  static let range: ClosedRange<Double> = -62_135_596_800...253_402_300_799

  static func check(_ date: Date, _ what: @autoclosure () -> String) throws(FuzzFailure) {
    let seconds = date.timeIntervalSince1970
    try FuzzFailure.check(
      range.contains(seconds), "date-range",
      "\(what()) is \(seconds) s since 1970, beyond the years 1–9999 the writers handle"
        + " (ISO8601.format and BookmarkTimestamp.text trap beyond Int64 and wrap years past 9999)")
  }
}
