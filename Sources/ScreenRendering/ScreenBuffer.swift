/// A frame: a grid of cells plus where the cursor is, if it is shown.
///
/// Views draw into a buffer; tests compare buffers as text; the terminal copies a buffer
/// to the screen. Drawing clips at the edges and never splits a wide character: one that
/// would straddle the right edge becomes a space.
public struct ScreenBuffer: Hashable, Sendable {
  public let width: Int
  public let height: Int
  public private(set) var cells: [Cell]
  /// Where the terminal cursor should be shown; `nil` hides it.
  public var cursor: Position?

  public struct Position: Hashable, Sendable {
    public var row: Int
    public var column: Int
    public init(row: Int, column: Int) {
      self.row = row
      self.column = column
    }
  }

  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    cells = Array(repeating: .blank, count: self.width * self.height)
  }

  public subscript(row: Int, column: Int) -> Cell {
    get { cells[row * width + column] }
    set { cells[row * width + column] = newValue }
  }

  /// Fills a rectangle (clipped to the buffer) with blanks of one style.
  public mutating func fill(row: Int, column: Int, width fillWidth: Int, height fillHeight: Int, style: Style) {
    let rows = max(0, row)..<min(height, row + fillHeight)
    let columns = max(0, column)..<min(width, column + fillWidth)
    for r in rows {
      for c in columns { place(Cell(.character(" "), style: style), row: r, column: c) }
    }
  }

  /// Puts a cell, first blanking the other half of any wide character it overwrites, so
  /// a dialog drawn over a CJK name never leaves half a character behind.
  private mutating func place(_ cell: Cell, row: Int, column: Int) {
    if case .continuation = cell.content {
      // The right half of the character just written to the left: only the cell to the
      // right can belong to an older wide character.
    } else if case .continuation = self[row, column].content, column > 0 {
      self[row, column - 1] = Cell(.character(" "), style: self[row, column - 1].style)
    }
    if column + 1 < width, case .continuation = self[row, column + 1].content {
      self[row, column + 1] = Cell(.character(" "), style: self[row, column + 1].style)
    }
    self[row, column] = cell
  }

  /// Writes text from a position, up to `limit` cells (default: to the right edge).
  /// The text is sanitized first. Returns the number of cells written.
  @discardableResult
  public mutating func write(_ text: String, row: Int, column: Int, style: Style, limit: Int? = nil) -> Int {
    guard row >= 0, row < height, column < width else { return 0 }
    let end = min(width, column + (limit ?? width))
    var col = column
    for character in DisplayText.sanitize(text) {
      let cellWidth = CellWidth.of(character)
      if cellWidth == 0 { continue }
      if col + cellWidth > end {
        if col < end, col >= 0 { place(Cell(.character(" "), style: style), row: row, column: col) }
        col = end
        break
      }
      if col >= 0 {
        place(Cell(.character(character), style: style), row: row, column: col)
        if cellWidth == 2 {
          place(Cell(.continuation, style: style), row: row, column: col + 1)
        }
      }
      col += cellWidth
    }
    return max(0, col - column)
  }

  /// Draws a line glyph at a position, if it is inside the buffer.
  public mutating func draw(_ glyph: LineGlyph, row: Int, column: Int, style: Style) {
    guard row >= 0, row < height, column >= 0, column < width else { return }
    place(Cell(.line(glyph), style: style), row: row, column: column)
  }

  /// The buffer as lines of text, wide characters once, trailing blanks kept.
  public var lines: [String] {
    (0..<height).map { row in
      var line = ""
      for column in 0..<width {
        switch self[row, column].content {
        case .character(let character): line.append(character)
        case .continuation: break
        case .line(let glyph): line.append(glyph.character)
        }
      }
      return line
    }
  }

  /// The buffer as one text block with trailing blanks trimmed from each line.
  public var text: String {
    lines.map { line in
      var trimmed = Substring(line)
      while trimmed.last == " " { trimmed = trimmed.dropLast() }
      return String(trimmed)
    }.joined(separator: "\n")
  }
}
