import BookmarkModel
import BookmarksState
import Foundation
import ScreenRendering

extension BookmarksScreen {
  /// Rows one version takes in the history view: its id, device, time and what changed;
  /// then its name and URL.
  static let historyBlockHeight = 3

  /// Draws a bookmark's history: each version as a block, newest first, the chosen one
  /// highlighted and scrolled into view, and a footer with the error or what is happening.
  static func drawHistory(_ view: HistoryView, timeZone: TimeZone, into buffer: inout ScreenBuffer) {
    let rows = view.listing?.rows ?? []
    let width = min(buffer.width - 4, 72)
    // An error is wrapped between words over as many footer lines as it needs.
    let errorLines = view.error.map { wrap(DisplayText.sanitize($0), width: width - 4) } ?? []
    let extra = max(0, min(errorLines.count, buffer.height - 8) - 1)
    // Borders, intro and footer, and the blocks.
    let needed = 4 + extra + max(1, rows.count * historyBlockHeight)
    let height = min(buffer.height - 2, needed)
    let column = (buffer.width - width) / 2
    let row = max(1, (buffer.height - height) / 2)
    let name = view.bookmark.name.isEmpty ? "(no name)" : view.bookmark.name
    drawBox(title: "History of “\(name)”", row: row, column: column, width: width, height: height, into: &buffer)

    let inner = column + 2
    let innerWidth = width - 4
    let intro: String
    switch rows.count {
    case _ where view.listing == nil: intro = "Listing the versions…"
    case 0: intro = "No versions to show."
    case 1: intro = "1 version: the one it is now."
    default:
      intro =
        innerWidth >= 68
        ? "\(rows.count) versions, newest first. Enter makes the chosen one current again."
        : "\(rows.count) versions, newest first."
    }
    buffer.write(intro, row: row + 1, column: inner, style: .plain, limit: innerWidth)

    // Versions from `first` on, so that the chosen one is on screen.
    let area = height - 4 - extra
    let fits = max(1, area / historyBlockHeight)
    let first = max(0, min(view.choice - fits + 1, rows.count - fits))
    for (offset, index) in rows.indices.dropFirst(first).prefix(fits).enumerated() {
      let top = row + 2 + offset * historyBlockHeight
      guard top + historyBlockHeight <= row + height - 2 - extra else { break }
      drawHistoryRow(
        rows[index], isChosen: index == view.choice, timeZone: timeZone, row: top, column: inner, width: innerWidth,
        into: &buffer)
    }

    let footerRow = row + height - 2
    if view.error != nil {
      for (offset, line) in errorLines.prefix(extra + 1).enumerated() {
        buffer.write(
          line, row: footerRow - extra + offset, column: inner, style: Style([.bold], role: .danger), limit: innerWidth)
      }
    } else if view.isReverting {
      buffer.write("Reverting…", row: footerRow, column: inner, style: Style([.dim]), limit: innerWidth)
    } else if first + fits < rows.count || first > 0 {
      let shown = "\(view.choice + 1) of \(rows.count) versions · Esc closes"
      buffer.write(shown, row: footerRow, column: inner, style: Style([.dim]), limit: innerWidth)
    }
  }

  private static func drawHistoryRow(
    _ listed: HistoryListing.Row, isChosen: Bool, timeZone: TimeZone, row: Int, column: Int, width: Int,
    into buffer: inout ScreenBuffer
  ) {
    let version = listed.version
    // What changed first: it matters most, and a narrow window cuts the end.
    let device = version.device.isEmpty ? "" : " · \(version.device)"
    let now = listed.isCurrent ? " (now)" : ""
    let header = "\(version.shortID)\(now) · \(listed.changes)\(device) · \(formatted(version.saved, in: timeZone))"
    buffer.write(isChosen ? "▸ " : "  ", row: row, column: column, style: Style([.bold]))
    buffer.write(
      TextLayout.truncate(header, toWidth: width - 2), row: row, column: column + 2,
      style: Style(isChosen ? [.reverse, .bold] : [.bold]))
    let text = column + 4
    let textWidth = width - 4
    let name = version.bookmark.name.isEmpty ? "(no name)" : version.bookmark.name
    buffer.write(TextLayout.truncate(name, toWidth: textWidth), row: row + 1, column: text, style: .plain)
    buffer.write(urlLine(version.bookmark, width: textWidth), row: row + 2, column: text, style: Style([.dim]))
  }
}
