/// Why bytes are not a property list.
public struct PropertyListError: Error, Hashable, Sendable, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
