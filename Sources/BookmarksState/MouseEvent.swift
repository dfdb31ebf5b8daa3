/// A mouse event the terminal reported, in screen cells (row 0 is the top bar).
public struct MouseEvent: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    /// The left button was clicked (pressed, or pressed and released).
    case click
    /// The wheel turned up (away from the user) or down by one notch.
    case wheelUp, wheelDown
  }

  public var kind: Kind
  public var row: Int
  public var column: Int

  public init(_ kind: Kind, row: Int, column: Int) {
    self.kind = kind
    self.row = row
    self.column = column
  }
}
