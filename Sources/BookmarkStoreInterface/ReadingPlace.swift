import BookmarkModel

/// Where someone is in the list: the folder shown, the bookmark selected, the order and the
/// kept filter. A synced store keeps it for the account so another device opens there
/// (issue 18.6: "restore the right document and scroll position so the user resumes where he
/// left off").
public struct ReadingPlace: Hashable, Sendable {
  /// The folder shown (`[]` the top level), or nil for the flat list of every bookmark.
  public var folder: [String]?
  /// The selected bookmark.
  public var selected: Bookmark.ID?
  /// The list's order, by its name (`manual`, `name` …).
  public var sort: String?
  /// The kept `/` filter's query.
  public var filter: String?

  public init(folder: [String]?, selected: Bookmark.ID? = nil, sort: String? = nil, filter: String? = nil) {
    self.folder = folder
    self.selected = selected
    self.sort = sort
    self.filter = filter
  }
}

/// Keeps a ``ReadingPlace`` for the account: read when the list opens, written as the user
/// moves (coalesced), flushed when the list closes.
public protocol PlaceFollowing: Sendable {
  /// The place last saved on any device of the account, after catching up with the cloud.
  func load() async -> ReadingPlace?
  /// Remembers the place; writes are coalesced, so moving through a list never floods the cloud.
  func save(_ place: ReadingPlace)
  /// Writes a place still waiting to be written, and sends it to the cloud.
  func flush() async
}
