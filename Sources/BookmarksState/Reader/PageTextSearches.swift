import BookmarkModel
import ListSearch

/// The filter's `text:` terms as the runtime answers them: which texts were asked for, and
/// which bookmarks' kept pages hold each, best first. An answer stands until a page is kept
/// anew.
package struct PageTextSearches: Hashable, Sendable {
  package var asked: Set<String> = []
  /// Each text's bookmarks, by their place in the answer (0 is the best).
  package var found: [String: [Bookmark.ID: Int]] = [:]

  package init() {}

  /// Keeps an answer, best first.
  package mutating func answer(_ text: String, _ ranked: [Bookmark.ID]) {
    var places: [Bookmark.ID: Int] = [:]
    for (place, id) in ranked.enumerated() where places[id] == nil { places[id] = place }
    found[text] = places
  }

  /// Whether the bookmark's kept page meets every term; a term not answered yet matches
  /// nothing (until its answer comes).
  package func hold(_ terms: [SearchQuery.PageText], for id: Bookmark.ID) -> Bool {
    terms.allSatisfy { term in
      guard let found = found[term.text] else { return false }
      return (found[id] != nil) != term.isExcluded
    }
  }

  /// `ids` best first by the first text they must hold (where its page holds it first, the
  /// title and opening before the rest), in their order where it says nothing.
  package func ranked<T>(_ items: [T], by terms: [SearchQuery.PageText], id: (T) -> Bookmark.ID) -> [T] {
    guard let first = terms.first(where: { !$0.isExcluded }), let places = found[first.text] else { return items }
    return items.enumerated().sorted { left, right in
      (places[id(left.element)] ?? .max, left.offset) < (places[id(right.element)] ?? .max, right.offset)
    }.map(\.element)
  }
}
