import BookmarkModel
import Synchronization

/// What a store reports after each change: the bookmarks, or why they cannot be read,
/// and the status line.
public struct StoreSnapshot: Sendable, Hashable {
  public var bookmarks: Result<[Bookmark], StoreError> { didSet { renumber() } }
  public var status: StoreStatus { didSet { renumber() } }
  /// The bookmarks with unresolved conflict versions.
  public var conflicted: Set<Bookmark.ID> { didSet { renumber() } }
  /// The folders the store keeps as folders of their own (empty ones included), each
  /// before its subfolders, siblings in their order. Folders that only exist as the paths
  /// bookmarks carry are not listed here.
  public var folders: [[String]] { didSet { renumber() } }
  /// Recently Deleted, newest first (``DeletedBookmark/newestFirst(_:_:)``).
  public var deleted: [DeletedBookmark] { didSet { renumber() } }
  /// This session's edits that incoming changes replaced unseen, oldest first (the
  /// key-value store's; the others keep conflicts instead).
  public var replacedEdits: [ReplacedEdit] { didSet { renumber() } }
  /// Deletes from the cloud held back because they take too many at once.
  public var heldDeletes: HeldDeletes? { didSet { renumber() } }
  /// When it was made (or last changed), as a number that only grows in this process: of two
  /// snapshots a store sent, the higher is the newer. (Not part of equality: two snapshots
  /// that say the same are equal whenever they were made.)
  public private(set) var generation: UInt64

  private static let made = Atomic<UInt64>(0)

  public init(
    bookmarks: Result<[Bookmark], StoreError>, status: StoreStatus, conflicted: Set<Bookmark.ID> = [],
    folders: [[String]] = [], deleted: [DeletedBookmark] = [], replacedEdits: [ReplacedEdit] = [],
    heldDeletes: HeldDeletes? = nil
  ) {
    self.heldDeletes = heldDeletes
    self.bookmarks = bookmarks
    self.status = status
    self.conflicted = conflicted
    self.folders = folders
    self.deleted = deleted
    self.replacedEdits = replacedEdits
    generation = Self.made.add(1, ordering: .relaxed).newValue
  }

  /// The same snapshot, numbered as made now. A store that sends a snapshot it made earlier
  /// numbers it this way, where snapshots take turns to be sent, so the numbers order them as
  /// sent.
  public func madeNow() -> StoreSnapshot {
    var snapshot = self
    snapshot.renumber()
    return snapshot
  }

  private mutating func renumber() {
    generation = Self.made.add(1, ordering: .relaxed).newValue
  }

  /// Whether this snapshot was made after `other`.
  public func isNewer(than other: StoreSnapshot?) -> Bool {
    other.map { generation > $0.generation } ?? true
  }

  public static func == (lhs: StoreSnapshot, rhs: StoreSnapshot) -> Bool {
    lhs.bookmarks == rhs.bookmarks && lhs.status == rhs.status && lhs.conflicted == rhs.conflicted
      && lhs.folders == rhs.folders && lhs.deleted == rhs.deleted && lhs.replacedEdits == rhs.replacedEdits
      && lhs.heldDeletes == rhs.heldDeletes
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(bookmarks)
    hasher.combine(status)
    hasher.combine(conflicted)
    hasher.combine(folders)
    hasher.combine(deleted)
    hasher.combine(replacedEdits)
    hasher.combine(heldDeletes)
  }
}
