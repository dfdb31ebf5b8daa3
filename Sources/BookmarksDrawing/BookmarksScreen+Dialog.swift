import BookmarksState
import ScreenRendering

extension BookmarksScreen {
  /// Draws a framed box with a title in its top border and clears its inside.
  static func drawBox(title: String, row: Int, column: Int, width: Int, height: Int, into buffer: inout ScreenBuffer) {
    let style = Style.plain
    buffer.fill(row: row, column: column, width: width, height: height, style: style)
    for c in column + 1..<column + width - 1 {
      buffer.draw(.horizontal, row: row, column: c, style: style)
      buffer.draw(.horizontal, row: row + height - 1, column: c, style: style)
    }
    for r in row + 1..<row + height - 1 {
      buffer.draw(.vertical, row: r, column: column, style: style)
      buffer.draw(.vertical, row: r, column: column + width - 1, style: style)
    }
    buffer.draw(.topLeft, row: row, column: column, style: style)
    buffer.draw(.topRight, row: row, column: column + width - 1, style: style)
    buffer.draw(.bottomLeft, row: row + height - 1, column: column, style: style)
    buffer.draw(.bottomRight, row: row + height - 1, column: column + width - 1, style: style)
    let label = " \(TextLayout.truncate(title, toWidth: width - 6)) "
    buffer.write(
      label, row: row, column: column + TextLayout.centred(width: CellWidth.of(label), in: width),
      style: Style([.bold]))
  }

  static func drawDialog(_ dialog: BookmarkDialog, into buffer: inout ScreenBuffer) {
    let width = min(buffer.width - 4, 72)
    let fields: [(label: String, field: TextField, focus: BookmarkDialog.Focus, placeholder: String)] = [
      ("Name", dialog.name, .name, namePlaceholder(dialog)),
      ("URL", dialog.url, .url, "<for example www.example.com>"),
      ("Folder", dialog.folder, .folder, "<none; for example Toolbar/Dev>"),
      ("Tags", dialog.tags, .tags, "<none; for example rust tech>"),
      ("Notes", dialog.notes, .notes, "<none>"),
    ]
    // An error gets up to three lines (a quota refusal explains the way out), and the
    // dialog grows by the lines beyond the first. A window too short for the blank rows
    // around the fields gets the dialog without them.
    var errorLines = dialog.error.map { wrap(DisplayText.sanitize($0), width: width - 4) } ?? []
    let roomy = buffer.height >= 8 + fields.count + max(1, errorLines.count)
    let blank = roomy ? 1 : 0
    let fixedRows = 3 + fields.count + 3 * blank
    let errorRoom = max(1, min(3, buffer.height - 1 - fixedRows))
    if errorLines.count > errorRoom {
      errorLines = Array(errorLines.prefix(errorRoom))
      errorLines[errorRoom - 1] = TextLayout.truncate(errorLines[errorRoom - 1] + " …", toWidth: width - 4)
    }
    let height = fixedRows + max(1, errorLines.count)
    let column = (buffer.width - width) / 2
    let row = max(1, (buffer.height - height) / 2)
    drawBox(title: dialog.title, row: row, column: column, width: width, height: height, into: &buffer)

    let labelColumn = column + 2
    let fieldColumn = labelColumn + 7
    let fieldWidth = column + width - 2 - fieldColumn
    let fieldsTop = row + 1 + blank
    for (offset, item) in fields.enumerated() {
      let fieldRow = fieldsTop + offset
      let isFocused = dialog.focus == item.focus
      buffer.write(item.label, row: fieldRow, column: labelColumn, style: Style(isFocused ? [.bold] : []))
      let cursor = drawField(
        item.field, placeholder: item.placeholder, row: fieldRow, column: fieldColumn, width: fieldWidth, into: &buffer)
      if isFocused {
        buffer.cursor = cursor
        // The suggestion, dim after the cursor; → takes it.
        if let suggestion = dialog.suggestion, cursor.column < fieldColumn + fieldWidth - 1 {
          buffer.write(
            suggestion, row: fieldRow, column: cursor.column, style: Style([.underline, .dim]),
            limit: fieldColumn + fieldWidth - cursor.column)
        }
      }
    }

    let errorTop = fieldsTop + fields.count + blank
    if !errorLines.isEmpty {
      for (offset, line) in errorLines.enumerated() {
        buffer.write(line, row: errorTop + offset, column: labelColumn, style: Style([.bold], role: .danger))
      }
    } else if dialog.isSaving {
      buffer.write("Saving…", row: errorTop, column: labelColumn, style: Style([.dim]))
    }

    let save = "[ Save ]"
    let cancel = "[ Cancel ]"
    let buttonsRow = row + height - 2
    let saveColumn = column + width - 2 - CellWidth.of(save)
    let cancelColumn = saveColumn - 2 - CellWidth.of(cancel)
    buffer.write(cancel, row: buttonsRow, column: cancelColumn, style: Style(dialog.focus == .cancel ? [.reverse] : []))
    buffer.write(
      save, row: buttonsRow, column: saveColumn, style: Style(dialog.focus == .save ? [.reverse, .bold] : [.bold]))
  }

  /// What an empty Name says: that the page's title is on its way, or what an empty name
  /// becomes.
  private static func namePlaceholder(_ dialog: BookmarkDialog) -> String {
    guard let fetch = dialog.titleFetch else { return "<the host, if left empty>" }
    return fetch.isFetching ? "fetching title…" : "<the host, if left empty>"
  }

  /// Draws a text field (underlined), scrolled so the cursor is visible, and returns
  /// where the cursor goes.
  static func drawField(
    _ field: TextField, placeholder: String, row: Int, column: Int, width: Int, into buffer: inout ScreenBuffer
  ) -> ScreenBuffer.Position {
    buffer.fill(row: row, column: column, width: width, height: 1, style: Style([.underline]))
    if field.characters.isEmpty {
      buffer.write(
        TextLayout.truncate(placeholder, toWidth: width), row: row, column: column, style: Style([.underline, .dim]))
      return ScreenBuffer.Position(row: row, column: column)
    }
    // Scroll: start at the first character that keeps the cursor within the field,
    // leaving its last cell for the cursor itself.
    // One string per grapheme: sanitizing can turn one grapheme into two (CR LF → ␍␊).
    let shown = field.characters.map { DisplayText.sanitize(String($0)) }
    var start = 0
    var cursorColumn = shown[..<field.cursor].reduce(0) { $0 + CellWidth.of($1) }
    while cursorColumn > width - 1, start < field.cursor {
      cursorColumn -= CellWidth.of(shown[start])
      start += 1
    }
    buffer.write(shown[start...].joined(), row: row, column: column, style: Style([.underline]), limit: width)
    return ScreenBuffer.Position(row: row, column: column + cursorColumn)
  }
}
