import BookmarkModel
import BookmarksState
import ScreenRendering
import Shelf

extension BookmarksScreen {
  /// The team shelf's tab: a bar with the two tabs (and Edit/`+` for those who may change
  /// it), the bookmarks fetched, each with who added it, and a bottom line with this
  /// account's role, where the rows come from, and the keys.
  static func drawShelf(_ state: AppState, _ shelf: ShelfTab, into buffer: inout ScreenBuffer) {
    buffer.fill(row: 0, column: 0, width: buffer.width, height: 1, style: barStyle)
    let button = barStyle.adding(.bold)
    if shelf.canWrite {
      buffer.write(shelf.isEditing ? "Done" : "Edit", row: 0, column: 1, style: button)
      buffer.write("+", row: 0, column: buffer.width - 2, style: button)
    }
    let tabs = "1 My bookmarks │ 2 Team shelf"
    let tabsWidth = CellWidth.of(tabs)
    let start = TextLayout.centred(width: tabsWidth, in: buffer.width)
    if tabsWidth <= buffer.width - 12 {
      buffer.write("1 My bookmarks │ ", row: 0, column: start, style: barStyle)
      buffer.write(
        "2 Team shelf", row: 0, column: start + CellWidth.of("1 My bookmarks │ "), style: button.adding(.underline))
    } else {
      buffer.write("Team shelf", row: 0, column: TextLayout.centred(width: 10, in: buffer.width), style: button)
    }
    drawShelfRows(shelf, into: &buffer)
    drawShelfBottomLine(state, shelf, into: &buffer)
  }

  private static func drawShelfRows(_ shelf: ShelfTab, into buffer: inout ScreenBuffer) {
    let top = 1
    let height = buffer.height - 2
    if shelf.bookmarks.isEmpty {
      let text: String
      if let problem = shelf.problem {
        drawCentredParagraph(problem, top: top, height: height, style: Style([.bold], role: .danger), into: &buffer)
        return
      } else if shelf.loading != nil {
        text = "Asking the team shelf…"
      } else if !shelf.query.text.isEmpty {
        text = "Nothing on the team shelf matches “\(shelf.query.text)”.\n\nEsc clears the search."
      } else if shelf.access?.hasOwner == false {
        text = "The team shelf has no owner yet.\n\n`cloudy shelf create` makes this account its owner."
      } else {
        text =
          shelf.canWrite
          ? "The team shelf is empty.\n\nPress + to add a bookmark, or p on one of yours to publish it."
          : "The team shelf is empty."
      }
      drawCentredParagraph(text, top: top, height: height, style: .plain, into: &buffer)
      return
    }
    let count = max(1, height / linesPerBookmark)
    let first = max(0, min(shelf.scrollTop, shelf.bookmarks.count - 1))
    for (offset, bookmark) in shelf.bookmarks.dropFirst(first).prefix(count).enumerated() {
      let index = first + offset
      let row = top + offset * linesPerBookmark
      let selected: Style.Attributes = index == shelf.selection ? [.reverse] : []
      buffer.fill(row: row, column: 0, width: buffer.width - 1, height: 2, style: Style(selected))
      var column = 2
      if shelf.isEditing {
        buffer.write("(-)", row: row, column: 1, style: Style(selected.union(.bold), role: .danger))
        column = 5
      }
      // Who added it, on the right of the name, as far as there is room.
      let width = buffer.width - column - 2
      let who = "added by " + bookmark.createdBy
      let whoWidth = min(CellWidth.of(DisplayText.sanitize(who)), max(0, width / 3))
      let nameWidth = whoWidth > 0 ? width - whoWidth - 2 : width
      buffer.write(
        TextLayout.truncate(bookmark.name, toWidth: nameWidth), row: row, column: column,
        style: Style(selected.union(.bold)))
      if whoWidth > 0 {
        buffer.write(
          TextLayout.truncate(who, toWidth: whoWidth), row: row, column: column + width - whoWidth,
          style: Style(selected.union(.dim)))
      }
      buffer.write(
        TextLayout.truncate(bookmark.url, toWidth: width), row: row + 1, column: column,
        style: Style(selected.union(.dim)))
    }
    if first > 0 { buffer.write("▲", row: top, column: buffer.width - 1, style: .plain) }
    if first + count < shelf.bookmarks.count || shelf.hasMore {
      buffer.write(
        "▼", row: top + count * linesPerBookmark - 1, column: buffer.width - 1, style: .plain)
    }
  }

