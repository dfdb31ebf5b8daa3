import BookmarkModel
import BookmarksState
import ScreenRendering

extension BookmarksScreen {
  /// The title with the place: `Cloudy › Toolbar › Dev`, the outer folders dropped (`… ›`)
  /// when it is wider than `width`; `Cloudy › All bookmarks` for the flat list.
  static func breadcrumb(_ state: AppState, width: Int) -> String {
    let names: [String]
    switch state.place {
    case .allBookmarks: names = ["All bookmarks"]
    case .folder(let path): names = path
    }
    var parts = [state.title] + names
    var title = parts.joined(separator: " › ")
    while CellWidth.of(DisplayText.sanitize(title)) > width, parts.count > 1 {
      parts.removeFirst()
      title = (["…"] + parts).joined(separator: " › ")
    }
    return TextLayout.truncate(title, toWidth: max(1, width))
  }

  /// A folder row: `▸ Name` over what it holds.
  static func drawFolderRow(_ folder: FolderRow, isSelected: Bool, row: Int, into buffer: inout ScreenBuffer) {
    let selected: Style.Attributes = isSelected ? [.reverse] : []
    buffer.fill(row: row, column: 0, width: buffer.width - 1, height: 2, style: Style(selected))
    let width = buffer.width - 4 - 2
    buffer.write("▸", row: row, column: 2, style: Style(selected.union(.bold), role: .accent))
    buffer.write(
      TextLayout.truncate(folder.name, toWidth: width), row: row, column: 4, style: Style(selected.union(.bold)))
    buffer.write(
      TextLayout.truncate(contents(of: folder), toWidth: width), row: row + 1, column: 4,
      style: Style(selected.union(.dim)))
  }

  /// What a folder holds, as its row says it: `2 folders · 14 bookmarks`.
  static func contents(of folder: FolderRow) -> String {
    var parts: [String] = []
    if folder.folderCount > 0 {
      parts.append(folder.folderCount == 1 ? "1 folder" : "\(grouped(folder.folderCount)) folders")
    }
    parts.append(folder.bookmarkCount == 1 ? "1 bookmark" : "\(grouped(folder.bookmarkCount)) bookmarks")
    return parts.joined(separator: " · ")
  }

  /// The `m` picker: a box with what is typed on top, then a new folder (when the typed
  /// path names one) and the folders it matches (indented by depth, or as whole paths once
  /// something is typed), the chosen one
  /// highlighted and scrolled into view; an error or a hint on the last line.
  static func drawFolderPicker(_ picker: FolderPicker, into buffer: inout ScreenBuffer) {
    let width = min(buffer.width - 4, 60)
    let listHeight = max(1, min(max(1, picker.rows.count), buffer.height - 6))
    let height = listHeight + 4
    let column = (buffer.width - width) / 2
    let top = max(1, (buffer.height - height) / 2)
    let inner = width - 4
    drawBox(
      title: "Move “\(picker.subjectName)” to", row: top, column: column, width: width, height: height, into: &buffer)
    let label = "Folder "
    buffer.write(label, row: top + 1, column: column + 2, style: Style([.bold]))
    let field = column + 2 + CellWidth.of(label)
    if picker.query.characters.isEmpty {
      buffer.write("type to find, or a new path", row: top + 1, column: field, style: Style([.dim]))
    } else {
      buffer.write(
        tailOf(DisplayText.sanitize(picker.query.text), width: inner - CellWidth.of(label) - 1), row: top + 1,
        column: field, style: .plain)
    }
    buffer.cursor = ScreenBuffer.Position(
      row: top + 1, column: min(column + width - 3, field + CellWidth.of(DisplayText.sanitize(picker.query.text))))
    let first = min(max(0, picker.selection - listHeight / 2), max(0, picker.rows.count - listHeight))
    for (offset, index) in picker.rows.indices.dropFirst(first).prefix(listHeight).enumerated() {
      let row = picker.rows[index]
      let style = Style(index == picker.selection ? [.reverse] : [])
      let line = top + 2 + offset
      buffer.fill(row: line, column: column + 1, width: width - 2, height: 1, style: style)
      let text: String
      switch row {
      case .new(let path):
        text = "+ New folder “\(BookmarkOrganisation.folderText(path))”"
      case .existing(let path) where path.isEmpty:
        text = "Top level"
      case .existing(let path) where !picker.query.characters.isEmpty:
        // Found by typing: the whole path, since the folders around it are not shown.
        text = "▸ " + path.joined(separator: " › ")
      case .existing(let path):
        text = String(repeating: "  ", count: path.count - 1) + "▸ " + path[path.count - 1]
      }
      let here = row.path == picker.current ? "  (here now)" : ""
      buffer.write(TextLayout.truncate(text + here, toWidth: inner), row: line, column: column + 2, style: style)
    }
    if picker.rows.isEmpty {
      buffer.write("No folder matches.", row: top + 2, column: column + 2, style: Style([.dim]))
    }
    if let error = picker.error {
      buffer.write(
        TextLayout.truncate(error, toWidth: inner), row: top + height - 2, column: column + 2,
        style: Style([.bold], role: .danger))
    }
  }
}
