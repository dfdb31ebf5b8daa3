import BookmarkModel

/// A search index built off the UI thread for one version of the list (``generation``):
/// the runtime builds it when the view model asks (``Effect/prepareSearch(_:generation:)``)
/// and hands it back with ``Action/searchPrepared(_:)``; one built for an older list is
/// dropped.
public struct PreparedSearch: Hashable, Sendable {
  public let generation: Int
  package let search: BookmarkSearch
  /// The tags in use, the most used first (`tagsByUse()`): what `#`
  /// suggests, found here rather than when `#` is typed (30 ms for 100,000 bookmarks).
  package let tagsByUse: [String]

  /// Builds the index of `bookmarks` (the slow part: every name and URL folded).
  public init(_ bookmarks: [Bookmark], generation: Int) {
    var search = BookmarkSearch()
    search.prepare(bookmarks)
    self.search = search
    self.generation = generation
    tagsByUse = bookmarks.tagsByUse()
  }

  public static func == (lhs: PreparedSearch, rhs: PreparedSearch) -> Bool { lhs.generation == rhs.generation }
  public func hash(into hasher: inout Hasher) { hasher.combine(generation) }
}
