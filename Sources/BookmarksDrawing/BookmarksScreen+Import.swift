import BookmarkModel
import BookmarksState
import ScreenRendering

extension BookmarksScreen {
  /// The box of `I`: a title, the file's path, and an error or what is happening.
  static func drawImportPrompt(_ prompt: ImportPrompt, into buffer: inout ScreenBuffer) {
    if let preview = prompt.preview {
      drawImportPreview(preview, path: prompt.field.text, into: &buffer)
      return
    }
    let note: (String, Style) =
      if let error = prompt.error {
        (error, Style([.bold], role: .danger))
      } else if prompt.isReading {
        ("Reading…", Style([.dim]))
      } else {
        ("A bookmarks.html or a Cloudy JSON export; one step u takes back.", Style([.dim]))
      }
    drawFieldPrompt(
      title: "Import bookmarks", label: "File ", text: prompt.field.text, note: note, maximumWidth: 76, into: &buffer)
  }

  /// The file read, before it is imported: the counts, the first skipped entries and their
  /// reasons, and what Enter and Esc do.
  private static func drawImportPreview(_ file: ImportedFile, path: String, into buffer: inout ScreenBuffer) {
    let reasons = Array(file.skippedReasons.prefix(3))
    let more = file.skipped - reasons.count
    var lines: [(String, Style)] = [("File " + path, .plain), ("", .plain), (preview(file), .plain)]
    lines += reasons.map { ("  " + $0, Style([.dim])) }
    if more > 0, !reasons.isEmpty { lines.append(("  and \(NumberText.grouped(more)) more", Style([.dim]))) }
    // As the command line's report says it.
    if file.nonWeb > 0 {
      let count = file.nonWeb == 1 ? "1 bookmark" : "\(NumberText.grouped(file.nonWeb)) bookmarks"
      lines.append(("\(count) with a non-web URL (javascript:, file:, …) kept as text, never opened", .plain))
    }
    lines += [("", .plain), ("Enter imports them, as one step u takes back; Esc cancels.", Style([.dim]))]
    let width = min(buffer.width - 4, 76)
    let height = min(buffer.height - 2, lines.count + 2)
    let column = (buffer.width - width) / 2
    let top = max(1, (buffer.height - height) / 2)
    drawBox(title: "Import bookmarks", row: top, column: column, width: width, height: height, into: &buffer)
    for (index, line) in lines.prefix(height - 2).enumerated() {
      buffer.write(
        TextLayout.truncate(DisplayText.sanitize(line.0), toWidth: width - 4), row: top + 1 + index,
        column: column + 2, style: line.1)
    }
  }

  /// What a file brings, as `cloudy import --dry-run` counts it: "2 to import · 1 already
  /// here · 2 skipped".
  static func preview(_ file: ImportedFile) -> String {
    var parts = ["\(NumberText.grouped(file.additions.count)) to import"]
    if !file.folders.isEmpty {
      let count = file.folders.count
      parts.append(count == 1 ? "1 empty folder" : "\(NumberText.grouped(count)) empty folders")
    }
    if file.duplicates > 0 { parts.append("\(NumberText.grouped(file.duplicates)) already here") }
    if file.repeats > 0 { parts.append("\(NumberText.grouped(file.repeats)) repeated in the file") }
    if file.skipped > 0 { parts.append("\(NumberText.grouped(file.skipped)) skipped") }
    return parts.joined(separator: " · ")
  }
}
