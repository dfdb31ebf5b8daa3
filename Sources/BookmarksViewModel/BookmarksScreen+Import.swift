import BookmarkModel
import ScreenRendering

extension BookmarksScreen {
  /// The box of `I`: a title, the file's path, and an error or what is happening.
  static func drawImportPrompt(_ prompt: ImportPrompt, into buffer: inout ScreenBuffer) {
    let width = min(buffer.width - 4, 76)
    let height = 5
    let column = (buffer.width - width) / 2
    let top = max(1, (buffer.height - height) / 2)
    let inner = width - 4
    drawBox(title: "Import bookmarks", row: top, column: column, width: width, height: height, into: &buffer)
    let label = "File "
    buffer.write(label, row: top + 1, column: column + 2, style: Style([.bold]))
    let field = column + 2 + CellWidth.of(label)
    let shown = tailOf(DisplayText.sanitize(prompt.field.text), width: inner - CellWidth.of(label) - 1)
    buffer.write(shown, row: top + 1, column: field, style: .plain)
    buffer.cursor = ScreenBuffer.Position(row: top + 1, column: min(column + width - 3, field + CellWidth.of(shown)))
    let (note, style): (String, Style) =
      if let error = prompt.error {
        (error, Style([.bold], role: .danger))
      } else if prompt.isReading {
        ("Reading…", Style([.dim]))
      } else {
        ("A bookmarks.html or a Cloudy JSON export; one step u takes back.", Style([.dim]))
      }
    buffer.write(
      TextLayout.truncate(DisplayText.sanitize(note), toWidth: inner), row: top + 3, column: column + 2, style: style)
  }
}
