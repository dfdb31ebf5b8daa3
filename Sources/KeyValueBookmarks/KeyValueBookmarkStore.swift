import BookmarkModel
import BookmarkStoreInterface
import Broadcasting
import Foundation
import KeyValueStore
import PropertyLists
import StoreSupport
import Synchronization

/// The `key-value` backend: bookmarks in an ``UbiquitousKeyValueStore`` synced through
/// the cloud, one key per bookmark (``KeyValueBookmarkLayout``).
///
/// The store's local cache is the local copy: the list opens from it at once, works
/// without the cloud, and queues changes there durably until the cloud confirms them.
public final class KeyValueBookmarkStore: SyncedBookmarkStore {
  public let backend = StoreBackend.keyValue
  public let keyValueStore: UbiquitousKeyValueStore
  let environment: BookmarkEnvironment
  let rules: RecentlyDeletedRules
  let state = Mutex(State())
  let snapshots = Broadcast<StoreSnapshot>(bufferingPolicy: .bufferingNewest(1))
  let decoded = KeyValueDecodedEntries()
  let deletedEntries = KeyValueDeletedEntries()

  struct State: ~Copyable {
    var observers: [Task<Void, Never>] = []
    /// This session's last edit of each bookmark, by id: its token and what it wrote.
    var ownEdits: [Bookmark.ID: (token: String, bookmark: Bookmark)] = [:]
    /// Those that incoming changes replaced before any other device saw them.
    var replacedEdits: [ReplacedEdit] = []
  }

  /// A bookmark store over a key-value store, which it starts syncing.
  public init(
    keyValueStore: UbiquitousKeyValueStore, environment: BookmarkEnvironment = .live,
    recentlyDeleted rules: RecentlyDeletedRules = .thisComputer
  ) {
    self.keyValueStore = keyValueStore
    self.environment = environment
    self.rules = rules
    let changes = keyValueStore.externalChanges()
    let statuses = keyValueStore.statusUpdates()
    let observers = [
      Task { [weak self] in
        for await change in changes {
          if change.reason == .serverChange { self?.noticeReplacedEdits(change.changedKeys) }
          self?.publish()
        }
      },
      Task { [weak self] in
        for await _ in statuses { self?.publish() }
      },
    ]
    state.withLock { $0.observers = observers }
    keyValueStore.removalHold.setRule(.init(counting: { $0.hasPrefix(KeyValueBookmarkLayout.prefix) }))
    keyValueStore.start()
  }

  deinit {
    // Outside the lock: no task is cancelled and no stream finished while one is held.
    let observers = state.withLock { $0.observers }
    for observer in observers { observer.cancel() }
    snapshots.finish()
  }

  public func load() async throws -> [Bookmark] {
    KeyValueBookmarkLayout.contents(in: keyValueStore.dictionaryRepresentation, decoded: decoded).bookmarks
  }

  public var lastSnapshot: StoreSnapshot? { snapshots.last }

  public func changes() -> AsyncStream<StoreSnapshot> {
    snapshots.subscribe { [self] in currentSnapshot() }
  }

  public func add(_ draft: BookmarkDraft) async throws -> Bookmark {
    let time = environment.now()
    let now = time.wholeSeconds
    var bookmark = draft.newBookmark(id: environment.newID(), at: now)
    var (filing, bookmarks) = filing(at: time)
    filing.file(&bookmark)
    let entry = KeyValueBookmarkLayout.entry(for: bookmark, addedAt: time)
    try write(Self.batch([KeyValueBookmarkLayout.key(for: bookmark.id): entry], filing, bookmarks))
    return bookmark
  }

