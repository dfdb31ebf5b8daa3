import BookmarkModel
import BookmarksState
import ListSearch
import ScreenRendering

/// Draws an ``AppState`` into a ``ScreenBuffer``: a pure function of the state.
///
/// Layout, top to bottom: the navigation bar (`Edit`/`Done`, title, `+`), the list with
/// two lines a bookmark (name, then the URL dimmed), and the bottom line (backend state
/// on the left, key hints on the right). Dialogs and help are drawn on top.
public enum BookmarksScreen {
  /// The smallest window Cloudy draws into; smaller gets a message instead.
  public static let minimumSize = ScreenSize.smallestDrawn
  /// Rows of the list area a bookmark takes: the name, and the URL beneath it.
  public static let linesPerBookmark = 2

  public static func render(_ state: AppState) -> ScreenBuffer {
    var buffer = ScreenBuffer(width: state.size.columns, height: state.size.rows)
    guard !state.isTooSmall else {
      drawTooSmall(state.size, into: &buffer)
      return buffer
    }
    if state.showsShelf, let shelf = state.shelf {
      drawShelf(state, shelf, into: &buffer)
    } else {
      drawTopBar(state, into: &buffer)
      drawList(state, into: &buffer)
      drawBottomLine(state, into: &buffer)
    }
    // Opened in a room, the help is drawn over it (and over the reader).
    if case .help(let scroll) = state.modal {
      drawModal(state.helpOver, state, into: &buffer)
      if let reader = state.reader { drawReader(reader, message: nil, into: &buffer) }
      drawHelp(scroll: scroll, size: state.size, room: state.helpRoom, into: &buffer)
      return buffer
    }
    drawModal(state.modal, state, into: &buffer)
    if let reader = state.reader { drawReader(reader, message: state.message, into: &buffer) }
    return buffer
  }

  /// What sits on top of the list (the help aside).
  private static func drawModal(_ modal: Modal?, _ state: AppState, into buffer: inout ScreenBuffer) {
    switch modal {
    case .dialog(let dialog): drawDialog(dialog, into: &buffer)
    case .help: break
    case .resolve(let dialog):
      if let merge = dialog.merge {
        drawMergeDialog(dialog, merge, into: &buffer)
      } else {
        drawResolveDialog(dialog, timeZone: state.timeZone, into: &buffer)
      }
    case .move(let picker): drawFolderPicker(picker, into: &buffer)
    case .folderName(let prompt): drawFolderNamePrompt(prompt, into: &buffer)
    case .recentlyDeleted(let view): drawRecentlyDeleted(view, state.deleted, timeZone: state.timeZone, into: &buffer)
    case .history(let view): drawHistory(view, timeZone: state.timeZone, into: &buffer)
    case .importPrompt(let prompt): drawImportPrompt(prompt, into: &buffer)
    case .shelfPrompt(let prompt): drawShelfPrompt(prompt, into: &buffer)
    case .confirmDelete, .confirmUndo, .confirmDeleteFolder, .confirmHeldDeletes, .confirmShelfRemove, nil: break
    }
  }

  // MARK: - Bars

  static let barStyle = Style(role: .bar)

  private static func drawTopBar(_ state: AppState, into buffer: inout ScreenBuffer) {
    buffer.fill(row: 0, column: 0, width: buffer.width, height: 1, style: barStyle)
    let button = barStyle.adding(.bold)
    buffer.write(state.isEditing ? "Done" : "Edit", row: 0, column: 1, style: button)
    let title = breadcrumb(state, width: buffer.width - 12)
    let titleWidth = CellWidth.of(title)
    buffer.write(title, row: 0, column: TextLayout.centred(width: titleWidth, in: buffer.width), style: button)
    buffer.write("+", row: 0, column: buffer.width - 2, style: button)
  }

