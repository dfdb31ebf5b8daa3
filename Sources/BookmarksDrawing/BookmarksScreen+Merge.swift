import BookmarkModel
import BookmarkStoreInterface
import BookmarksState
import ScreenRendering

extension BookmarksScreen {
  /// Cells of a merge row's source column (`this device`, `server · home`, `all, united`).
  static let mergeSourceWidth = 18

  /// Draws the merge: one row per field with the value taken and the version it comes
  /// from, the chosen field highlighted, then a preview of the bookmark Enter saves.
  static func drawMergeDialog(
    _ dialog: ResolveDialog, _ merge: ConflictMerge, into buffer: inout ScreenBuffer
  ) {
    let versions = dialog.versions ?? []
    let width = min(buffer.width - 4, 72)
    let height = min(buffer.height - 2, 16)
    let column = (buffer.width - width) / 2
    let row = max(1, (buffer.height - height) / 2)
    let name = dialog.bookmark.name.isEmpty ? "(no name)" : dialog.bookmark.name
    drawBox(title: "Merge “\(name)”", row: row, column: column, width: width, height: height, into: &buffer)
    let inner = column + 2
    let innerWidth = width - 4
    buffer.write(
      "Take each field from one version; tags can be united.", row: row + 1, column: inner, style: .plain,
      limit: innerWidth)

    let merged = merge.merged(versions)
    let footerRow = row + height - 2
    let labelWidth = 8
    let valueColumn = inner + 2 + labelWidth
    // On a narrow screen the values get the room, and the source column goes.
    let showsSource = innerWidth >= 48
    let sourceColumn = showsSource ? inner + innerWidth - mergeSourceWidth : inner + innerWidth + 1
    let valueWidth = max(1, sourceColumn - 1 - valueColumn)
    // On a short screen the chosen field stays in view; the preview shows what room is left.
    let fieldRows = max(1, min(ConflictMerge.Field.allCases.count, footerRow - row - 3))
    let firstField = max(0, min(merge.field.rawValue - fieldRows + 1, ConflictMerge.Field.allCases.count - fieldRows))
    for (offset, field) in ConflictMerge.Field.allCases.dropFirst(firstField).prefix(fieldRows).enumerated() {
      let line = row + 3 + offset
      guard line < footerRow else { break }
      let isChosen = field == merge.field
      let source = merge.source(of: field, in: versions)
      buffer.write(isChosen ? "▸ " : "  ", row: line, column: inner, style: Style([.bold]))
      buffer.write(field.label, row: line, column: inner + 2, style: Style(isChosen ? [.reverse, .bold] : [.bold]))
      let value = merged.map { mergeValue(field, of: $0) } ?? ""
      // ‹ › mark a field that can be taken from another version.
      let shown = source == nil ? "  " + value : "‹ " + value
      let text = TextLayout.truncate(shown, toWidth: valueWidth - (source == nil ? 0 : 2))
      let written = buffer.write(text, row: line, column: valueColumn, style: .plain, limit: valueWidth)
      if source != nil { buffer.write(" ›", row: line, column: valueColumn + written, style: .plain) }
      let from: String =
        switch source {
        case nil: "same in all"
        case let index? where versions.indices.contains(index):
          versions[index].isThisDevice ? "this device" : versions[index].device
        default: "all, united"
        }
      if showsSource {
        buffer.write(
          TextLayout.truncate(from, toWidth: mergeSourceWidth), row: line, column: sourceColumn, style: Style([.dim]))
      }
    }

    let previewRow = row + 3 + fieldRows + 1
    if let merged, previewRow + 1 < footerRow {
      buffer.write("Enter saves:", row: previewRow, column: inner, style: Style([.dim]))
      let textWidth = innerWidth - 2
      let title = merged.name.isEmpty ? "(no name)" : merged.name
      let tags = merged.tags.map { "#" + $0 }.joined(separator: " ")
      let lines: [(String, Style)] = [
        (TextLayout.truncate(title, toWidth: textWidth), Style([.bold])),
        (urlLine(merged, width: textWidth), .plain),
        (TextLayout.truncate(tags, toWidth: textWidth), .plain),
        (TextLayout.truncate(firstLine(merged.notes), toWidth: textWidth), Style([.dim])),
      ]
      for (offset, (text, style)) in lines.filter({ !$0.0.isEmpty }).enumerated()
      where previewRow + 1 + offset < footerRow {
        buffer.write(text, row: previewRow + 1 + offset, column: inner + 2, style: style)
      }
    }

    if let error = dialog.error {
      buffer.write(error, row: footerRow, column: inner, style: Style([.bold], role: .danger), limit: innerWidth)
    } else if dialog.isResolving {
      buffer.write("Saving the merge…", row: footerRow, column: inner, style: Style([.dim]), limit: innerWidth)
    }
  }

  /// A field's value on one line, as the merge rows show it.
  static func mergeValue(_ field: ConflictMerge.Field, of bookmark: Bookmark) -> String {
    switch field {
    case .name: bookmark.name.isEmpty ? "(no name)" : bookmark.name
    case .url: bookmark.url
    case .folder: bookmark.folder.isEmpty ? "(top level)" : bookmark.folder.joined(separator: " › ")
    case .tags: bookmark.tags.isEmpty ? "(none)" : bookmark.tags.map { "#" + $0 }.joined(separator: " ")
    case .notes: bookmark.notes.isEmpty ? "(none)" : firstLine(bookmark.notes)
    }
  }

  /// The first line of notes, with ` …` when more follow (they are saved too).
  private static func firstLine(_ text: String) -> String {
    let first = text.prefix { $0 != "\n" && $0 != "\r" }
    let more = text.dropFirst(first.count).contains { !$0.isWhitespace }
    return String(first) + (more ? " …" : "")
  }
}
