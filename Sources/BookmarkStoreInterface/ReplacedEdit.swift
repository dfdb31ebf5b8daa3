import BookmarkModel

/// An edit made on this device that an incoming change replaced before any other device had
/// seen it (the key-value store's rule is that the cloud's last write wins): what this
/// device wrote, and what replaced it.
public struct ReplacedEdit: Hashable, Sendable, Identifiable {
  /// The edit's own token: the same replaced edit is reported once.
  public var id: String
  /// The bookmark as this device's edit left it.
  public var mine: Bookmark
  /// The bookmark as the incoming change has it.
  public var theirs: Bookmark

  public init(id: String, mine: Bookmark, theirs: Bookmark) {
    self.id = id
    self.mine = mine
    self.theirs = theirs
  }
}
