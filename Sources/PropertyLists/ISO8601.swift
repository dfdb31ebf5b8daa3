import Foundation

/// Whole-second UTC timestamps as property lists write them: `2026-11-22T04:05:05Z`.
public enum ISO8601 {
  public static func format(_ date: Date) -> String {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    gmtime_r(&seconds, &parts)
    // Digits by hand into bytes: String(format:) was a seventh of writing 100,000 bookmarks.
    var text: [UInt8] = Array("0000-00-00T00:00:00Z".utf8)
    func put(_ value: Int32, at offset: Int, width: Int) {
      var rest = max(0, value)
      for position in stride(from: offset + width - 1, through: offset, by: -1) {
        text[position] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
      }
    }
    put(parts.tm_year + 1900, at: 0, width: 4)
    put(parts.tm_mon + 1, at: 5, width: 2)
    put(parts.tm_mday, at: 8, width: 2)
    put(parts.tm_hour, at: 11, width: 2)
    put(parts.tm_min, at: 14, width: 2)
    put(parts.tm_sec, at: 17, width: 2)
    return String(decoding: text, as: UTF8.self)
  }

  /// Parses `YYYY-MM-DDTHH:MM:SSZ` (the only form the XML format uses). Each field must be
  /// in its range (years 1 to 9999, a day its month has, no leap second): `timegm` would
  /// roll `9999-12-31T23:59:60Z` into the year 10000, which ``format(_:)`` cannot write.
  public static func parse(_ bytes: [UInt8]) -> Date? {
    parse(bytes[...])
  }

  /// ``parse(_:)-(Array)`` over any bytes; not public, so every caller outside this module
  /// gets the specialized array version rather than unspecialized generic code.
  static func parse<C: Collection<UInt8>>(_ bytes: C) -> Date? where C.Index == Int {
    guard let (year, month, day, hour, minute, second) = fields(bytes),
      (1...9999).contains(year), (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
      hour < 24, minute < 60, second < 60
    else { return nil }
    let days = daysSince1970(year: year, month: month, day: day)
    return Date(timeIntervalSince1970: TimeInterval(((days * 24 + hour) * 60 + minute) * 60 + second))
  }

  /// Whether the bytes have the form ``parse(_:)`` reads, whatever their fields' values.
  static func hasForm<C: Collection<UInt8>>(_ bytes: C) -> Bool where C.Index == Int {
    fields(bytes) != nil
  }

  /// The numbers of `YYYY-MM-DDTHH:MM:SSZ`, unchecked.
  private static func fields<C: Collection<UInt8>>(
    _ bytes: C
  ) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int)? where C.Index == Int {
    guard bytes.count == 20 else { return nil }
    let start = bytes.startIndex
    func number(_ offset: Int, _ length: Int) -> Int? {
      var value = 0
      for i in start + offset..<start + offset + length {
        let byte = bytes[i]
        guard byte >= 0x30, byte <= 0x39 else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      return value
    }
    guard bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-"),
      bytes[start + 10] == UInt8(ascii: "T"), bytes[start + 13] == UInt8(ascii: ":"),
      bytes[start + 16] == UInt8(ascii: ":"), bytes[start + 19] == UInt8(ascii: "Z"),
      let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
      let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2)
    else { return nil }
    return (year, month, day, hour, minute, second)
  }

  /// The days from 1970-01-01 to a day of the proleptic Gregorian calendar, as `timegm`
  /// counts them (Howard Hinnant's `days_from_civil`; a call of `timegm` was a tenth of
  /// reading 100,000 bookmarks).
  static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
    let shifted = month <= 2 ? year - 1 : year  // years from March, so February ends one
    let era = (shifted >= 0 ? shifted : shifted - 399) / 400
    let yearOfEra = shifted - era * 400
    let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The days of a month of the proleptic Gregorian calendar (`timegm`'s).
  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}
