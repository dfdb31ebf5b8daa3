import ScreenRendering

extension BookmarksScreen {
  /// One line of the help: keys and what they do; a heading has no summary.
  typealias HelpLine = (label: String, summary: String)

  /// The help overlay, generated from ``KeyBindings``: the list's keys on the left, the
  /// dialog's, the filter's and the mouse's on the right; one column (cut to what fits)
  /// when the window is narrower than 80 columns.
  static func drawHelp(into buffer: inout ScreenBuffer) {
    let left: [HelpLine] = KeyBindings.list.map { ($0.label, $0.summary) }
    let right: [HelpLine] =
      [("In the dialog", "")] + KeyBindings.dialogHelp + [("", ""), ("While filtering", "")]
      + KeyBindings.filterHelp + [("", ""), ("Mouse", "")] + KeyBindings.mouseHelp
    let twoColumns = buffer.width >= 80
    let columns: [[HelpLine]] = twoColumns ? [left, right] : [left + [("", "")] + right]
    let width = twoColumns ? 76 : min(buffer.width - 4, 56)
    let tallest = columns.map(\.count).max() ?? 0
    let height = min(buffer.height - 2, tallest + 4)
    let column = (buffer.width - width) / 2
    let row = max(1, (buffer.height - height) / 2)
    drawBox(title: "Keys", row: row, column: column, width: width, height: height, into: &buffer)
    let columnWidth = (width - 4 - 2 * (columns.count - 1)) / columns.count
    for (index, lines) in columns.enumerated() {
      let left = column + 2 + index * (columnWidth + 2)
      let labelWidth = min(16, (lines.map { CellWidth.of($0.label) }.max() ?? 0) + 2)
      for (offset, line) in lines.prefix(height - 4).enumerated() {
        let y = row + 1 + offset
        if line.summary.isEmpty {
          buffer.write(line.label, row: y, column: left, style: Style([.bold, .underline]), limit: columnWidth)
          continue
        }
        buffer.write(line.label, row: y, column: left, style: Style([.bold]), limit: labelWidth)
        buffer.write(
          line.summary, row: y, column: left + labelWidth, style: .plain, limit: columnWidth - labelWidth)
      }
    }
    buffer.write(
      "Press any key to close.", row: row + height - 2, column: column + 2, style: Style([.dim]), limit: width - 4)
  }
}
