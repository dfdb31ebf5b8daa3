import BookmarkModel
import BookmarksState
import ScreenRendering

extension BookmarksScreen {
  /// The bottom line while a filter is typed or kept: `/swi · 12 of 100,000` (with the
  /// cursor after the query while it is typed), or `/swi · 3/12 of 100,000` once kept, and
  /// the filter's key hint on the right.
  static func drawFilterLine(
    _ state: AppState, _ filter: ListFilter, hints: [String], row: Int, into buffer: inout ScreenBuffer
  ) {
    let total = grouped(state.bookmarks.count)
    let count =
      filter.isWaitingForIndex
      ? "indexing \(total)…"
      : filter.isTyping || filter.matches.isEmpty
        ? "\(grouped(filter.matches.count)) of \(total)"
        : "\(state.selection + 1)/\(grouped(filter.matches.count)) of \(total)"
    let tail = " · " + count
    let hint = hints.first { CellWidth.of("/" + tail) + 12 + CellWidth.of($0) + 4 <= buffer.width } ?? ""
    let hintWidth = CellWidth.of(hint)
    let available = buffer.width - 2 - (hint.isEmpty ? 0 : hintWidth + 2)
    // The query gets what the count leaves; a long one shows its end, where the typing is.
    let queryWidth = max(1, available - 1 - CellWidth.of(tail))
    let query = tailOf(DisplayText.sanitize(filter.query.text), width: queryWidth - (filter.isTyping ? 1 : 0))
    let column = buffer.write("/" + query, row: row, column: 1, style: barStyle.adding(.bold))
    if filter.isTyping { buffer.cursor = ScreenBuffer.Position(row: row, column: 1 + column) }
    let written = buffer.write(tail, row: row, column: 1 + column, style: barStyle, limit: max(0, available - column))
    // While a `#tag` is typed: the tags that complete it, in the room left (`→` takes the first).
    if filter.isTyping, !filter.tagSuggestions.isEmpty {
      let suggestions = " · " + filter.tagSuggestions.map { "#" + $0 }.joined(separator: " ")
      buffer.write(
        suggestions, row: row, column: 1 + column + written, style: barStyle.adding(.dim),
        limit: max(0, available - column - written))
    }
    if !hint.isEmpty { buffer.write(hint, row: row, column: buffer.width - 1 - hintWidth, style: barStyle) }
  }

  /// A count with thousands separators: `100,000`.
  static func grouped(_ number: Int) -> String { NumberText.grouped(number) }

  /// The end of a text that fits in `width` cells, after `…` when it had to be cut.
  static func tailOf(_ text: String, width: Int) -> String {
    guard CellWidth.of(text) > width else { return text }
    var result = ""
    for character in text.reversed() {
      let candidate = String(character) + result
      if CellWidth.of(candidate) + 1 > width { break }
      result = candidate
    }
    return "…" + result
  }
}
