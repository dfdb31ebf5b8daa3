import BookmarkModel
import BookmarkStoreInterface

/// The dialog that resolves a conflict: each version of one bookmark (name, URL, device,
/// time), one of them chosen. Enter keeps the chosen one and the others are removed; `b`
/// keeps it and makes each other version a bookmark of its own; `m` merges them field by
/// field (``merge``), previewed before it is saved.
public struct ResolveDialog: Hashable, Sendable {
  /// The bookmark in conflict, as the list shows it.
  public var bookmark: Bookmark
  /// The versions, the current one first; nil until the store has listed them.
  public var versions: [BookmarkVersion]?
  /// Index of the chosen version in ``versions``.
  public var choice: Int
  /// The one sentence explaining why listing or keeping failed.
  public var error: String?
  /// True between Enter and the store's answer.
  public var isResolving: Bool
  /// What was asked of the store (set with ``isResolving``), for the sentence once it is done.
  public var resolution: ConflictResolution?
  /// The field-by-field merge, while the dialog shows it.
  public var merge: ConflictMerge?

  public init(bookmark: Bookmark) {
    self.bookmark = bookmark
    versions = nil
    choice = 0
    error = nil
    isResolving = false
    resolution = nil
    merge = nil
  }

  /// The chosen version, once the versions are listed.
  public var chosen: BookmarkVersion? {
    guard let versions, versions.indices.contains(choice) else { return nil }
    return versions[choice]
  }

  package mutating func moveChoice(by step: Int) {
    guard let versions, !versions.isEmpty else { return }
    choice = (choice + step + versions.count) % versions.count
  }
}
