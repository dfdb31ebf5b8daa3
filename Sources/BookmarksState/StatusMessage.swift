/// A one-line message on the bottom line, shown until the next key.
public struct StatusMessage: Hashable, Sendable {
  public var text: String
  public var isError: Bool

  public init(_ text: String, isError: Bool = false) {
    self.text = text
    self.isError = isError
  }
}