  public func update(id: Bookmark.ID, with draft: BookmarkDraft) async throws -> Bookmark {
    let key = KeyValueBookmarkLayout.key(for: id)
    guard let value = keyValueStore.object(forKey: key), let entry = value.dictionary,
      let stored = Bookmark(propertyList: value)
    else { throw StoreError.notFound(id) }
    let time = environment.now()
    var (filing, bookmarks) = filing(at: time)
    var bookmark = filing.tree.resolved(stored)
    let before = bookmark.folder
    draft.apply(to: &bookmark, at: time.wholeSeconds)
    if bookmark.folder != before { filing.file(&bookmark) }
    // Keep any keys another version of Cloudy may have added to the entry. The edit names
    // itself and the edit it was made on, so a device can tell an incoming change made
    // after seeing its edit from one made without (``noticeReplacedEdits(_:)``).
    let edited = Self.savedAgain(bookmark.merged(into: entry))
    try write(Self.batch([key: .dictionary(edited)], filing, bookmarks))
    if let token = edited[Self.editKey]?.string { state.withLock { $0.ownEdits[id] = (token, bookmark) } }
    return bookmark
  }

  /// One write of the folder records the change makes or changes, and of the bookmarks in
  /// the folder that carried only a path (filed under a record now, so they move with it).
  public func changeFolder(_ change: FolderChange) async throws {
    var (filing, bookmarks) = filing(at: environment.now())
    let writes: FolderTree.Writes
    do {
      writes = try filing.writes(for: change, bookmarks: bookmarks)
    } catch {
      throw StoreError.folder(error)
    }
    var batch: [String: PropertyList?] = [:]
    for record in writes.records { batch[KeyValueBookmarkLayout.key(forFolder: record.id)] = record.propertyList }
    for bookmark in writes.bookmarks {
      let key = KeyValueBookmarkLayout.key(for: bookmark.id)
      guard let entry = keyValueStore.object(forKey: key)?.dictionary else { continue }
      var stored = entry
      stored["folderID"] = bookmark.folderID.map { PropertyList.string($0) }
      batch[key] = .dictionary(stored)
    }
    guard !batch.isEmpty else { return }
    try write(Self.batch(batch, filing, bookmarks))
  }

  /// How long a deleted folder's record is kept at least: long enough for every device to
  /// have synced the delete. Then it goes once nothing points at it (a device offline longer
  /// that files a bookmark in the folder shows it at the path it carries: nothing is lost).
  static let tombstoneLifetime: TimeInterval = 30 * 24 * 60 * 60

  /// The store's folder records and bookmarks now, to file bookmarks in one write.
  func filing(at time: Date) -> (filing: FolderFiling, bookmarks: [Bookmark]) {
    let contents = KeyValueBookmarkLayout.contents(in: keyValueStore.dictionaryRepresentation, decoded: decoded)
    return (FolderFiling(tree: contents.tree, time: time, newID: environment.newID), contents.bookmarks)
  }

  /// These values, the folder records made for them, and the removal of expired tombstones
  /// (a deleted folder's record takes a key of the quota), as one batch. `bookmarks` are the
  /// store's as `filing` was made from them.
  static func batch(_ values: [String: PropertyList?], _ filing: FolderFiling, _ bookmarks: [Bookmark])
    -> [String: PropertyList?]
  {
    var batch = values
    for record in filing.writes.records {
      batch[KeyValueBookmarkLayout.key(forFolder: record.id)] = record.propertyList
    }
    let expiry = filing.now.addingTimeInterval(-tombstoneLifetime)
    for id in filing.tree.expiredTombstones(deletedBefore: expiry, bookmarks: bookmarks) {
      let key = KeyValueBookmarkLayout.key(forFolder: id)
      if batch[key] == nil { batch[key] = .some(nil) }
    }
    return batch
  }

  /// One write of the two keys: their places (`addedMicroseconds`) exchanged.
  public func exchangePlaces(of first: Bookmark.ID, and second: Bookmark.ID) async throws {
    let keys = (KeyValueBookmarkLayout.key(for: first), KeyValueBookmarkLayout.key(for: second))
    func stored(_ id: Bookmark.ID, _ key: String) throws -> (Bookmark.ID, [String: PropertyList], Date) {
      guard let value = keyValueStore.object(forKey: key), let entry = value.dictionary,
        let bookmark = Bookmark(propertyList: value)
      else { throw StoreError.notFound(id) }
      return (id, entry, bookmark.created)
    }
    let exchanged = KeyValueBookmarkLayout.exchangingPlaces(try stored(first, keys.0), try stored(second, keys.1))
    do {
      try keyValueStore.setValues([keys.0: exchanged.first, keys.1: exchanged.second])
    } catch let error as KeyValueStoreError {
      throw storeError(error)
    }
    try saveOrUndo([keys.0, keys.1])
    publish()
  }

