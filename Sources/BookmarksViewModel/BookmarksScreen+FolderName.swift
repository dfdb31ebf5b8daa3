import BookmarkModel
import ScreenRendering

extension BookmarksScreen {
  /// The name box of `N` and of renaming a folder: a title, the field, and an error or a
  /// hint on the last line.
  static func drawFolderNamePrompt(_ prompt: FolderNamePrompt, into buffer: inout ScreenBuffer) {
    let width = min(buffer.width - 4, 60)
    let height = 5
    let column = (buffer.width - width) / 2
    let top = max(1, (buffer.height - height) / 2)
    let inner = width - 4
    let title: String
    switch prompt.purpose {
    case .create(let parent):
      title = parent.isEmpty ? "New folder" : "New folder in “\(parent.last!)”"
    case .rename(let path):
      title = "Rename the folder “\(path.last ?? "")”"
    }
    drawBox(title: title, row: top, column: column, width: width, height: height, into: &buffer)
    let label = "Name "
    buffer.write(label, row: top + 1, column: column + 2, style: Style([.bold]))
    let field = column + 2 + CellWidth.of(label)
    let shown = tailOf(DisplayText.sanitize(prompt.field.text), width: inner - CellWidth.of(label) - 1)
    buffer.write(shown, row: top + 1, column: field, style: .plain)
    buffer.cursor = ScreenBuffer.Position(
      row: top + 1, column: min(column + width - 3, field + CellWidth.of(shown)))
    if let error = prompt.error {
      buffer.write(
        TextLayout.truncate(error, toWidth: inner), row: top + 3, column: column + 2,
        style: Style([.bold], role: .danger))
    }
  }

  /// The bottom line asking whether to delete a folder, saying where what it holds goes.
  static func drawDeleteFolderQuestion(_ folder: FolderRow, row: Int, into buffer: inout ScreenBuffer) {
    let danger = Style([.bold], role: .danger)
    buffer.fill(row: row, column: 0, width: buffer.width, height: 1, style: danger)
    let name = TextLayout.truncate(folder.name, toWidth: max(8, buffer.width / 3))
    let parent = BookmarksViewModel.folderName(Array(folder.path.dropLast()))
    let held =
      folder.bookmarkCount + folder.folderCount == 0
      ? "It is empty."
      : "Its \(contents(of: folder)) go to \(parent)."
    buffer.write(
      "Delete the folder “\(name)”? \(held) Press y to delete.", row: row, column: 1, style: danger,
      limit: buffer.width - 2)
  }
}