  private static func drawBottomLine(_ state: AppState, into buffer: inout ScreenBuffer) {
    let row = buffer.height - 1
    if case .confirmDelete(let bookmark) = state.modal {
      let danger = Style([.bold], role: .danger)
      buffer.fill(row: row, column: 0, width: buffer.width, height: 1, style: danger)
      let name = TextLayout.truncate(bookmark.name, toWidth: max(8, buffer.width / 2))
      buffer.write(
        "Delete “\(name)”? Press y to delete, any other key to keep it.", row: row, column: 1, style: danger,
        limit: buffer.width - 2)
      return
    }
    if case .confirmDeleteFolder(let folder) = state.modal {
      drawDeleteFolderQuestion(folder, row: row, into: &buffer)
      return
    }
    if case .recentlyDeleted(let view) = state.modal, let question = view.asking {
      let danger = Style([.bold], role: .danger)
      buffer.fill(row: row, column: 0, width: buffer.width, height: 1, style: danger)
      buffer.write(
        recentlyDeletedQuestion(question, width: buffer.width), row: row, column: 1, style: danger,
        limit: buffer.width - 2)
      return
    }
    if case .confirmHeldDeletes(let held) = state.modal {
      let danger = Style([.bold], role: .danger)
      buffer.fill(row: row, column: 0, width: buffer.width, height: 1, style: danger)
      buffer.write(
        "\(NumberText.grouped(held.count)) of \(NumberText.grouped(held.total)) deleted elsewhere:"
          + " Y delete here · R keep · other: later",
        row: row, column: 1, style: danger, limit: buffer.width - 2)
      return
    }
    if case .confirmUndo(let step, let redo) = state.modal {
      let danger = Style([.bold], role: .danger)
      buffer.fill(row: row, column: 0, width: buffer.width, height: 1, style: danger)
      buffer.write(
        "It was changed elsewhere since. Press y to \(redo ? "redo" : "undo") the \(step.label) anyway.",
        row: row, column: 1, style: danger, limit: buffer.width - 2)
      return
    }
    if state.dialog?.isConfirmingDiscard == true {
      let danger = Style([.bold], role: .danger)
      buffer.fill(row: row, column: 0, width: buffer.width, height: 1, style: danger)
      buffer.write(
        "Discard your changes? y discards, Ctrl-C quits, any other key keeps editing.", row: row, column: 1,
        style: danger, limit: buffer.width - 2)
      return
    }
    buffer.fill(row: row, column: 0, width: buffer.width, height: 1, style: barStyle)
    let hints = keyHints(state)
    let left: (text: String, style: Style)
    if state.modal == nil, let filter = state.filter, state.message == nil || filter.isTyping {
      drawFilterLine(state, filter, hints: hints, row: row, into: &buffer)
      return
    }
    if let message = state.message {
      // Offline is never hidden behind a message: `Added “X”. · key-value · offline · 1 pending`.
      let offline = state.status.sync == .offline ? " · " + state.status.syncSummary : ""
      left = (message.text + offline, message.isError ? Style([.bold], role: .danger) : barStyle)
    } else if let held = state.heldDeletes {
      let prefix = state.status.sync == .offline ? state.status.syncSummary + " · " : ""
      left = (
        prefix + "\(NumberText.grouped(held.count)) of \(NumberText.grouped(held.total)) deleted elsewhere are held"
          + " back: D chooses",
        Style([.bold], role: .danger)
      )
    } else if let problem = state.status.problem {
      // Offline with a reason: keep `offline · N pending` in front of it.
      let prefix = state.status.sync == .offline ? state.status.syncSummary + " · " : ""
      left = (prefix + problem, Style([.bold], role: .danger))
    } else {
      var summary = state.status.summary
      if state.isLoaded, state.shownCount > 0 {
        summary += " · \(grouped(state.selection + 1))/\(grouped(state.shownCount))"
      }
      // A sort other than your own order is remembered per device: said, also after a start.
      if state.sortOrder != .manual { summary += " · by " + state.sortOrder.shortLabel }
      if let progress = state.linkCheckProgress {
        summary += " · checking links \(grouped(progress.done))/\(grouped(progress.total))"
      } else if let selected = state.selectedBookmark, let status = state.linkStatus(of: selected),
        status != .ok, status != .notWeb
      {
        // What the check found for the selected row: its ✗ or ↪ explained, and a dead
        // link's kept page offered.
        summary += " · " + status.detail
        if status.isDead, state.keptPages.contains(selected.id) { summary += " · r reads the kept copy" }
      }
      left = (summary, barStyle)
    }
    let leftWidth = CellWidth.of(DisplayText.sanitize(left.text))
    if state.message != nil, leftWidth > buffer.width - 2 {
      drawLongMessage(left.text, style: left.style, hints: hints, into: &buffer)
      return
    }
    // The status or message comes first; the longest hint that fits beside it follows.
    let hint = hints.first { leftWidth + CellWidth.of($0) + 4 <= buffer.width } ?? ""
    let hintWidth = CellWidth.of(hint)
    let leftLimit = buffer.width - 2 - (hint.isEmpty ? 0 : hintWidth + 2)
    buffer.write(TextLayout.truncate(left.text, toWidth: leftLimit), row: row, column: 1, style: left.style)
    if !hint.isEmpty { buffer.write(hint, row: row, column: buffer.width - 1 - hintWidth, style: barStyle) }
  }

