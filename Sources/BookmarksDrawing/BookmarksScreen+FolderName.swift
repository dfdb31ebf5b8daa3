import BookmarkModel
import BookmarksState
import ScreenRendering

extension BookmarksScreen {
  /// The name box of `N` and of renaming a folder: a title, the field, and an error or a
  /// hint on the last line.
  static func drawFolderNamePrompt(_ prompt: FolderNamePrompt, into buffer: inout ScreenBuffer) {
    let title: String
    switch prompt.purpose {
    case .create(let parent):
      title = parent.isEmpty ? "New folder" : "New folder in “\(parent.last!)”"
    case .rename(let path):
      title = "Rename the folder “\(path.last ?? "")”"
    }
    drawFieldPrompt(
      title: title, label: "Name ", text: prompt.field.text,
      note: prompt.error.map { ($0, Style([.bold], role: .danger)) }, maximumWidth: 60, into: &buffer)
  }

  /// The bottom line asking whether to delete a folder, saying where what it holds goes.
  static func drawDeleteFolderQuestion(_ folder: FolderRow, row: Int, into buffer: inout ScreenBuffer) {
    let danger = Style([.bold], role: .danger)
    buffer.fill(row: row, column: 0, width: buffer.width, height: 1, style: danger)
    let name = TextLayout.truncate(folder.name, toWidth: max(8, buffer.width / 3))
    let parent = FolderRow.folderName(Array(folder.path.dropLast()))
    let held =
      folder.bookmarkCount + folder.folderCount == 0
      ? "It is empty."
      : "Its \(contents(of: folder)) go to \(parent)."
    buffer.write(
      "Delete the folder “\(name)”? \(held) Press y to delete.", row: row, column: 1, style: danger,
      limit: buffer.width - 2)
  }
}
