/// A choice of store, cloud or account that can't be used, as one sentence for the user
/// (which names the flag or variable to fix).
public struct WiringError: Error, CustomStringConvertible, Equatable {
  public var description: String
  public init(_ description: String) { self.description = description }
}
