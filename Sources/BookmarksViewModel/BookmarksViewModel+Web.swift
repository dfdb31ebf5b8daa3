import BookmarkModel
import BookmarksState
import ListSearch

/// Titles from pages and link checks: the Add dialog's title fetch, a late title for a
/// bookmark already saved, and `C`.
extension BookmarksViewModel {
  /// Starts fetching the page's title when the user leaves the URL field of an Add dialog
  /// with the Name still empty and untouched.
  ///
  /// A Name the page filled in is the page's, not the user's: when the URL is changed, it is
  /// cleared and the new page's title fetched.
  func titleFetchOnLeavingURL(_ dialog: inout BookmarkDialog) -> [Effect] {
    guard fetchesPages, dialog.purpose == .add, !dialog.nameTouched,
      dialog.name.text.trimmingWhitespace().isEmpty || dialog.nameFromPage,
      case .success(let valid) = BookmarkDraft(name: "", url: dialog.url.text).validated(),
      dialog.titleFetch?.url != valid.url
    else { return [] }
    if dialog.nameFromPage {
      dialog.name = TextField("")
      dialog.nameFromPage = false
    }
    dialog.titleFetch = TitleFetch(url: valid.url, isFetching: true)
    return [.fetchTitle(valid.url)]
  }

  /// Before a save: a Name the page filled in for another URL than the one saved is dropped
  /// (the bookmark is saved under its host, and named when its own page's title comes).
  func dropStaleTitle(_ dialog: inout BookmarkDialog) {
    guard dialog.nameFromPage, !dialog.nameTouched,
      case .success(let valid) = BookmarkDraft(name: "", url: dialog.url.text).validated(),
      dialog.titleFetch?.url != valid.url
    else { return }
    dialog.name = TextField("")
    dialog.nameFromPage = false
  }

  /// An Add saved with an empty name: its page's title will rename it when it comes (the
  /// fetch is started now unless it is on its way).
  mutating func awaitTitle(for draft: BookmarkDraft, typedName: String, dialog: BookmarkDialog) -> [Effect] {
    guard fetchesPages, dialog.purpose == .add, typedName.trimmingWhitespace().isEmpty else { return [] }
    titlesAwaited[draft.url] = AwaitedTitle(id: nil, savedName: draft.name)
    if let fetch = dialog.titleFetch, fetch.url == draft.url, fetch.isFetching { return [] }
    return [.fetchTitle(draft.url)]
  }

  /// The store added a bookmark the dialog saved: a title awaited for it now knows its id.
  mutating func titleAwaitedBookmarkAdded(_ bookmark: Bookmark) -> [Effect] {
    guard var awaited = titlesAwaited[bookmark.url], awaited.id == nil else { return [] }
    awaited.id = bookmark.id
    guard let title = awaited.title else {
      titlesAwaited[bookmark.url] = awaited
      return []
    }
    titlesAwaited[bookmark.url] = nil
    return retitle(bookmark, savedName: awaited.savedName, to: title)
  }

  /// A title arrived: into the open dialog's empty Name, or onto the bookmark saved without
  /// one (if it still has the name it was saved with).
  mutating func titleFetched(url: String, title: String?) -> [Effect] {
    if var dialog = state.dialog, var fetch = dialog.titleFetch, fetch.url == url, !dialog.isSaving {
      fetch.isFetching = false
      dialog.titleFetch = fetch
      if let title, !dialog.nameTouched, dialog.name.text.isEmpty {
        dialog.name = TextField(title)
        dialog.nameFromPage = true
      }
      state.modal = .dialog(dialog)
      if titlesAwaited[url] == nil { return [] }
    }
    guard var awaited = titlesAwaited[url] else { return [] }
    guard let title else {
      titlesAwaited[url] = nil
      return []
    }
    guard let id = awaited.id else {
      awaited.title = title
      titlesAwaited[url] = awaited
      return []
    }
    titlesAwaited[url] = nil
    guard let bookmark = state.bookmarks.first(where: { $0.id == id }) else { return [] }
    return retitle(bookmark, savedName: awaited.savedName, to: title)
  }

  private mutating func retitle(_ bookmark: Bookmark, savedName: String, to title: String) -> [Effect] {
    guard bookmark.name == savedName, title != bookmark.name else { return [] }
    ownChanges[bookmark.id] = .present(name: title, url: bookmark.url)
    return [.retitle(bookmark.id, BookmarkDraft(name: title, url: bookmark.url))]
  }

  /// `C`: checks the links of the bookmarks shown (the filter's matches, else the folder
  /// shown and below), in the background.
  mutating func checkLinks() -> [Effect] {
    guard fetchesPages else {
      state.message = StatusMessage("Links can't be checked here.", isError: true)
      return []
    }
    if let progress = state.linkCheckProgress {
      state.message = StatusMessage("Still checking: \(progress.done) of \(progress.total) links.")
      return []
    }
    let positions = state.filter?.matches ?? placeSubtree()
    let bookmarks = positions.map { state.bookmarks[$0] }
    guard !bookmarks.isEmpty else {
      state.message = StatusMessage("No links to check here.")
      return []
    }
    state.linkCheckProgress = LinkCheckProgress(total: bookmarks.count)
    return [.checkLinks(bookmarks)]
  }

  mutating func linkChecked(_ id: Bookmark.ID, _ check: LinkCheck, done: Int, total: Int) -> [Effect] {
    if check.status.isKnown { state.linkChecks[id] = check }
    var progress = state.linkCheckProgress ?? LinkCheckProgress(total: total)
    progress.done = done
    progress.total = total
    if check.status.isDead { progress.deadIDs.insert(id) }
    if case .moved = check.status { progress.moved += 1 }
    if !check.status.isKnown { progress.unchecked += 1 }
    // A kept `is:dead` filter shows the dead links as they are found (every 50th result, so a
    // big check does not filter the list ten thousand times).
    if let filter = state.filter, !filter.isWaitingForIndex, done >= total || done % 50 == 0,
      SearchQuery.hasConditions(filter.query.text)
    {
      narrow()
    }
    guard done >= total else {
      state.linkCheckProgress = progress
      return []
    }
    state.linkCheckProgress = nil
    state.message = StatusMessage(progress.finishedSentence(kept: 0), isError: !progress.deadIDs.isEmpty)
    // Which dead links have a page kept here is asked now; the answer completes the sentence.
    finishedCheck = progress
    return progress.deadIDs.isEmpty ? [] : [.findKeptPages(progress.deadIDs)]
  }
}

extension BookmarksViewModel {
  /// The web's answers.
  mutating func receive(_ answer: WebAction) -> [Effect] {
    switch answer {
    case .titleFetched(let url, let title):
      return titleFetched(url: url, title: title)
    case .retitled(_, let failure):
      if let failure { state.message = StatusMessage(failure.text, isError: true) }
    case .linkChecksLoaded(let checks):
      state.linkChecks.merge(checks) { mine, loaded in mine.checked >= loaded.checked ? mine : loaded }
      let dead = Set(checks.filter { $0.value.status.isDead }.keys)
      return dead.isEmpty ? [] : [.findKeptPages(dead)]
    case .linkChecked(let id, let check, let done, let total):
      return linkChecked(id, check, done: done, total: total)
    }
    return []
  }
}