  /// A message too long for the bottom line: it takes the lines above it too (at most two
  /// more), wrapped between words, so it is read in full; the hint goes beside its end when
  /// it fits.
  private static func drawLongMessage(_ text: String, style: Style, hints: [String], into buffer: inout ScreenBuffer) {
    let width = buffer.width - 2
    let wrapped = wrap(DisplayText.sanitize(text), width: width)
    var lines = Array(wrapped.prefix(2))
    if wrapped.count > 2 {
      lines.append(TextLayout.truncate(wrapped.dropFirst(2).joined(separator: " "), toWidth: width))
    }
    let bottom = buffer.height - 1
    let first = bottom - (lines.count - 1)
    for (offset, line) in lines.enumerated() {
      buffer.fill(row: first + offset, column: 0, width: buffer.width, height: 1, style: barStyle)
      buffer.write(line, row: first + offset, column: 1, style: style)
    }
    let lastWidth = CellWidth.of(lines.last ?? "")
    if let hint = hints.first(where: { lastWidth + CellWidth.of($0) + 4 <= buffer.width }) {
      buffer.write(hint, row: bottom, column: buffer.width - 1 - CellWidth.of(hint), style: barStyle)
    }
  }

  /// The key hint for the current mode, longest first, then shorter forms for when the
  /// bottom line is crowded: the least important key goes first.
  public static func keyHints(_ state: AppState) -> [String] {
    switch state.modal {
    case .dialog(let dialog):
      let enter = dialog.enterSaves ? "Enter save" : "Enter cancel"
      if dialog.suggestion != nil {
        return ["→ complete · Tab next · \(enter)", "→ complete · \(enter)", "\(enter) · Esc cancel"]
      }
      return ["Tab next · \(enter) · Esc cancel", "\(enter) · Esc cancel"]
    case .help:
      // A help taller than the window scrolls with the arrows, so they don't close it.
      return helpScrollLimit(state.size, room: state.helpRoom) > 0
        ? ["↑↓ scroll · any other key closes", "any other key closes"] : ["any key closes"]
    case .resolve(let dialog) where dialog.merge != nil:
      return ["↑↓ field · ←→ take from · Enter save · Esc back", "←→ take · Enter save · Esc back", "Esc back"]
    case .resolve:
      return [
        "↑↓ choose · Enter keep · b keep both · m merge", "Enter keep · b both · m merge · Esc",
        "Enter keep · Esc close",
      ]
    case .move:
      return [
        "type to find · ↑↓ choose · Enter move here · Esc cancel", "↑↓ choose · Enter move · Esc cancel", "Esc cancel",
      ]
    case .folderName: return ["Enter save · Esc cancel"]
    case .recentlyDeleted:
      return [
        "Enter restore · d delete for good · E empty · Esc close", "Enter restore · d delete · Esc close", "Esc close",
      ]
    case .history:
      return ["↑↓ choose · Enter make current · Esc close", "Enter make current · Esc close", "Esc close"]
    case .importPrompt: return ["Enter import · Esc cancel"]
    case .shelfPrompt: return ["Tab other field · Enter save · Esc cancel", "Enter save · Esc cancel"]
    case .confirmDelete, .confirmUndo, .confirmDeleteFolder, .confirmHeldDeletes, .confirmShelfRemove: return []
    case nil where state.selectionIsConflicted:
      return ["Enter resolve · + add · ? help · q quit", "Enter resolve · ? help", "Enter resolve"]
    case nil:
      if let filter = state.filter {
        if filter.isTyping, !filter.tagSuggestions.isEmpty { return ["→ complete · Esc clear", "→ complete"] }
        return filter.isTyping
          ? ["Enter keep · Esc clear · ↑↓ move", "Esc clear"]
          : ["Enter open · y copy · / change · Esc clear", "Enter open · Esc clear", "Esc clear"]
      }
      // Below the top level, `←` goes back up, and says so.
      let up: [(String, Int)] = state.place == .top ? [] : [("← up", 35)]
      // `Tab` shows the team shelf, when there is one.
      let shelf: [(String, Int)] = state.shelf == nil ? [] : [("Tab shelf", 45)]
      // With no bookmarks at all, only what works: nothing to open, copy or edit.
      if state.isLoaded, state.shownCount == 0, state.bookmarks.isEmpty, state.place.folderPath?.isEmpty != false {
        return shortening([("+ add", 30), ("I import", 50)] + shelf + [("? help", 10), ("q quit", 20)])
      }
      // Nothing to act on here (an empty folder): only what works.
      if state.isLoaded, state.selectedFolder == nil, state.selectedBookmark == nil {
        let mode: [(String, Int)] = state.isEditing ? [("e done", 2)] : [("/ find", 50)]
        return shortening(up + [("+ add", 30)] + mode + shelf + [("? help", 10), ("q quit", 20)])
      }
      if state.selectedFolder != nil, state.isEditing {
        return shortening([
          ("Enter rename", 3), ("d delete", 1), ("m move", 6), ("→ open", 7), ("e done", 2), ("? help", 4),
          ("q quit", 5),
        ])
      }
      if state.selectedFolder != nil {
        return shortening(
          [("Enter open", 40)] + up + [("+ add", 30), ("/ find", 50)] + shelf + [("? help", 10), ("q quit", 20)])
      }
      if state.isEditing {
        return shortening([
          ("Enter edit", 3), ("d delete", 1), ("m move", 6), ("e done", 2), ("? help", 4), ("q quit", 5),
        ])
      }
      return shortening(
        [("Enter open", 40)] + up + [("+ add", 30), ("/ find", 50)] + shelf + [
          ("e edit", 60), ("y copy", 70), ("? help", 10), ("q quit", 20),
        ])
    }
  }

