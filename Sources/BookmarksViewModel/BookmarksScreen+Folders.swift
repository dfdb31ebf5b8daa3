import BookmarkModel
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

  /// The `m` picker: a box listing the top level and every folder, indented by depth, the
  /// chosen one highlighted and scrolled into view.
  static func drawFolderPicker(_ picker: FolderPicker, into buffer: inout ScreenBuffer) {
    let width = min(buffer.width - 4, 60)
    let listHeight = max(1, min(picker.destinations.count, buffer.height - 4))
    let height = listHeight + 2
    let column = (buffer.width - width) / 2
    let top = max(1, (buffer.height - height) / 2)
    let name = picker.bookmark.name.isEmpty ? "(no name)" : picker.bookmark.name
    drawBox(title: "Move “\(name)” to", row: top, column: column, width: width, height: height, into: &buffer)
    let first = min(max(0, picker.selection - listHeight / 2), max(0, picker.destinations.count - listHeight))
    for (offset, index) in picker.destinations.indices.dropFirst(first).prefix(listHeight).enumerated() {
      let path = picker.destinations[index]
      let style = Style(index == picker.selection ? [.reverse] : [])
      let line = top + 1 + offset
      buffer.fill(row: line, column: column + 1, width: width - 2, height: 1, style: style)
      let label =
        path.isEmpty ? "Top level" : String(repeating: "  ", count: path.count - 1) + "▸ " + path[path.count - 1]
      let here = path == picker.bookmark.folder ? "  (here now)" : ""
      buffer.write(TextLayout.truncate(label + here, toWidth: width - 4), row: line, column: column + 2, style: style)
    }
  }
}