  /// Imports as one write to the store (and one atomic write of the local cache): all of
  /// it, or — if it would break a quota — none of it, saying how many would fit.
  public func importBookmarks(_ bookmarks: [Bookmark], folders paths: [[String]]) async throws {
    let stored = keyValueStore.dictionaryRepresentation
    var batch: [String: PropertyList?] = [:]
    var added: [(key: String, size: Int)] = []
    // The bookmarks keep the order they are given in (a file's, or another store's list),
    // one microsecond apart from the start of the import.
    let start = environment.now()
    var filing = filing(at: start).filing
    for (index, given) in bookmarks.enumerated() {
      let key = KeyValueBookmarkLayout.key(for: given.id)
      guard stored[key] == nil, batch[key] == nil else { continue }
      var bookmark = given
      filing.file(&bookmark)
      let entry = KeyValueBookmarkLayout.entry(for: bookmark, addedAt: start, offset: index)
      batch[key] = entry
      added.append((key, KeyValueLimits.entrySize(key: key, value: entry)))
    }
    for path in paths where !path.isEmpty { filing.file(folder: path) }
    guard !batch.isEmpty || !filing.writes.records.isEmpty else { return }
    // The folders the bookmarks are filed in take room first: the bookmarks need them.
    var folders: [(key: String, size: Int)] = []
    for record in filing.writes.records {
      let key = KeyValueBookmarkLayout.key(forFolder: record.id)
      batch[key] = record.propertyList
      folders.append((key, KeyValueLimits.entrySize(key: key, value: record.propertyList)))
    }
    do {
      try keyValueStore.setValues(batch)
    } catch let error as KeyValueStoreError where error.isQuotaViolation {
      let fit = max(0, fitting(folders + added) - folders.count)
      throw StoreError.wouldNotFit(.keyValue, fitting: fit, requested: added.count)
    }
    try saveOrUndo(Array(batch.keys))
    publish()
  }

  /// Removes the keys of these bookmarks as one change of the store.
  public func removeBookmarks(_ ids: Set<Bookmark.ID>) async throws {
    var batch: [String: PropertyList?] = [:]
    for id in ids where keyValueStore.object(forKey: KeyValueBookmarkLayout.key(for: id)) != nil {
      batch[KeyValueBookmarkLayout.key(for: id)] = .some(nil)
    }
    guard !batch.isEmpty else { return }
    do {
      try keyValueStore.setValues(batch)
    } catch let error as KeyValueStoreError {
      throw storeError(error)
    }
    try saveOrUndo(Array(batch.keys))
    publish()
  }

  /// How many more bookmarks fit under the key quota (the byte quota is checked on import).
  public func remainingCapacity() async -> Int? {
    max(0, KeyValueLimits.maximumKeys - keyValueStore.status.keys)
  }

  /// How many of these entries, in order, fit in the room the store has left.
  func fitting(_ entries: [(key: String, size: Int)]) -> Int {
    let status = keyValueStore.status
    var keys = status.keys
    var bytes = status.bytes
    var count = 0
    for entry in entries {
      keys += 1
      bytes += entry.size
      if keys > KeyValueLimits.maximumKeys || bytes > KeyValueLimits.maximumTotalBytes { break }
      count += 1
    }
    return count
  }

  public func status() async -> StoreStatus {
    currentSnapshot().status
  }

  @discardableResult
  public func sync() async -> StoreStatus? {
    await keyValueStore.syncNow()
    return currentSnapshot().status
  }

  // MARK: - Writing