  /// Every hint from all the items down to the most important one, each time leaving out the
  /// least important item left (the highest rank); the items keep their order.
  static func shortening(_ items: [(text: String, rank: Int)]) -> [String] {
    var kept = items
    var result: [String] = []
    while !kept.isEmpty {
      result.append(kept.map(\.text).joined(separator: " · "))
      let worst = kept.indices.max { kept[$0].rank < kept[$1].rank }!
      kept.remove(at: worst)
    }
    return result
  }

  // MARK: - List

  private static func drawList(_ state: AppState, into buffer: inout ScreenBuffer) {
    let top = 1
    let height = buffer.height - 2
    if let problem = state.loadProblem {
      drawCentredParagraph(problem, top: top, height: height, style: Style([.bold], role: .danger), into: &buffer)
      return
    }
    if !state.isLoaded {
      drawCentredParagraph("Loading…", top: top, height: height, style: .plain, into: &buffer)
      return
    }
    if state.shownCount == 0, let filter = state.filter {
      drawCentredParagraph(
        "No bookmark matches “\(filter.query.text)”.\n\nEsc clears the filter.", top: top,
        height: height, style: .plain, into: &buffer)
      return
    }
    // An empty store can still hold folders: they are rows like any other.
    if state.shownCount == 0, !state.bookmarks.isEmpty || state.place.folderPath?.isEmpty == false {
      drawCentredParagraph("No bookmarks here.\n\n← goes up.", top: top, height: height, style: .plain, into: &buffer)
      return
    }
    if state.shownCount == 0 {
      let elsewhere = state.bookmarksElsewhere.map { "\n\n" + $0 } ?? ""
      drawCentredParagraph(
        "No bookmarks yet.\n\nPress + to add one." + elsewhere, top: top, height: height, style: .plain, into: &buffer)
      return
    }
    let count = max(1, height / linesPerBookmark)
    let visible = (0..<state.shownCount).dropFirst(state.scrollTop).prefix(count)
    // The filter's words are marked in the rows they match.
    var folding = SearchFolding()
    let words = state.filter.map { SearchQuery($0.query.text, folding: &folding).highlighted } ?? []
    var marking = Marking(words: words, folding: folding)
    for (offset, index) in visible.enumerated() {
      let row = top + offset * linesPerBookmark
      switch state.shownItem(at: index) {
      case .folder(let folder):
        drawFolderRow(folder, isSelected: index == state.selection, row: row, into: &buffer)
      case .bookmark(let bookmark):
        drawRow(
          bookmark, isSelected: index == state.selection, isEditing: state.isEditing,
          isConflicted: state.conflicted.contains(bookmark.id), linkStatus: state.linkStatus(of: bookmark),
          place: state.filter == nil ? state.place.folderPath : nil,
          row: row, marking: &marking, into: &buffer)
      }
    }
    if state.scrollTop > 0 { buffer.write("▲", row: top, column: buffer.width - 1, style: .plain) }
    if state.scrollTop + count < state.shownCount {
      buffer.write(
        "▼", row: top + count * linesPerBookmark - 1, column: buffer.width - 1, style: .plain)
    }
  }

