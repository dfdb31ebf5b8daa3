/// A history as people read it: newest first, each version with what changed in words
/// ("name, URL changed", "created", "reverted to 1A2B3C4D", "conflict resolved").
public struct HistoryListing: Hashable, Sendable {
  public struct Row: Hashable, Sendable {
    public var version: HistoryVersion
    public var changes: String
    /// The version the bookmark is now (the newest).
    public var isCurrent: Bool
  }

  public let rows: [Row]

  public init(_ history: BookmarkHistory) {
    let newest = history.currentID ?? history.versions.last?.id
    rows = history.versions.reversed().map { version in
      Row(version: version, changes: Self.changes(of: version, in: history), isCurrent: version.id == newest)
    }
  }

  static func changes(of version: HistoryVersion, in history: BookmarkHistory) -> String {
    if let note = version.note { return note }
    guard !version.parents.isEmpty else { return "created" }
    guard let parent = history.parent(of: version) else { return "changed" }
    let fields = version.changedFields(from: parent.bookmark)
    return fields.isEmpty ? "saved again" : fields.joined(separator: ", ") + " changed"
  }
}