  /// Sets (or removes, for `nil`) keys in one change and saves them to the local cache. If
  /// the cache can't be written, the in-memory values are put back, so nothing changes.
  func write(_ batch: [String: PropertyList?]) throws {
    do {
      try keyValueStore.setValues(batch)
    } catch let error as KeyValueStoreError {
      throw storeError(error)
    }
    try saveOrUndo(Array(batch.keys))
    publish()
  }

  /// Saves to the local cache; if that fails, forgets the unsaved change to `keys` (their
  /// values go back to what the cache holds, and nothing is queued) and throws.
  func saveOrUndo(_ keys: [String]) throws {
    do {
      try keyValueStore.save()
    } catch KeyValueStoreError.cacheNotDurable(_, let reason) {
      // The change is in the local copy and queued: it is not undone.
      throw StoreError.savedNotDurable(reason: reason)
    } catch {
      keyValueStore.discardUnsaved(keys)
      if case KeyValueStoreError.cacheUnwritable(let path, let reason) = error {
        throw StoreError.writeFailed(path: path, reason: reason)
      }
      throw error
    }
  }

  /// The store error for a key-value error; a broken quota says how many keys Recently
  /// Deleted holds, when it holds any.
  func storeError(_ error: KeyValueStoreError) -> StoreError {
    let error = Self.storeError(error)
    guard case .quotaExceeded(let limit) = error else { return error }
    let deleted = deletedEntries.deleted(in: keyValueStore.dictionaryRepresentation).count
    return deleted == 0 ? error : .quotaExceededWithDeleted(limit, deleted: deleted)
  }

  static func storeError(_ error: KeyValueStoreError) -> StoreError {
    switch error {
    case .tooManyKeys: return .quotaExceeded(.keys(KeyValueStore.KeyValueLimits.maximumKeys))
    case .storeTooLarge: return .quotaExceeded(.totalBytes(KeyValueStore.KeyValueLimits.maximumTotalBytes))
    case .valueTooLarge: return .quotaExceeded(.valueBytes(KeyValueStore.KeyValueLimits.maximumValueBytes))
    case .invalidKey, .unstorableValue, .cacheUnwritable:
      return .writeFailed(path: "the key-value store", reason: error.description)
    case .cacheNotDurable(_, let reason):
      return .savedNotDurable(reason: reason)
    }
  }

  // MARK: - Snapshots

  func publish() {
    snapshots.sendIfChanged { currentSnapshot() }
  }

  func currentSnapshot() -> StoreSnapshot {
    let keyValue = keyValueStore.status
    let values = keyValueStore.dictionaryRepresentation
    let (bookmarks, tree, unreadable) = KeyValueBookmarkLayout.contents(in: values, decoded: decoded)
    let sync = StoreStatus.syncState(keyValue.state, pending: keyValue.pending)
    var problem = keyValue.problem
    if problem == nil, unreadable > 0 {
      problem =
        unreadable == 1
        ? "1 stored entry could not be read; it is kept as it is."
        : "\(unreadable) stored entries could not be read; they are kept as they are."
    }
    let deleted = DeletedBookmark.notListed(
      deletedEntries.deleted(in: values).map(\.deleted), listed: bookmarks)
    let held = keyValue.held.map { held in
      HeldDeletes(
        held,
        copy: { KeyValueBookmarkLayout.id(forKey: $0).map(KeyValueBookmarkLayout.key(forDeleted:)) },
        present: { values[$0] != nil })
    }
    if let held { problem = (problem.map { $0 + " " } ?? "") + held.sentence }
    let quota = StoreStatus.Quota(
      keysUsed: keyValue.keys, keysLimit: KeyValueLimits.maximumKeys, bytesUsed: keyValue.bytes,
      bytesLimit: KeyValueLimits.maximumTotalBytes, deletedKeys: deleted.count)
    return StoreSnapshot(
      bookmarks: .success(bookmarks),
      status: StoreStatus(backend: backend, sync: sync, pending: keyValue.pending, quota: quota, problem: problem),
      folders: tree.liveFolders, deleted: rules.kept(deleted, now: environment.now),
      replacedEdits: state.withLock { $0.replacedEdits }, heldDeletes: held)
  }
}
