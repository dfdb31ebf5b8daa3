import ScreenRendering

extension BookmarksScreen {
  /// One line of the help: keys and what they do; a heading has no summary.
  typealias HelpLine = (label: String, summary: String)

  /// The help's columns: the list's keys on the left, the folders', the dialog's, the
  /// filter's and the mouse's on the right; one column when the window is narrower than 80
  /// columns. Each column fits an 80×24 window without scrolling.
  private static func helpColumns(width: Int) -> [[HelpLine]] {
    let organise = KeyBindings.list.filter { KeyBindings.organiseCommands.contains($0.command) }
    let left: [HelpLine] = KeyBindings.list.filter { !KeyBindings.organiseCommands.contains($0.command) }.map {
      ($0.label, $0.summary)
    }
    let right: [HelpLine] =
      [("Organise and share", "")] + organise.map { ($0.label, $0.summary) } + [("In the dialog", "")]
      + KeyBindings.dialogHelp + [("Filter and mouse", "")] + KeyBindings.filterHelp
      + KeyBindings.mouseHelp
    return width >= 80 ? [left, right] : [left + [("", "")] + right]
  }

  /// How many lines of help fit inside the box at this size.
  static func helpPageHeight(_ size: ScreenSize) -> Int {
    let tallest = helpColumns(width: size.columns).map(\.count).max() ?? 0
    // The box: its borders and the footer line around the page.
    return max(1, min(size.rows - 2, tallest + 3) - 3)
  }

  /// How far the help can scroll: the lines that do not fit.
  static func helpScrollLimit(_ size: ScreenSize) -> Int {
    let tallest = helpColumns(width: size.columns).map(\.count).max() ?? 0
    return max(0, tallest - helpPageHeight(size))
  }

  /// The help overlay, generated from ``KeyBindings``; when it is taller than the window it
  /// scrolls (`scroll` lines down) and its last line says how.
  static func drawHelp(scroll: Int, size: ScreenSize, into buffer: inout ScreenBuffer) {
    let columns = helpColumns(width: buffer.width)
    let twoColumns = columns.count == 2
    let width = twoColumns ? 76 : min(buffer.width - 4, 56)
    let page = helpPageHeight(size)
    let limit = helpScrollLimit(size)
    let offset = min(max(0, scroll), limit)
    let height = page + 3
    let column = (buffer.width - width) / 2
    let row = max(1, (buffer.height - height) / 2)
    drawBox(title: "Keys", row: row, column: column, width: width, height: height, into: &buffer)
    let columnWidth = (width - 4 - 2 * (columns.count - 1)) / columns.count
    for (index, lines) in columns.enumerated() {
      let left = column + 2 + index * (columnWidth + 2)
      let labelWidth = min(16, (lines.map { CellWidth.of($0.label) }.max() ?? 0) + 2)
      for (line, y) in zip(lines.dropFirst(offset).prefix(page), (row + 1)...) {
        if line.summary.isEmpty {
          buffer.write(line.label, row: y, column: left, style: Style([.bold, .underline]), limit: columnWidth)
          continue
        }
        buffer.write(line.label, row: y, column: left, style: Style([.bold]), limit: labelWidth)
        buffer.write(
          line.summary, row: y, column: left + labelWidth, style: .plain, limit: columnWidth - labelWidth)
      }
    }
    let footer =
      limit == 0
      ? "Press any key to close."
      : "↑↓ PgUp PgDn scroll (\(offset + page)/\(page + limit)) · any other key closes"
    buffer.write(footer, row: row + height - 2, column: column + 2, style: Style([.dim]), limit: width - 4)
  }
}
