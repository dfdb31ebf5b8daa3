import BookmarkModel

/// How far a `C` check of the links shown is.
public struct LinkCheckProgress: Hashable, Sendable {
  public var done = 0
  public var total: Int
  /// The bookmarks whose links were found dead.
  public var deadIDs: Set<Bookmark.ID> = []
  public var moved = 0
  /// Links the check could not find anything out about (stopped, no network, 429).
  public var unchecked = 0

  public init(total: Int) { self.total = total }
}

extension LinkCheckProgress {
  /// What the bottom line says once the check is done, `kept` of the dead links having a page
  /// kept here.
  public func finishedSentence(kept deadKept: Int) -> String {
    let dead = deadIDs.count
    let links = total == 1 ? "link" : "links"
    let unknown = unchecked > 0 ? " \(unchecked) could not be checked (is the network down?)." : ""
    let kept =
      switch deadKept {
      case 0: ""
      case 1: " One has a kept copy: r reads it."
      default: " \(deadKept) have kept copies: r reads them."
      }
    return "Checked \(total) \(links): \(dead) dead, \(moved) moved." + unknown
      + (dead > 0 ? " /is:dead shows them." : "") + kept
  }
}
