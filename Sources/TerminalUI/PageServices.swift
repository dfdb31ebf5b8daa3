import BookmarkModel

/// What the app can do with the web, handed in by the command that starts it (which alone
/// knows HTTP): fetch a page's title, check links, and read the checks this device kept.
public struct PageServices: Sendable {
  /// The page's title, or nil when there is none to be had.
  public var fetchTitle: @Sendable (String) async -> String?
  /// Checks the bookmarks' links, telling `each` of every result as it comes (the id, the
  /// check, how many are done, how many in all), and keeps the results on this device.
  public var checkLinks:
    @Sendable (_ bookmarks: [Bookmark], _ each: @escaping @Sendable (Bookmark.ID, LinkCheck, Int, Int) -> Void) async ->
      Void
  /// The checks kept on this device.
  public var keptChecks: @Sendable () -> [Bookmark.ID: LinkCheck]

  public init(
    fetchTitle: @escaping @Sendable (String) async -> String?,
    checkLinks:
      @escaping @Sendable ([Bookmark], _ each: @escaping @Sendable (Bookmark.ID, LinkCheck, Int, Int) -> Void) async
      -> Void,
    keptChecks: @escaping @Sendable () -> [Bookmark.ID: LinkCheck]
  ) {
    self.fetchTitle = fetchTitle
    self.checkLinks = checkLinks
    self.keptChecks = keptChecks
  }
}
