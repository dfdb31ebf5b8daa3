import BookmarkModel
import BookmarksState
import Foundation
import ScreenRendering

extension BookmarksScreen {
  /// Rows one deleted bookmark takes: its name, its folder and URL, and when and where it
  /// was deleted.
  package static let deletedBlockHeight = 3

  /// Where the Recently Deleted box goes in a window of this size: nearly all of it.
  package static func recentlyDeletedBox(_ size: ScreenSize) -> (row: Int, column: Int, width: Int, height: Int) {
    let width = min(size.columns - 4, 76)
    return (1, (size.columns - width) / 2, width, max(6, size.rows - 2))
  }

  /// Draws Recently Deleted: each bookmark as a block, newest first, the chosen one marked
  /// and scrolled into view; a footer with the error, what is happening or where the list is.
  static func drawRecentlyDeleted(
    _ view: RecentlyDeletedView, _ deleted: [DeletedBookmark], timeZone: TimeZone, into buffer: inout ScreenBuffer
  ) {
    let box = recentlyDeletedBox(ScreenSize(columns: buffer.width, rows: buffer.height))
    let title = deleted.isEmpty ? "Recently Deleted" : "Recently Deleted · \(grouped(deleted.count))"
    drawBox(title: title, row: box.row, column: box.column, width: box.width, height: box.height, into: &buffer)
    let inner = box.column + 2
    let innerWidth = box.width - 4
    if deleted.isEmpty {
      buffer.write(
        "Nothing was deleted lately, on this device or another.",
        row: box.row + 1, column: inner, style: Style([.dim]), limit: innerWidth)
    }
    let fits = max(1, (box.height - 4) / deletedBlockHeight)
    let first = max(0, min(view.selection - fits + 1, deleted.count - fits))
    for (offset, index) in deleted.indices.dropFirst(first).prefix(fits).enumerated() {
      let top = box.row + 1 + offset * deletedBlockHeight
      drawDeleted(
        deleted[index], isChosen: index == view.selection, timeZone: timeZone, row: top, column: inner,
        width: innerWidth, into: &buffer)
    }
    let footerRow = box.row + box.height - 2
    if let error = view.error {
      buffer.write(error, row: footerRow, column: inner, style: Style([.bold], role: .danger), limit: innerWidth)
    } else if view.isWorking {
      buffer.write("Working…", row: footerRow, column: inner, style: Style([.dim]), limit: innerWidth)
    } else if !deleted.isEmpty {
      let shown = "\(grouped(view.selection + 1)) of \(grouped(deleted.count)) · Enter puts it back where it was"
      buffer.write(shown, row: footerRow, column: inner, style: Style([.dim]), limit: innerWidth)
    }
  }

  private static func drawDeleted(
    _ deleted: DeletedBookmark, isChosen: Bool, timeZone: TimeZone, row: Int, column: Int, width: Int,
    into buffer: inout ScreenBuffer
  ) {
    buffer.write(isChosen ? "▸ " : "  ", row: row, column: column, style: Style([.bold]))
    let text = column + 2
    let textWidth = width - 2
    let name = deleted.bookmark.name.isEmpty ? "(no name)" : deleted.bookmark.name
    let nameStyle = isChosen ? Style([.reverse, .bold]) : Style([.bold])
    buffer.write(TextLayout.truncate(name, toWidth: textWidth), row: row, column: text, style: nameStyle)
    buffer.write(urlLine(deleted.bookmark, width: textWidth), row: row + 1, column: text, style: .plain)
    let device = deleted.device.isEmpty ? "" : " on \(deleted.device)"
    let when = "deleted \(formatted(deleted.deleted, in: timeZone))\(device)"
    buffer.write(TextLayout.truncate(when, toWidth: textWidth), row: row + 2, column: text, style: Style([.dim]))
  }

  /// The question on the bottom line while Recently Deleted waits for `y`.
  static func recentlyDeletedQuestion(_ question: RecentlyDeletedView.Question, width: Int) -> String {
    switch question {
    case .deleteForGood(let deleted):
      let name = TextLayout.truncate(deleted.bookmark.name, toWidth: max(8, width / 2))
      return "Delete “\(name)” for good? Press y to delete it, any other key to keep it."
    case .empty(let shown):
      let what = shown.count == 1 ? "the 1 bookmark" : "all \(grouped(shown.count))"
      return "Delete \(what) in Recently Deleted for good? Press y; any other key keeps them."
    }
  }
}
