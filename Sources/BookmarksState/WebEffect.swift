import BookmarkModel

/// Work on the web and the pages kept: titles, link checks, archives.
public enum WebEffect: Hashable, Sendable {
  /// Fetch a page's title in the background; the answer is ``Action/titleFetched(url:title:)``.
  case fetchTitle(String)
  /// Check these bookmarks' links in the background (`C`); each result comes as
  /// ``Action/linkChecked(_:_:done:total:)``.
  case checkLinks([Bookmark])
  /// Keep the bookmark's page in this device's archives (`W`); the answer is
  /// ``Action/pageArchived(_:_:)``.
  case archivePage(Bookmark)
  /// Read the bookmark's newest kept page (`r`); the answer is ``Action/archiveRead(_:_:)``.
  case readArchive(Bookmark)
  /// Find the bookmarks whose kept page holds the text (the filter's `text:`); the answer is
  /// ``Action/pageTextFound(_:_:)``.
  case searchPageText(String)
  /// Find which of these bookmarks (dead links) have a page kept here; the answer is
  /// ``Action/keptPagesLoaded(_:)``. Asked only when a link is dead, so the archives are not
  /// opened otherwise.
  case findKeptPages(Set<Bookmark.ID>)
}
