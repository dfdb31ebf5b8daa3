import BookmarkModel
import BookmarksState
import Foundation

/// `W` keeps the selected bookmark's page (the runtime's archives), `r` reads it in the
/// reader; the reader's keys, and the runtime's answers.
extension BookmarksViewModel {
  /// Rows of the window the reader's text takes: all but its top bar and bottom line.
  var readerHeight: Int { max(1, state.size.rows - 2) }
  /// Cells of a line of the reader's text: a column of margin on either side.
  var readerWidth: Int { max(1, state.size.columns - 2) }

  /// `W`: archive the selected bookmark's page.
  mutating func archiveSelected() -> [Effect] {
    guard let bookmark = state.selectedBookmark else {
      state.message = StatusMessage("Choose a bookmark to keep its page.")
      return []
    }
    guard fetchesPages else {
      state.message = StatusMessage("Keeping pages needs the web, which --no-fetch turns off.", isError: true)
      return []
    }
    state.message = StatusMessage("Keeping the page of “\(bookmark.name)”…")
    return [.archivePage(bookmark)]
  }

  /// The runtime kept the page, or could not: said on the bottom line.
  mutating func pageArchived(_ id: Bookmark.ID, _ result: Result<String, FailureMessage>) {
    switch result {
    case .success(let sentence):
      state.message = StatusMessage(sentence)
      state.keptPages.insert(id)
      forgetPageTextAnswers()
    case .failure(let failure): state.message = StatusMessage(failure.text, isError: true)
    }
  }

  /// `r`: the selected bookmark's archived page in the reader.
  mutating func openReader() -> [Effect] {
    guard let bookmark = state.selectedBookmark else {
      state.message = StatusMessage("Choose a bookmark to read its kept page.")
      return []
    }
    state.reader = ReaderView(bookmark: bookmark)
    return [.readArchive(bookmark)]
  }

  mutating func archiveRead(_ id: Bookmark.ID, _ result: Result<ReaderPage?, FailureMessage>) {
    guard var reader = state.reader, reader.bookmark.id == id, reader.page == nil else { return }
    switch result {
    case .success(let page?):
      reader.page = page
      reader.wrap(width: readerWidth)
    case .success(nil):
      reader.error = "No page of it is kept here yet: W keeps it."
    case .failure(let failure):
      reader.error = failure.text
    }
    state.reader = reader
  }

  /// The window changed size: the reader's text is wrapped again.
  mutating func readerResized() {
    guard var reader = state.reader else { return }
    reader.wrap(width: readerWidth)
    reader.clamp(height: readerHeight)
    state.reader = reader
  }

  mutating func readerKey(_ key: Key, _ reader: inout ReaderView) -> [Effect] {
    if reader.searchField != nil { return readerSearchKey(key, &reader) }
    if reader.linkField != nil { return readerLinkKey(key, &reader) }
    let page = max(1, readerHeight - 1)
    let command = KeyBindings.reader.command(for: key)
    switch command {
    case .close:
      state.reader = nil
      return []
    case .lineDown: reader.top += 1
    case .lineUp: reader.top -= 1
    case .pageDown: reader.top += page
    case .pageUp: reader.top -= page
    case .top: reader.top = 0
    case .end: reader.top = reader.lines.count
    case .search:
      guard reader.page != nil else { return [] }
      reader.searchField = TextField()
    case .nextMatch, .previousMatch:
      guard let query = reader.query else {
        state.message = StatusMessage("Press / to search the page first.")
        return []
      }
      if !reader.jump(forward: command == .nextMatch) {
        state.message = StatusMessage(
          reader.matches.isEmpty ? "“\(query)” is not in the page." : "No more matches that way.")
      }
    case .openLink:
      guard let links = reader.page?.links, !links.isEmpty else {
        state.message = StatusMessage("The page has no links.")
        return []
      }
      reader.linkField = TextField()
    case .help:
      openHelp(in: .reader)
    case nil:
      break
    }
    reader.clamp(height: readerHeight)
    return []
  }

  private mutating func readerSearchKey(_ key: Key, _ reader: inout ReaderView) -> [Effect] {
    guard var field = reader.searchField else { return [] }
    switch key {
    case .escape:
      reader.searchField = nil
    case .enter:
      reader.searchField = nil
      reader.find(field.text.trimmingCharacters(in: .whitespaces))
      guard let query = reader.query else { return [] }
      if reader.jump(forward: true) || reader.jump(forward: false) {
        state.message = StatusMessage(
          "\(reader.matches.count) \(reader.matches.count == 1 ? "line holds" : "lines hold") “\(query)”: n, N.")
      } else {
        state.message = StatusMessage("“\(query)” is not in the page.")
      }
      reader.clamp(height: readerHeight)
    default:
      _ = field.handle(key)
      reader.searchField = field
    }
    return []
  }

  private mutating func readerLinkKey(_ key: Key, _ reader: inout ReaderView) -> [Effect] {
    guard var field = reader.linkField else { return [] }
    switch key {
    case .escape:
      reader.linkField = nil
    case .enter:
      reader.linkField = nil
      let links = reader.page?.links ?? []
      guard let number = Int(field.text.trimmingCharacters(in: .whitespaces)), links.indices.contains(number - 1)
      else {
        state.message = StatusMessage("The links are numbered 1 to \(links.count).", isError: true)
        return []
      }
      return [.openURL(links[number - 1])]
    default:
      _ = field.handle(key)
      reader.linkField = field
    }
    return []
  }
}

extension BookmarksViewModel {
  /// The answers about pages kept.
  mutating func receive(_ answer: PageAction) {
    switch answer {
    case .pageArchived(let id, let result): pageArchived(id, result)
    case .archiveRead(let id, let result): archiveRead(id, result)
    case .pageTextFound(let text, let ids): pageTextFound(text, ids)
    case .keptPagesLoaded(let ids):
      state.keptPages.formUnion(ids)
      if let check = finishedCheck, state.message?.text == check.finishedSentence(kept: 0) {
        state.message?.text = check.finishedSentence(kept: ids.intersection(check.deadIDs).count)
      }
      finishedCheck = nil
    }
  }
}