  private static func drawShelfBottomLine(_ state: AppState, _ shelf: ShelfTab, into buffer: inout ScreenBuffer) {
    let row = buffer.height - 1
    if case .confirmShelfRemove(let bookmark) = state.modal {
      let danger = Style([.bold], role: .danger)
      buffer.fill(row: row, column: 0, width: buffer.width, height: 1, style: danger)
      let name = TextLayout.truncate(bookmark.name, toWidth: max(8, buffer.width / 2))
      buffer.write(
        "Remove “\(name)” from the team shelf? y removes it for everyone.", row: row, column: 1, style: danger,
        limit: buffer.width - 2)
      return
    }
    buffer.fill(row: row, column: 0, width: buffer.width, height: 1, style: barStyle)
    if shelf.isTypingQuery {
      let label = "Search the shelf: "
      buffer.write(label, row: row, column: 1, style: barStyle.adding(.bold))
      let field = 1 + CellWidth.of(label)
      let shown = tailOf(DisplayText.sanitize(shelf.query.text), width: buffer.width - field - 2)
      buffer.write(shown, row: row, column: field, style: barStyle)
      buffer.cursor = ScreenBuffer.Position(row: row, column: min(buffer.width - 1, field + CellWidth.of(shown)))
      return
    }
    let left: (text: String, style: Style)
    if let message = state.message {
      left = (message.text, message.isError ? Style([.bold], role: .danger) : barStyle)
    } else if let stale = shelf.stale {
      left = ("team shelf · this device's copy, read-only: " + stale, Style([.bold], role: .danger))
    } else {
      var parts = ["team shelf"]
      switch shelf.access?.role {
      case .owner?: parts.append("owner")
      case .editor?: parts.append("editor")
      case .reader?: parts.append("reader")
      case nil: if shelf.access?.canRead == true { parts.append("reading (world-readable)") }
      }
      if !shelf.query.text.isEmpty { parts.append("“\(shelf.query.text)”") }
      if !shelf.bookmarks.isEmpty {
        parts.append("\(grouped(shelf.selection + 1))/\(grouped(shelf.bookmarks.count))\(shelf.hasMore ? "+" : "")")
      }
      left = (parts.joined(separator: " · "), barStyle)
    }
    let hints = shelfKeyHints(shelf)
    let leftWidth = CellWidth.of(DisplayText.sanitize(left.text))
    let room = buffer.width - leftWidth - 4
    let hint = hints.first { CellWidth.of($0) <= room } ?? ""
    buffer.write(left.text, row: row, column: 1, style: left.style, limit: buffer.width - 2)
    if !hint.isEmpty {
      buffer.write(hint, row: row, column: buffer.width - 1 - CellWidth.of(hint), style: barStyle)
    }
  }

  static func shelfKeyHints(_ shelf: ShelfTab) -> [String] {
    if shelf.isEditing {
      return shortening([("Enter edit", 2), ("d remove", 1), ("e done", 3), ("Tab mine", 4)])
    }
    // Only what acts: on an empty shelf there is nothing to open or save.
    var items: [(String, Int)] =
      shelf.selected == nil ? [("/ search", 20)] : [("Enter open", 10), ("/ search", 20), ("P save to mine", 30)]
    if shelf.canWrite { items.append(("+ add", 40)) }
    items.append(("Tab mine", 15))
    return shortening(items)
  }

  /// The add and edit box of the shelf: a name and a URL, the field typed in marked.
  static func drawShelfPrompt(_ prompt: ShelfPrompt, into buffer: inout ScreenBuffer) {
    let width = min(buffer.width - 4, 76)
    let height = 6
    let column = (buffer.width - width) / 2
    let top = max(1, (buffer.height - height) / 2)
    let inner = width - 4
    let title = prompt.editing == nil ? "Add to the team shelf" : "Edit on the team shelf"
    drawBox(title: title, row: top, column: column, width: width, height: height, into: &buffer)
    for (offset, field) in [("Name ", prompt.name, !prompt.onURL), ("URL  ", prompt.url, prompt.onURL)].enumerated() {
      let row = top + 1 + offset
      buffer.write(field.0, row: row, column: column + 2, style: Style(field.2 ? [.bold, .underline] : [.bold]))
      let start = column + 2 + CellWidth.of(field.0)
      let shown = tailOf(DisplayText.sanitize(field.1.text), width: inner - CellWidth.of(field.0) - 1)
      buffer.write(shown, row: row, column: start, style: .plain)
      if field.2 {
        buffer.cursor = ScreenBuffer.Position(row: row, column: min(column + width - 3, start + CellWidth.of(shown)))
      }
    }
    let note: (String, Style) =
      if let error = prompt.error {
        (error, Style([.bold], role: .danger))
      } else if prompt.isSaving {
        ("Saving…", Style([.dim]))
      } else {
        ("Everyone with a role on the shelf sees it.", Style([.dim]))
      }
    buffer.write(
      TextLayout.truncate(DisplayText.sanitize(note.0), toWidth: inner), row: top + 4, column: column + 2,
      style: note.1)
  }
}
