import BookmarkModel

/// The web's answers: titles and link checks.
public enum WebAction: Hashable, Sendable {
  /// A page's title arrived (nil: none could be had) for ``Effect/fetchTitle(_:)``.
  case titleFetched(url: String, title: String?)
  /// The store renamed a bookmark after its page, or could not.
  case retitled(Bookmark.ID, FailureMessage?)
  /// The link checks this device kept, read at the start.
  case linkChecksLoaded([Bookmark.ID: LinkCheck])
  /// One link of a `C` check was checked: `done` of `total`.
  case linkChecked(Bookmark.ID, LinkCheck, done: Int, total: Int)
}

extension Action {
  public static func titleFetched(url: String, title: String?) -> Action { .web(.titleFetched(url: url, title: title)) }
  public static func retitled(_ id: Bookmark.ID, _ failure: FailureMessage?) -> Action { .web(.retitled(id, failure)) }
  public static func linkChecksLoaded(_ checks: [Bookmark.ID: LinkCheck]) -> Action { .web(.linkChecksLoaded(checks)) }
  public static func linkChecked(_ id: Bookmark.ID, _ check: LinkCheck, done: Int, total: Int) -> Action {
    .web(.linkChecked(id, check, done: done, total: total))
  }
}
