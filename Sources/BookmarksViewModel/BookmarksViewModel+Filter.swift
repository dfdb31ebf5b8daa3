import BookmarkModel
import BookmarksState
import ListSearch

extension BookmarksViewModel {
  /// `/`: starts typing a filter, or goes back to editing the one that is kept.
  mutating func startFilter() {
    if state.filter != nil {
      state.filter?.isTyping = true
      return
    }
    let waiting = searchInPreparation == listGeneration && !search.isPrepared(for: state.bookmarks)
    // Built off the UI thread already, or on its way: `/` never waits for it.
    if !waiting { search.prepare(state.bookmarks) }
    state.filter = ListFilter(matches: placeSubtree(), selectionBefore: state.selectedBookmark?.id)
    state.filter?.rowBefore = state.selection
    state.filter?.isWaitingForIndex = waiting
  }

  /// A key while the filter is being typed: text edits the query and narrows the list at
  /// once; `Enter` keeps the filter (and the bookmark selected in the matches); `Esc` (or
  /// `Backspace` on an empty query) clears it and goes back to the bookmark selected before
  /// `/`; the arrows and page keys move in the filtered list.
  mutating func filterKey(_ key: Key) -> [Effect] {
    guard var filter = state.filter else { return [] }
    let page = max(1, visibleBookmarkCount - 1)
    switch KeyBindings.filter.command(for: key) {
    case .clear:
      cancelFilter(filter)
    case .keep:
      if filter.query.characters.isEmpty {
        cancelFilter(filter)
      } else {
        state.filter?.isTyping = false
      }
    case .deleteBackward where filter.query.characters.isEmpty:
      cancelFilter(filter)
    case .up: select(state.selection - 1)
    case .down: select(state.selection + 1)
    case .pageUp: select(state.selection - page)
    case .pageDown: select(state.selection + page)
    case .complete where canComplete(filter):
      // Takes the first suggestion: `#sw` becomes `#swift`.
      let typed = filter.query.typedTag?.count ?? 0
      filter.query = TextField(String(filter.query.characters.dropLast(typed)) + filter.tagSuggestions[0])
      state.filter = filter
      suggestTags()
      guard !filter.isWaitingForIndex else { return [] }
      narrow()
    case .deleteBackward, .complete, nil:
      let before = filter.query.text
      guard filter.query.handle(key) else { return [] }
      guard filter.query.text != before else {
        state.filter = filter  // the cursor moved
        return []
      }
      state.filter = filter
      suggestTags()
      guard !filter.isWaitingForIndex else { return [] }  // answered when the index arrives
      narrow()
    }
    return []
  }

  /// True when `→` or `Tab` would take a tag suggestion: there is one, and the cursor is at
  /// the end of the query.
  private func canComplete(_ filter: ListFilter) -> Bool {
    !filter.tagSuggestions.isEmpty && filter.query.cursor == filter.query.characters.count
  }

  /// Fills the filter's tag suggestions for the term being typed.
  mutating func suggestTags() {
    guard let query = state.filter?.query, let typed = query.typedTag else {
      state.filter?.tagSuggestions = []
      return
    }
    let lowered = typed.lowercased()
    let suggestions = tagsInUse().filter { $0.count > typed.count && $0.lowercased().hasPrefix(lowered) }
    state.filter?.tagSuggestions = Array(suggestions.prefix(Self.tagSuggestionLimit))
  }

  /// How many tags the filter line offers at most.
  static let tagSuggestionLimit = 12

  /// Narrows the list to the query's matches. The selection stays on its bookmark while it
  /// still matches, else goes to the first match.
  mutating func narrow() {
    guard let filter = state.filter else { return }
    // The list is the same before and after: its positions stand for its bookmarks.
    let selected = state.selectedPosition
    let matches = filterMatches(filter.query.text)
    state.filter?.matches = matches
    state.selection = selected.flatMap { state.shownRow(ofPosition: $0) } ?? 0
  }

  /// An index built off the UI thread arrived: kept if it is of the current list, and a
  /// query typed while it was built is answered now.
  mutating func searchPrepared(_ prepared: PreparedSearch) {
    guard prepared.generation == listGeneration else { return }
    searchInPreparation = nil
    search = prepared.search
    knownTags = (prepared.generation, prepared.tagsByUse)
    if state.filter?.isWaitingForIndex == true {
      state.filter?.isWaitingForIndex = false
      narrow()
    }
  }

  /// The index to build off the UI thread now, if the runtime does that and the current
  /// list has none yet (nor one on its way).
  mutating func searchToPrepare() -> Effect? {
    guard preparesSearchInBackground, state.isLoaded, !state.bookmarks.isEmpty,
      searchInPreparation != listGeneration, !search.isPrepared(for: state.bookmarks)
    else { return nil }
    searchInPreparation = listGeneration
    return .prepareSearch(state.bookmarks, generation: listGeneration)
  }

  /// Esc while typing: the filter goes and the list is as it was before `/`, the same row
  /// selected (a folder row too), in the same folder.
  private mutating func cancelFilter(_ filter: ListFilter) {
    state.filter = nil
    search.forgetQueries()
    state.selection = filter.selectionBefore.flatMap { state.shownRow(of: $0) } ?? filter.rowBefore
  }

  /// Drops a kept filter; the full list comes back with the bookmark selected in the
  /// matches still selected. A match from a subfolder is shown in its folder.
  mutating func clearFilter() {
    let selected = state.selectedBookmark?.id
    state.filter = nil
    search.forgetQueries()
    if let selected, state.shownRow(of: selected) == nil, state.place != .allBookmarks,
      let bookmark = state.bookmarks.first(where: { $0.id == selected })
    {
      show(.folder(bookmark.folder))
    }
    state.selection = selected.flatMap { state.shownRow(of: $0) } ?? min(state.selection, max(0, state.shownCount - 1))
  }

  // MARK: - Open and copy

  /// The schemes `o` opens; anything else (`javascript:`, `file:`, `place:` …) is never
  /// handed to a browser.
  public static let openableSchemes: Set<String> = ["http", "https"]

  /// `o`: asks the runtime to open the selected bookmark's URL, if it is a web URL.
  mutating func openURL() -> [Effect] {
    guard let bookmark = state.selectedBookmark else { return [] }
    let scheme = bookmark.url.prefix { $0 != ":" }.lowercased()
    guard bookmark.url.contains(":"), Self.openableSchemes.contains(scheme) else {
      state.message = StatusMessage(
        "Only http and https URLs are opened; press y to copy this one.", isError: true)
      return []
    }
    return [.openURL(bookmark.url)]
  }

  /// `y`: asks the runtime to copy the selected bookmark's URL.
  mutating func copyURL() -> [Effect] {
    guard let bookmark = state.selectedBookmark else { return [] }
    return [.copyURL(bookmark.url)]
  }
}
