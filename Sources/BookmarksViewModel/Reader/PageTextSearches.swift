import BookmarkModel

/// The filter's `text:` terms as the runtime answers them: which texts were asked for, and
/// which bookmarks' kept pages hold each. An answer stands until a page is kept anew.
struct PageTextSearches: Hashable, Sendable {
  var asked: Set<String> = []
  var found: [String: Set<Bookmark.ID>] = [:]
}
