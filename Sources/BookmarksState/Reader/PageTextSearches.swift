import BookmarkModel

/// The filter's `text:` terms as the runtime answers them: which texts were asked for, and
/// which bookmarks' kept pages hold each. An answer stands until a page is kept anew.
package struct PageTextSearches: Hashable, Sendable {
  package var asked: Set<String> = []
  package var found: [String: Set<Bookmark.ID>] = [:]

  package init() {}
}
