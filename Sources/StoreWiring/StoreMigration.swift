import BookmarkModel
import BookmarkStoreInterface

/// Moves every bookmark from one store to another: copies them in one atomic import, checks
/// that each arrived, makes the source's empty folders there too, and only then removes the
/// bookmarks from the source (unless `keep`). Refuses before changing anything when the
/// destination can't hold them all or a bookmark has an unresolved conflict.
public enum StoreMigration {
  /// What a migration did.
  public struct Outcome: Sendable, Equatable {
    /// How many bookmarks the source held.
    public var total: Int
    /// How many were copied (the rest were already in the destination, by id).
    public var copied: Int
    /// Empty folders of the source made in the destination.
    public var foldersMade: Int
    /// Empty folders the destination refused (its quota, say), with the first reason.
    public var foldersLeft: (count: Int, reason: String)?
    /// The ids of every bookmark moved, and of those copied (not in the other store before).
    public var moved: [Bookmark.ID]
    public var copiedIDs: [Bookmark.ID]

    public init(
      total: Int, copied: Int, foldersMade: Int = 0, foldersLeft: (count: Int, reason: String)? = nil,
      moved: [Bookmark.ID] = [], copiedIDs: [Bookmark.ID] = []
    ) {
      self.total = total
      self.copied = copied
      self.foldersMade = foldersMade
      self.foldersLeft = foldersLeft
      self.moved = moved
      self.copiedIDs = copiedIDs
    }

    public static func == (lhs: Outcome, rhs: Outcome) -> Bool {
      lhs.total == rhs.total && lhs.copied == rhs.copied && lhs.foldersMade == rhs.foldersMade
        && lhs.foldersLeft?.count == rhs.foldersLeft?.count && lhs.foldersLeft?.reason == rhs.foldersLeft?.reason
    }
  }

  /// Why a migration changed nothing; the figures for the sentence the caller writes.
  public enum Refusal: Error, Equatable {
    /// Bookmarks with unresolved conflicts: resolving first keeps every version.
    case conflicts(count: Int)
    /// The destination has room for `capacity` more, and `needed` are to be copied.
    case noRoom(capacity: Int, needed: Int)
    /// After the copy, `count` bookmarks were not in the destination; the source was kept.
    case missing(count: Int)
    /// None of the bookmarks a migrate moved is in the store it moved them to.
    case nothingToMoveBack
  }

  /// Copies and verifies, then removes from `source` unless `keep`. The destination is
  /// opened only once the source is known to be movable (opening can create its files).
  /// `finish` brings a store up to date with its cloud once its change is made (the
  /// destination before the source is emptied, so the bookmarks are in the cloud before they
  /// leave it).
  public static func run(
    from source: any BookmarkStore, to openDestination: () throws -> any BookmarkStore, keep: Bool,
    finish: (any BookmarkStore) async -> Void
  ) async throws -> Outcome {
    let bookmarks = try await source.load()
    let sourceSnapshot = await source.snapshot()
    let conflicted = sourceSnapshot?.conflicted ?? []
    if !conflicted.isEmpty { throw Refusal.conflicts(count: conflicted.count) }
    let destination = try openDestination()
    await destination.sync()
    let already = Set(try await destination.load().map(\.id))
    let copies = bookmarks.filter { !already.contains($0.id) }
    if let capacity = await destination.remainingCapacity(), copies.count > capacity {
      throw Refusal.noRoom(capacity: capacity, needed: copies.count)
    }
    if !copies.isEmpty { try await destination.importBookmarks(copies) }
    let arrived = Set(try await destination.load().map(\.id))
    let missing = bookmarks.count { !arrived.contains($0.id) }
    guard missing == 0 else { throw Refusal.missing(count: missing) }
    let (made, left) = await makeEmptyFolders(sourceSnapshot?.folders ?? [], in: destination)
    await finish(destination)
    if !keep, !bookmarks.isEmpty {
      try await source.removeBookmarks(Set(bookmarks.map(\.id)))
      await finish(source)
    }
    return Outcome(
      total: bookmarks.count, copied: copies.count, foldersMade: made, foldersLeft: left, moved: bookmarks.map(\.id),
      copiedIDs: copies.map(\.id))
  }

  /// Moves back what a migrate moved (``MigrationRecord``), as one step: the bookmarks it
  /// moved that are still in the store it moved them to (as they are now: an edit made since
  /// comes back too) go into the store they came from, are checked to have arrived, and only
  /// then leave the other store, except those that were in it before the migrate and those
  /// the source has again already (written back meanwhile: both copies stay, nothing is lost).
  /// Returns how many went back, how many of those moved are gone (deleted since), and how
  /// many others the store holds (there before, or added since), which stay.
  public static func undo(
    _ record: MigrationRecord, from destination: any BookmarkStore, to openSource: () throws -> any BookmarkStore,
    finish: (any BookmarkStore) async -> Void
  ) async throws -> (movedBack: Int, gone: Int, left: Int) {
    let moved = Set(record.moved)
    let all = try await destination.load()
    let bookmarks = all.filter { moved.contains($0.id) }
    if bookmarks.isEmpty, !moved.isEmpty { throw Refusal.nothingToMoveBack }
    let conflicted = (await destination.snapshot()?.conflicted ?? []).intersection(moved)
    if !conflicted.isEmpty { throw Refusal.conflicts(count: conflicted.count) }
    let source = try openSource()
    await source.sync()
    let already = Set(try await source.load().map(\.id))
    let copies = bookmarks.filter { !already.contains($0.id) }
    if let capacity = await source.remainingCapacity(), copies.count > capacity {
      throw Refusal.noRoom(capacity: capacity, needed: copies.count)
    }
    if !copies.isEmpty { try await source.importBookmarks(copies) }
    let arrived = Set(try await source.load().map(\.id))
    let missing = bookmarks.count { !arrived.contains($0.id) }
    guard missing == 0 else { throw Refusal.missing(count: missing) }
    await finish(source)
    let leaving = Set(copies.map(\.id)).intersection(Set(record.copied))
    if !leaving.isEmpty {
      try await destination.removeBookmarks(leaving)
      await finish(destination)
    }
    return (bookmarks.count, record.moved.count - bookmarks.count, all.count - bookmarks.count)
  }

  /// Makes in `destination` each of `folders` it has neither as a folder nor as the path of a
  /// bookmark, parents first, so empty folders move too. A folder the destination refuses is
  /// counted, not fatal: the bookmarks are already there, and the source keeps its folders.
  private static func makeEmptyFolders(_ folders: [[String]], in destination: any BookmarkStore) async -> (
    Int, (count: Int, reason: String)?
  ) {
    guard !folders.isEmpty else { return (0, nil) }
    var existing = FolderPathSet(await destination.snapshot()?.folders ?? [])
    for bookmark in (try? await destination.load()) ?? [] { existing.insert(bookmark.folder) }
    var made = 0
    var refused = 0
    var reason: String?
    for path in folders where !existing.contains(path) {
      do {
        try await destination.changeFolder(.create(path))
        made += 1
        existing.insert(path)
      } catch {
        refused += 1
        if reason == nil { reason = "\(error)" }
      }
    }
    return (made, reason.map { (refused, $0) })
  }
}
