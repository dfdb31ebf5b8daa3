/// One terminal cell of a ``ScreenBuffer``.
public struct Cell: Hashable, Sendable {
  /// What the cell shows.
  public enum Content: Hashable, Sendable {
    /// A character that starts in this cell (one or two cells wide).
    case character(Character)
    /// The right half of a wide character that starts in the cell to the left.
    case continuation
    /// A line-drawing glyph, drawn with the terminal's own line characters.
    case line(LineGlyph)
  }

  public var content: Content
  public var style: Style

  public init(_ content: Content, style: Style = .plain) {
    self.content = content
    self.style = style
  }

  public static let blank = Cell(.character(" "))
}

/// Box-drawing glyphs; the terminal draws them with its alternate character set, so
/// they stay one cell wide whatever the locale thinks of U+2500.
public enum LineGlyph: Hashable, Sendable {
  case horizontal, vertical, topLeft, topRight, bottomLeft, bottomRight

  /// The Unicode character used when the buffer is shown as text.
  public var character: Character {
    switch self {
    case .horizontal: "─"
    case .vertical: "│"
    case .topLeft: "┌"
    case .topRight: "┐"
    case .bottomLeft: "└"
    case .bottomRight: "┘"
    }
  }
}
