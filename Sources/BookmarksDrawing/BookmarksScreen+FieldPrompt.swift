import BookmarkModel
import ScreenRendering

extension BookmarksScreen {
  /// A box of one text field (a folder's name, a file to import): the title, `label` and the
  /// field's text with the cursor after it, and a note on the last lines (an error, a hint),
  /// wrapped between words: the box grows to show it whole.
  static func drawFieldPrompt(
    title: String, label: String, text: String, note: (text: String, style: Style)?, maximumWidth: Int,
    into buffer: inout ScreenBuffer
  ) {
    let width = min(buffer.width - 4, maximumWidth)
    let inner = width - 4
    let noteLines = note.map { wrap(DisplayText.sanitize($0.text), width: inner) } ?? [""]
    let shownNotes = noteLines.prefix(max(1, buffer.height - 6))
    let height = 4 + shownNotes.count
    let column = (buffer.width - width) / 2
    let top = max(1, (buffer.height - height) / 2)
    drawBox(title: title, row: top, column: column, width: width, height: height, into: &buffer)
    buffer.write(label, row: top + 1, column: column + 2, style: Style([.bold]))
    let field = column + 2 + CellWidth.of(label)
    let shown = tailOf(DisplayText.sanitize(text), width: inner - CellWidth.of(label) - 1)
    buffer.write(shown, row: top + 1, column: field, style: .plain)
    buffer.cursor = ScreenBuffer.Position(row: top + 1, column: min(column + width - 3, field + CellWidth.of(shown)))
    if let note {
      for (offset, line) in shownNotes.enumerated() {
        buffer.write(line, row: top + 3 + offset, column: column + 2, style: note.style)
      }
    }
  }
}
