import BookmarkModel

/// A change this session asked the store for, so the store's echo of it is not announced
/// as a change made elsewhere.
enum OwnChange: Hashable, Sendable {
  /// The bookmark should now read this.
  case present(name: String, url: String)
  /// The bookmark should now be gone.
  case deleted

  /// True when a snapshot shows the change done (the bookmark as expected, or gone).
  func isReflected(by bookmark: Bookmark?) -> Bool {
    switch self {
    case .present(let name, let url): bookmark?.name == name && bookmark?.url == url
    case .deleted: bookmark == nil
    }
  }
}
