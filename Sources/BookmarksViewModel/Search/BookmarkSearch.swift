import BookmarkModel

/// Filtering as you type: the folded index of the current bookmarks, built when first
/// needed and again only after the bookmarks change, and the results of the shorter
/// queries typed on the way, so a query that grows searches only the previous matches
/// and a Backspace takes the earlier result back.
public struct BookmarkSearch: Sendable {
  private var folding = SearchFolding()
  private var index: SearchIndex?
  /// Results by folded query, each extending the one before.
  private var trail: [(needle: [UInt8], matches: [Int])] = []

  public init() {}

  /// True when the index of `bookmarks`' list is built (the count is the check: any change
  /// of the list forgets the index first).
  func isPrepared(for bookmarks: [Bookmark]) -> Bool { index?.count == bookmarks.count }

  /// Forgets the index: the bookmarks changed.
  public mutating func bookmarksChanged() {
    index = nil
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

  /// The positions in `bookmarks` of those whose name or URL contains `query`, folded.
  public mutating func matches(for query: String, in bookmarks: [Bookmark]) -> [Int] {
    prepare(bookmarks)
    guard let index else { return [] }
    let needle = folding.fold(query)
    while let last = trail.last, !needle.starts(with: last.needle) { trail.removeLast() }
    if let last = trail.last, last.needle == needle { return last.matches }
    let matches = index.search(needle, among: trail.last?.matches)
    trail.append((needle, matches))
    return matches
  }
}
