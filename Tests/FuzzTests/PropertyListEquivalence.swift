import BookmarkModel
import Foundation
import PropertyLists

/// Whether two property lists hold the same values as the XML format can say them: dates to
/// the whole second (the format's precision), a NaN equal to a NaN.
enum PropertyListEquivalence {
  /// Where `a` and `b` first differ (`["bookmarks"][2]: …`), or `nil` when they are the same.
  static func difference(_ a: PropertyList, _ b: PropertyList, at path: String = "") -> String? {
    switch (a, b) {
    case (.string(let x), .string(let y)):
      return x == y ? nil : "\(path): \(ForbiddenScalar.visible(x)) became \(ForbiddenScalar.visible(y))"
    case (.integer(let x), .integer(let y)):
      return x == y ? nil : "\(path): \(x) became \(y)"
    case (.real(let x), .real(let y)):
      return x == y || (x.isNaN && y.isNaN) ? nil : "\(path): \(x) became \(y)"
    case (.bool(let x), .bool(let y)):
      return x == y ? nil : "\(path): \(x) became \(y)"
    case (.date(let x), .date(let y)):
      let whole = (x.timeIntervalSince1970.rounded(.down), y.timeIntervalSince1970.rounded(.down))
      return whole.0 == whole.1 ? nil : "\(path): the date \(whole.0) became \(whole.1)"
    case (.data(let x), .data(let y)):
      return x == y ? nil : "\(path): \(x.count) bytes of data became \(y.count) other bytes"
    case (.array(let x), .array(let y)):
      guard x.count == y.count else { return "\(path): \(x.count) items became \(y.count)" }
      for (index, pair) in zip(x, y).enumerated() {
        if let found = difference(pair.0, pair.1, at: "\(path)[\(index)]") { return found }
      }
      return nil
    case (.dictionary(let x), .dictionary(let y)):
      guard x.keys.sorted() == y.keys.sorted() else {
        return "\(path): the keys \(x.keys.sorted().map(ForbiddenScalar.visible)) became "
          + "\(y.keys.sorted().map(ForbiddenScalar.visible))"
      }
      for key in x.keys.sorted() {
        if let found = difference(x[key]!, y[key]!, at: "\(path)[\(ForbiddenScalar.visible(key))]") { return found }
      }
      return nil
    default:
      return "\(path): \(kind(a)) became \(kind(b))"
    }
  }

  /// Every date the value holds.
  static func dates(in value: PropertyList) -> [Date] {
    switch value {
    case .date(let date): [date]
    case .array(let items): items.flatMap(dates)
    case .dictionary(let entries): entries.values.flatMap(dates)
    default: []
    }
  }

  private static func kind(_ value: PropertyList) -> String {
    switch value {
    case .string: "a string"
    case .integer: "an integer"
    case .real: "a real"
    case .bool: "a boolean"
    case .date: "a date"
    case .data: "data"
    case .array: "an array"
    case .dictionary: "a dictionary"
    }
  }
}