  /// A bookmark row; its folder path is left out when the list shows that very folder
  /// (`place`).
  private static func drawRow(
    _ bookmark: Bookmark, isSelected: Bool, isEditing: Bool, isConflicted: Bool, linkStatus: LinkStatus?,
    place: [String]?, row: Int, marking: inout Marking, into buffer: inout ScreenBuffer
  ) {
    let selected: Style.Attributes = isSelected ? [.reverse] : []
    let nameStyle = Style(selected.union(.bold))
    let urlStyle = Style(selected.union(.dim))
    buffer.fill(row: row, column: 0, width: buffer.width - 1, height: 2, style: Style(selected))
    var column = 2
    if isEditing {
      buffer.write("(-)", row: row, column: 1, style: Style(selected.union(.bold), role: .danger))
      column = 5
    }
    if isConflicted {
      // Conflicted rows carry a marker before the name; Enter opens the resolve dialog.
      buffer.write("⚠", row: row, column: column, style: Style(selected.union(.bold), role: .danger))
      column += 2
    }
    // What the last link check found: ✗ dead, ↪ moved for good (`is:dead`, `is:moved`).
    if let linkStatus, linkStatus.isDead {
      buffer.write("✗", row: row, column: column, style: Style(selected.union(.bold), role: .danger))
      column += 2
    } else if case .moved = linkStatus {
      buffer.write("↪", row: row, column: column, style: Style(selected.union(.bold), role: .accent))
      column += 2
    }
    let width = buffer.width - column - 2
    let name = bookmark.name.isEmpty ? "(no name)" : bookmark.name
    marking.write(TextLayout.truncate(name, toWidth: width), row: row, column: column, style: nameStyle, into: &buffer)
    marking.write(
      urlLine(bookmark, width: width, shownIn: place), row: row + 1, column: column, style: urlStyle, into: &buffer)
  }

  /// Writes row text with the filter's words underlined in the accent colour.
  struct Marking {
    let words: [[UInt8]]
    var folding: SearchFolding

    mutating func write(_ text: String, row: Int, column: Int, style: Style, into buffer: inout ScreenBuffer) {
      guard !words.isEmpty else {
        buffer.write(text, row: row, column: column, style: style)
        return
      }
      let marks = SearchHighlight.marks(in: text, words: words, folding: &folding)
      let marked = Style(style.attributes.union(.underline), role: .accent)
      var segment = ""
      var isMarked = false
      var next = column
      for (character, mark) in zip(text, marks) {
        if mark != isMarked, !segment.isEmpty {
          next += buffer.write(segment, row: row, column: next, style: isMarked ? marked : style)
          segment = ""
        }
        isMarked = mark
        segment.append(character)
      }
      if !segment.isEmpty { buffer.write(segment, row: row, column: next, style: isMarked ? marked : style) }
    }
  }

  // MARK: - Messages

  private static func drawTooSmall(_ size: ScreenSize, into buffer: inout ScreenBuffer) {
    let text =
      "Cloudy needs at least \(minimumSize.columns)×\(minimumSize.rows); this window is \(size.columns)×\(size.rows)."
    drawCentredParagraph(text, top: 0, height: buffer.height, style: .plain, into: &buffer)
  }

  /// Word-wraps text (with `\n` as hard breaks) and centres it in a band of rows.
  static func drawCentredParagraph(_ text: String, top: Int, height: Int, style: Style, into buffer: inout ScreenBuffer)
  {
    let width = max(1, buffer.width - 2)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
      wrap(DisplayText.sanitize(String($0)), width: width)
    }
    let first = top + max(0, (height - lines.count) / 2)
    for (offset, line) in lines.enumerated() where offset < height {
      let lineWidth = CellWidth.of(line)
      buffer.write(line, row: first + offset, column: 1 + TextLayout.centred(width: lineWidth, in: width), style: style)
    }
  }

  /// Greedy word wrap by cell width; a word longer than the line is cut.
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ") {
      let candidate = current.isEmpty ? String(word) : current + " " + word
      if CellWidth.of(candidate) <= width {
        current = candidate
      } else {
        if !current.isEmpty { lines.append(current) }
        current = TextLayout.truncate(String(word), toWidth: width)
      }
    }
    lines.append(current)
    return lines
  }
}
