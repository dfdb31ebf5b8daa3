/// Why bytes are not a property list.
public struct PropertyListError: Error, Hashable, Sendable, CustomStringConvertible {
  public var description: String
  /// True when the file is well-formed XML with a value Cloudy cannot keep exactly
  /// (invalid UTF-8, an integer beyond 64 bits): reading it another way would alter it.
  public var cannotKeepExactly: Bool

  public init(_ description: String, cannotKeepExactly: Bool = false) {
    self.description = description
    self.cannotKeepExactly = cannotKeepExactly
  }
}
