import BookmarkModel
import BookmarkStoreInterface
import BookmarksState
import Foundation
import ScreenRendering

extension BookmarksScreen {
  /// Rows one version takes in the resolve dialog: its choice line, name, URL, and the
  /// device and time that saved it.
  static let resolveBlockHeight = 4

  /// Draws the resolve dialog: each version as a block, the chosen one highlighted and
  /// scrolled into view, and a footer with the error or what is happening.
  static func drawResolveDialog(_ dialog: ResolveDialog, timeZone: TimeZone, into buffer: inout ScreenBuffer) {
    let versions = dialog.versions ?? []
    let width = min(buffer.width - 4, 72)
    let needed = 4 + max(1, versions.count * (resolveBlockHeight + 1) - 1)
    let height = min(buffer.height - 2, needed + 1)
    let column = (buffer.width - width) / 2
    let row = max(1, (buffer.height - height) / 2)
    let name = dialog.bookmark.name.isEmpty ? "(no name)" : dialog.bookmark.name
    drawBox(title: "Resolve “\(name)”", row: row, column: column, width: width, height: height, into: &buffer)

    let inner = column + 2
    let innerWidth = width - 4
    let intro =
      dialog.versions == nil
      ? "Listing the versions…"
      : "\(versions.count) versions were saved at once. Keep one, both (b), or merge (m)?"
    buffer.write(intro, row: row + 1, column: inner, style: .plain, limit: innerWidth)

    // Versions from `first` on, so that the chosen one is on screen.
    let area = height - 4
    let fits = max(1, (area + 1) / (resolveBlockHeight + 1))
    let first = max(0, min(dialog.choice - fits + 1, versions.count - fits))
    for (offset, index) in versions.indices.dropFirst(first).prefix(fits).enumerated() {
      let top = row + 2 + offset * (resolveBlockHeight + 1)
      guard top + resolveBlockHeight <= row + height - 2 else { break }
      drawVersion(
        versions[index], isChosen: index == dialog.choice, timeZone: timeZone, row: top, column: inner,
        width: innerWidth, into: &buffer)
    }

    let footerRow = row + height - 2
    if let error = dialog.error {
      buffer.write(error, row: footerRow, column: inner, style: Style([.bold], role: .danger), limit: innerWidth)
    } else if dialog.isResolving {
      buffer.write("Keeping it…", row: footerRow, column: inner, style: Style([.dim]), limit: innerWidth)
    } else if first + fits < versions.count || first > 0 {
      let shown = "\(dialog.choice + 1) of \(versions.count) versions"
      buffer.write(shown, row: footerRow, column: inner, style: Style([.dim]), limit: innerWidth)
    }
  }

  private static func drawVersion(
    _ version: BookmarkVersion, isChosen: Bool, timeZone: TimeZone, row: Int, column: Int, width: Int,
    into buffer: inout ScreenBuffer
  ) {
    let label = version.isCurrent ? "Keep this (shown now)" : "Keep other"
    let chosen: Style.Attributes = isChosen ? [.reverse, .bold] : [.bold]
    buffer.write(isChosen ? "▸ " : "  ", row: row, column: column, style: Style([.bold]))
    buffer.write("[ \(label) ]", row: row, column: column + 2, style: Style(chosen), limit: width - 2)
    let text = column + 4
    let textWidth = width - 4
    let name = version.bookmark.name.isEmpty ? "(no name)" : version.bookmark.name
    buffer.write(TextLayout.truncate(name, toWidth: textWidth), row: row + 1, column: text, style: Style([.bold]))
    buffer.write(urlLine(version.bookmark, width: textWidth), row: row + 2, column: text, style: .plain)
    let device = version.isThisDevice ? "\(version.device) (this device)" : version.device
    let saved = "\(device) · \(formatted(version.saved, in: timeZone))"
    buffer.write(TextLayout.truncate(saved, toWidth: textWidth), row: row + 3, column: text, style: Style([.dim]))
  }

  /// `2026-11-22 09:00:05` in the given time zone: the same on every run for a fixed zone;
  /// seconds, so two versions saved in one minute can be told apart.
  static func formatted(_ date: Date, in timeZone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    func two(_ value: Int?) -> String {
      let value = value ?? 0
      return value < 10 ? "0\(value)" : "\(value)"
    }
    return
      "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))"
  }
}
