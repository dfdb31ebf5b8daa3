import BookmarkModel

/// The storage behind the list: one protocol for all three backends.
///
/// Every method may be called from any task. A store reports the current bookmarks and
/// status through ``changes()`` whenever they change, whoever changed them (this process,
/// another session on this device, or the cloud).
public protocol BookmarkStore: Sendable {
  /// Which backend this is.
  var backend: StoreBackend { get }

  /// The bookmarks as stored now, oldest first.
  func load() async throws -> [Bookmark]

  /// The stored bookmarks with these ids, in the list's order; unknown ids are left out. A
  /// store may read only those (user defaults' cache skips the others). (Default: ``load()``,
  /// filtered.)
  func bookmarks(withIDs ids: Set<Bookmark.ID>) async throws -> [Bookmark]

  /// A stream of snapshots: one right away, then one after every change.
  func changes() -> AsyncStream<StoreSnapshot>

  /// The snapshot ``changes()`` sent last: every change a write made is in it once the write
  /// has returned (a store sends its snapshot before a write returns). `nil` before the
  /// first. A save's answer carries it, so the screen updates from the one answer.
  var lastSnapshot: StoreSnapshot? { get }

  /// The store's snapshot now, stamped with what it holds everything up to (every change up
  /// to the stamp is in it; one after it changes the stamp too), or nil where the store can't
  /// name that. (Default: nil.)
  func stampedSnapshot() async -> StampedSnapshot?

  /// Stores a new bookmark from a validated draft and returns it.
  func add(_ draft: BookmarkDraft) async throws -> Bookmark

  /// Replaces the name and URL of a stored bookmark and returns the result.
  func update(id: Bookmark.ID, with draft: BookmarkDraft) async throws -> Bookmark

  /// Deletes a stored bookmark: it goes to Recently Deleted, with the time and this device's
  /// name, in the same write.
  func delete(id: Bookmark.ID) async throws

  /// Exchanges the places of two stored bookmarks in the store's order (the manual order,
  /// `J`/`K`); nothing else about them changes, not even their modification dates. Synced
  /// like any other change.
  func exchangePlaces(of first: Bookmark.ID, and second: Bookmark.ID) async throws

  /// Makes a folder, or renames, moves or deletes one with everything in it, as one write
  /// that syncs as one change. Throws ``StoreError/folder(_:)`` when it can't be made.
  func changeFolder(_ change: FolderChange) async throws

  /// The backend's state for the bottom line.
  func status() async -> StoreStatus

  /// Adds many bookmarks, ids and dates as given, and the empty `folders` (paths; one the
  /// store has is left as it is), in one atomic write: afterwards the store holds all of
  /// them or, if the write fails or the process dies, none. Bookmarks whose id is already
  /// stored are left out.
  func importBookmarks(_ bookmarks: [Bookmark], folders: [[String]]) async throws

  /// How many more bookmarks fit, or `nil` when there is no limit. (Default: `nil`.)
  func remainingCapacity() async -> Int?

  /// Brings a synced store up to date: pushes queued changes and fetches other devices'
  /// changes, returning when done or when the cloud turns out to be unreachable (the
  /// changes then stay queued). Commands call it before reading and before exiting.
  /// Returns the status afterwards, or `nil` for a local store, which has nothing to sync.
  @discardableResult
  func sync() async -> StoreStatus?

  /// Deletes every stored bookmark with one of these ids in one write where the backend
  /// can (unknown ids are ignored), without keeping them in Recently Deleted. Used by
  /// `cloudy migrate` once the bookmarks are safely in the other store.
  func removeBookmarks(_ ids: Set<Bookmark.ID>) async throws

  /// Recently Deleted as stored now, newest first; what has been kept its time is left out
  /// (and goes with the store's next write).
  func recentlyDeleted() async throws -> [DeletedBookmark]

  /// Puts these deleted bookmarks back, each with its id, dates, tags, notes and place, in
  /// its folder (made again if it is gone), in one write that takes them out of Recently
  /// Deleted. An id already back in the list (restored on another device meanwhile) only
  /// leaves Recently Deleted; unknown ids are ignored. Returns the bookmarks put back.
  @discardableResult
  func restoreDeleted(_ ids: Set<Bookmark.ID>) async throws -> [Bookmark]

  /// Deletes these bookmarks from Recently Deleted for good (all of them for `nil`), in one
  /// write. Returns how many went.
  @discardableResult
  func removeDeleted(_ ids: Set<Bookmark.ID>?) async throws -> Int

  /// The store as one that syncs, if it does (``SyncedBookmarkStore``): nil for a local one.
  var synced: (any SyncedBookmarkStore)? { get }

  /// The store as one that keeps versions, if it does (``VersionedBookmarkStore``).
  var versioned: (any VersionedBookmarkStore)? { get }
}
