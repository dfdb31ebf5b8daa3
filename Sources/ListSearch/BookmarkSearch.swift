import BookmarkModel

/// Filtering as you type: the folded index of the current bookmarks, built when first
/// needed and again only after the bookmarks change, and the results of the shorter
/// queries typed on the way, so a query that grows searches only the previous matches
/// and a Backspace takes the earlier result back.
public struct BookmarkSearch: Sendable {
  private var folding = SearchFolding()
  private var index: SearchIndex?
  /// Results by query, each narrowing the one before; when one word was looked for among the
  /// earlier results, that word and where in each match's text it was first found.
  private var trail: [(query: SearchQuery, matches: [Int], located: (pattern: [UInt8], found: FoundPlaces)?)] = []

  public init() {}

  /// True when the index of `bookmarks`' list is built (the count is the check: any change
  /// of the list forgets the index first).
  package func isPrepared(for bookmarks: [Bookmark]) -> Bool { index?.count == bookmarks.count }

  /// Forgets the index: the bookmarks changed.
  public mutating func bookmarksChanged() {
    index = nil
    trail.removeAll()
  }

  /// Forgets the results of the queries typed (the index stays): the filter went, and a new
  /// one starts from nothing. At 1,000,000 bookmarks they held tens of megabytes.
  public mutating func forgetQueries() {
    trail.removeAll()
  }

  /// Builds the index now (when the user starts a filter), so the first keystroke of
  /// the query is as quick as the rest.
  public mutating func prepare(_ bookmarks: [Bookmark]) {
    if index == nil || index?.count != bookmarks.count {
      index = SearchIndex(bookmarks, folding: &folding)
      trail.removeAll()
    }
  }

  /// The positions in `bookmarks` of those that `query` matches (see ``SearchQuery``).
  public mutating func matches(for query: String, in bookmarks: [Bookmark]) -> [Int] {
    let parsed = SearchQuery(query, folding: &folding)
    return matches(for: parsed, in: bookmarks)
  }

  /// The positions in `bookmarks` of those that `parsed` matches.
  public mutating func matches(for parsed: SearchQuery, in bookmarks: [Bookmark]) -> [Int] {
    prepare(bookmarks)
    guard let index else { return [] }
    while let last = trail.last, !parsed.narrows(last.query) { trail.removeLast() }
    if let last = trail.last, last.query == parsed { return last.matches }
    let last = trail.last
    // A term the earlier query had holds for every one of its matches: only the others are
    // looked for among them (a second word searched the first again).
    let new = last.map { last in parsed.terms.filter { !last.query.terms.contains($0) } } ?? parsed.terms
    if new.count == 1, let term = new.first, !term.isExcluded {
      // One word to look for: where it is found is kept, and the word grown by a letter is
      // looked for from there on (it can't be found before), mostly found in the 8 bytes
      // kept from there (issue 39.3).
      let from = last?.located.flatMap { term.pattern.starts(with: $0.pattern) ? $0.found : nil }
      let located = index.locate(term.pattern, among: last?.matches, from: from)
      trail.append((parsed, located.entries, (term.pattern, located.found)))
      return located.entries
    }
    var remaining = parsed
    remaining.terms = new
    let matches = index.search(remaining, among: last?.matches)
    trail.append((parsed, matches, nil))
    return matches
  }

  /// `query` taken apart, with `folder` and `tags` required too (`cloudy list`'s flags).
  public mutating func parse(_ query: String, folder: [String] = [], tags: [String] = []) -> SearchQuery {
    var parsed = SearchQuery(query, folding: &folding)
    if !folder.isEmpty { parsed.require(folder: folder, folding: &folding) }
    for tag in tags { parsed.require(tag: tag, folding: &folding) }
    return parsed
  }
}
