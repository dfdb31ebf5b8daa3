/// Why bytes are not a property list.
public struct PropertyListError: Error, Hashable, Sendable, CustomStringConvertible {
  public var description: String
  /// True when the file is well-formed with a value Cloudy cannot keep exactly (invalid
  /// UTF-8 or UTF-16, an integer beyond 64 bits, a date with a field out of range or outside
  /// the years 1 to 9999): reading it another way would alter it.
  public var cannotKeepExactly: Bool
  /// True when no other reader may be tried: the value nests deeper than
  /// ``PropertyListReader/maximumDepth``, which a recursive reader could not survive.
  var isFinal = false

  public init(_ description: String, cannotKeepExactly: Bool = false) {
    self.description = description
    self.cannotKeepExactly = cannotKeepExactly
  }

  /// Arrays and dictionaries nested deeper than ``PropertyListReader/maximumDepth``.
  static var tooDeep: PropertyListError {
    var error = PropertyListError(
      "arrays and dictionaries nested more than \(PropertyListReader.maximumDepth) deep")
    error.isFinal = true
    return error
  }
}
