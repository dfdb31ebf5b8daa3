import BookmarkModel
import BookmarksState
import ListSearch

/// The filter's `text:word` (and `text:"a phrase"`): the bookmarks whose kept page holds the
/// text, as the runtime's search of the archives answers; combined with the other terms.
extension BookmarksViewModel {
  /// The searches a `text:` term in the filter needs that were not asked for yet.
  mutating func pageTextsToSearch() -> [Effect] {
    guard let query = state.filter?.query.text, query.lowercased().contains("text:") else { return [] }
    var effects: [Effect] = []
    for term in SearchQuery.pageTexts(query) where !pageTextSearches.asked.contains(term.text) {
      pageTextSearches.asked.insert(term.text)
      effects.append(.searchPageText(term.text))
    }
    return effects
  }

  /// An answer: kept, and the filter narrowed again if it still asks for it.
  mutating func pageTextFound(_ text: String, _ ids: [Bookmark.ID]) {
    pageTextSearches.answer(text, ids)
    guard let filter = state.filter, !filter.isWaitingForIndex,
      SearchQuery.pageTexts(filter.query.text).contains(where: { $0.text == text })
    else { return }
    narrow()
  }

  /// A page was kept anew: every answer may have changed.
  mutating func forgetPageTextAnswers() {
    pageTextSearches = PageTextSearches()
  }
}
