import BookmarksState
import Foundation
import ScreenRendering

/// The reader, over the whole window: the page's title on the top bar, its wrapped text with
/// the last search's matches highlighted, and a bottom line with where it is and its keys (or
/// the search or link number being typed).
extension BookmarksScreen {
  static func drawReader(_ reader: ReaderView, message: StatusMessage?, into buffer: inout ScreenBuffer) {
    buffer.fill(row: 0, column: 0, width: buffer.width, height: buffer.height, style: .plain)
    buffer.fill(row: 0, column: 0, width: buffer.width, height: 1, style: barStyle)
    let title = reader.page?.title ?? reader.bookmark.name
    let shown = TextLayout.truncate(title, toWidth: max(1, buffer.width - 2))
    buffer.write(
      shown, row: 0, column: TextLayout.centred(width: CellWidth.of(shown), in: buffer.width),
      style: barStyle.adding(.bold))
    let height = max(1, buffer.height - 2)
    if let error = reader.error {
      buffer.write(error, row: 2, column: 1, style: .plain, limit: buffer.width - 2)
    } else if reader.page == nil {
      buffer.write("Reading the kept page…", row: 2, column: 1, style: Style([.dim]), limit: buffer.width - 2)
    } else {
      for (offset, line) in reader.lines.dropFirst(reader.top).prefix(height).enumerated() {
        drawReaderLine(line, query: reader.query, row: 1 + offset, into: &buffer)
      }
    }
    drawReaderBottomLine(reader, message: message, into: &buffer)
  }

  private static func drawReaderLine(_ line: String, query: String?, row: Int, into buffer: inout ScreenBuffer) {
    let style: Style = line.hasPrefix("#") ? Style([.bold]) : .plain
    guard let query, !query.isEmpty, ReaderView.range(of: query, in: line) != nil else {
      buffer.write(line, row: row, column: 1, style: style, limit: buffer.width - 2)
      return
    }
    // Each match in reverse video, the text around it as it is.
    let limit = buffer.width - 1
    var column = 1
    var start = line.startIndex
    while start < line.endIndex, column < limit,
      let match = line.range(of: query, options: ReaderView.matching, range: start..<line.endIndex), !match.isEmpty
    {
      column += buffer.write(
        String(line[start..<match.lowerBound]), row: row, column: column, style: style, limit: limit - column)
      guard column < limit else { return }
      column += buffer.write(
        String(line[match]), row: row, column: column, style: style.adding(.reverse), limit: limit - column)
      start = match.upperBound
    }
    if column < limit {
      buffer.write(String(line[start...]), row: row, column: column, style: style, limit: limit - column)
    }
  }

  private static func drawReaderBottomLine(
    _ reader: ReaderView, message: StatusMessage?, into buffer: inout ScreenBuffer
  ) {
    let row = buffer.height - 1
    buffer.fill(row: row, column: 0, width: buffer.width, height: 1, style: barStyle)
    if let field = reader.searchField {
      buffer.write("Search the page: " + field.text, row: row, column: 1, style: barStyle, limit: buffer.width - 2)
      return
    }
    if let field = reader.linkField {
      let count = reader.page?.links.count ?? 0
      buffer.write(
        "Open link number (1–\(count)): " + field.text, row: row, column: 1, style: barStyle,
        limit: buffer.width - 2)
      return
    }
    let hints = "/ search · o link · q back"
    if let message {
      buffer.write(
        message.text, row: row, column: 1, style: message.isError ? Style([.bold], role: .danger) : barStyle,
        limit: buffer.width - 2)
      return
    }
    var left = reader.page.map { "\(day($0.fetched)) · \($0.url)" } ?? reader.bookmark.url
    if !reader.lines.isEmpty {
      let height = max(1, buffer.height - 2)
      let percent = reader.lines.count <= height ? 100 : min(100, (reader.top + height) * 100 / reader.lines.count)
      left = "\(percent)% · " + left
    }
    let hintWidth = CellWidth.of(hints)
    let room = buffer.width - 2 - hintWidth - 2
    if room > 8 {
      buffer.write(left, row: row, column: 1, style: barStyle, limit: room)
      buffer.write(hints, row: row, column: buffer.width - 1 - hintWidth, style: barStyle)
    } else {
      buffer.write(left, row: row, column: 1, style: barStyle, limit: buffer.width - 2)
    }
  }

  /// A date as the reader's bottom line says it: `2026-11-28`.
  private static func day(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    return formatter.string(from: date)
  }
}
