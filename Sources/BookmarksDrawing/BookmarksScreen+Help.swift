import BookmarksState
import ScreenRendering

extension BookmarksScreen {
  /// One line of the help: keys and what they do; a heading has no summary.
  typealias HelpLine = (label: String, summary: String)

  /// The help's columns: the list's keys and the filter's on the left; the folders' and
  /// every other screen's table (dialog, Resolve, Recently Deleted, shelf, mouse) on the
  /// right; one column when the window is narrower than 80 columns. Opened in a room, that
  /// room's table comes first, at the top of the left column. Taller than the window, the
  /// help scrolls.
  private static func helpColumns(width: Int, room: HelpRoom?) -> [[HelpLine]] {
    let organise = KeyBindings.list.filter { KeyBindings.organiseCommands.contains($0.command) }
    let list = KeyBindings.list.filter { !KeyBindings.organiseCommands.contains($0.command) }
    func section(_ heading: String, _ keys: [ScreenKey]) -> [HelpLine] {
      [(heading, "")] + keys.map { ($0.label, $0.summary) }
    }
    var left: [HelpLine] = list.map { ($0.label, $0.summary) }
    var right: [HelpLine] = [("Organise and share", "")] + organise.map { ($0.label, $0.summary) }
    for (heading, keys) in KeyBindings.screens {
      if heading == room?.heading {
        left = section(heading, keys) + [("", "")] + left
      } else if heading == "In the filter" {
        left += section(heading, keys)
      } else {
        right += section(heading, keys)
      }
    }
    let columns = width >= 80 ? [left, right] : [left + [("", "")] + right]
    let columnWidth = helpColumnWidth(width: width, count: columns.count)
    return columns.map { wrapped($0, summaryWidth: columnWidth - helpLabelWidth($0)) }
  }

  /// The help box's width, and each column's inside it.
  private static func helpBoxWidth(width: Int) -> Int { width >= 80 ? 76 : min(width - 4, 56) }

  private static func helpColumnWidth(width: Int, count: Int) -> Int {
    (helpBoxWidth(width: width) - 4 - 2 * (count - 1)) / count
  }

  /// The width of a column's labels: its widest (headings aside) and two spaces, at most 16.
  private static func helpLabelWidth(_ lines: [HelpLine]) -> Int {
    min(16, (lines.filter { !$0.summary.isEmpty }.map { CellWidth.of($0.label) }.max() ?? 0) + 2)
  }

  /// A summary too wide for its column goes on, between words, on lines with no label.
  private static func wrapped(_ lines: [HelpLine], summaryWidth: Int) -> [HelpLine] {
    lines.flatMap { line -> [HelpLine] in
      guard !line.summary.isEmpty, CellWidth.of(line.summary) > summaryWidth else { return [line] }
      let parts = wrap(line.summary, width: max(1, summaryWidth))
      return [(line.label, parts[0])] + parts.dropFirst().map { ("", $0) }
    }
  }

  /// How many lines of help fit inside the box at this size.
  package static func helpPageHeight(_ size: ScreenSize, room: HelpRoom? = nil) -> Int {
    let tallest = helpColumns(width: size.columns, room: room).map(\.count).max() ?? 0
    // The box: its borders and the footer line around the page.
    return max(1, min(size.rows - 2, tallest + 3) - 3)
  }

  /// How far the help can scroll: the lines that do not fit.
  package static func helpScrollLimit(_ size: ScreenSize, room: HelpRoom? = nil) -> Int {
    let tallest = helpColumns(width: size.columns, room: room).map(\.count).max() ?? 0
    return max(0, tallest - helpPageHeight(size, room: room))
  }

  /// The help overlay, generated from ``KeyBindings``; when it is taller than the window it
  /// scrolls (`scroll` lines down) and its last line says how.
  static func drawHelp(scroll: Int, size: ScreenSize, room: HelpRoom?, into buffer: inout ScreenBuffer) {
    let columns = helpColumns(width: buffer.width, room: room)
    let width = helpBoxWidth(width: buffer.width)
    let page = helpPageHeight(size, room: room)
    let limit = helpScrollLimit(size, room: room)
    let offset = min(max(0, scroll), limit)
    let height = page + 3
    let column = (buffer.width - width) / 2
    let row = max(1, (buffer.height - height) / 2)
    drawBox(title: "Keys", row: row, column: column, width: width, height: height, into: &buffer)
    let columnWidth = helpColumnWidth(width: buffer.width, count: columns.count)
    for (index, lines) in columns.enumerated() {
      let left = column + 2 + index * (columnWidth + 2)
      let labelWidth = helpLabelWidth(lines)
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
    // The longest footer that fits, so it is never cut mid-word.
    let shown = "\(offset + page)/\(page + limit)"
    let footers =
      limit == 0
      ? ["Press any key to close.", "Any key closes."]
      : ["↑↓ PgUp PgDn scroll (\(shown)) · any other key closes", "↑↓ \(shown) · other keys close", "↑↓ \(shown)"]
    let footer = footers.first { CellWidth.of($0) <= width - 4 } ?? footers[footers.count - 1]
    buffer.write(footer, row: row + height - 2, column: column + 2, style: Style([.dim]), limit: width - 4)
  }
}
