import Foundation

extension PropertyList {
  /// The value as a reader of the XML format gets it back from a file that keeps it inside
  /// `levels` dictionaries (a date cut to whole seconds, say), or `nil` if it would not read
  /// back at all there (a date beyond the year 9999; arrays nested too deep with those
  /// levels). A store that keeps this form in memory holds exactly what its files hold, so
  /// one session's values and another's, read from the file, are equal.
  public func stored(insideLevels levels: Int) -> PropertyList? {
    switch self {
    case .integer, .bool, .string, .data: if levels < PropertyListReader.maximumDepth { return self }
    default: break
    }
    var wrapped = self
    for _ in 0..<levels { wrapped = .dictionary(["": wrapped]) }
    guard var value = try? PropertyListReader.readElement(PropertyListXMLWriter.element(for: wrapped)) else {
      return nil
    }
    for _ in 0..<levels {
      guard let inner = value.dictionary?[""] else { return nil }
      value = inner
    }
    return value
  }
}
