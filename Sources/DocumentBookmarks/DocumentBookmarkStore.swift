import BookmarkModel
import BookmarkStoreInterface
import Broadcasting
import Foundation
import PropertyLists
import StoreSupport
import Synchronization
import Ubiquity

/// The `documents` backend: one document per bookmark in a synced container
/// (``BookmarkDocument`` format, `<id>.bookmark`), listed by a live ``MetadataQuery``.
///
/// No quota: the container holds as many bookmarks as the disk does. Two devices editing
/// one bookmark keep both edits as versions; the row shows the conflict until the user
/// keeps one.
///
/// Folders are documents too (`<id>.folder`, ``FolderRecord``); a bookmark filed in one
/// carries its id (`folder-id:`). Two devices changing one folder at once: the change saved
/// last (by its `modified` time, then its version id) is kept, on every device, without asking.
///
/// Recently Deleted: deleting `<id>.bookmark` writes `<id>.deleted` in the same commit (the
/// document with `deleted:` and `deleted-on:` lines, ``DeletedBookmark``). Two devices
/// deleting one bookmark at once: the later deletion is kept, as for folders.
public final class DocumentBookmarkStore: VersionedBookmarkStore {
  public let backend = StoreBackend.documents
  public let container: DocumentContainer
  public let query: MetadataQuery
  private let environment: BookmarkEnvironment
  private let rules: RecentlyDeletedRules
  private let historyRules: HistoryRules
  private let state = Mutex(State())
  private let snapshots = Broadcast<StoreSnapshot>(bufferingPolicy: .bufferingNewest(1))

  private struct State: ~Copyable {
    var entries: [String: Entry] = [:]
    /// Folder records by file.
    var folders: [String: FolderEntry] = [:]
    /// Recently Deleted's documents by file.
    var deleted: [String: DeletedEntry] = [:]
    /// The history documents by file (their contents are read when a history is asked for).
    var histories: [String: HistoryEntry] = [:]
    /// Recently Deleted, newest first, made when first asked for after a change.
    var deletedSorted: [DeletedBookmark]?
    var tree: FolderTree?
    /// The index generation of each document removed, as applied (a document still there
    /// keeps its generation in its entry).
    var removedAt: [String: Int64] = [:]
    var sorted: [Bookmark]?
    var fileByID: [Bookmark.ID: String] = [:]
    var unreadable = 0
    var gatherError: String?
    var observers: [Task<Void, Never>] = []
    /// The index generation ``catchUp()`` has applied everything up to.
    var caughtUp: Int64 = 0
    /// The bookmarks in conflict, made when first asked for after a change.
    var conflicted: Set<Bookmark.ID>?
    /// Documents read from the cache and not yet in ``entries`` and ``fileByID``: opening
    /// from the cache gives the sorted list at once, and the dictionaries are made when
    /// something first needs them (a change, an edit, a save of the cache).
    var unindexed: GatheredDocumentsCache.Contents?

    mutating func makeIndex() {
      guard let cached = unindexed else { return }
      (entries, fileByID) = Self.index(cached)
      unindexed = nil
    }

    /// The dictionaries for what the cache held (``entries`` and ``fileByID`` are empty
    /// until they are made: every use of them makes them first).
    static func index(_ cached: GatheredDocumentsCache.Contents) -> ([String: Entry], [Bookmark.ID: String]) {
      var entries: [String: Entry] = [:]
      var fileByID: [Bookmark.ID: String] = [:]
      entries.reserveCapacity(cached.documents.count)
      fileByID.reserveCapacity(cached.documents.count)
      for (index, document) in cached.documents.all.enumerated() {
        let file = cached.file(of: document, at: index)
        let bookmark = index < cached.bookmarks.count ? cached.bookmarks[index] : nil
        entries[file] = Entry(
          bookmark: bookmark, order: document.order, version: document.version, generation: document.generation)
        if let bookmark { fileByID[bookmark.id] = file }
      }
      return (entries, fileByID)
    }
  }

  /// Runs `body` on the state with its dictionaries made.
  private func indexed<T>(_ body: (inout State) -> T) -> T {
    state.withLock { state in
      state.makeIndex()
      return body(&state)
    }
  }

  private struct Entry {
    var bookmark: Bookmark?
    var order: Int
    var version: MetadataQuery.Version
    /// The index generation of the state applied.
    var generation: Int64

    var conflicted: Bool { version.conflictVersions > 0 }
  }

  private struct DeletedEntry {
    /// Nil for a document that can't be read.
    var deleted: DeletedBookmark?
    var order: Int
    var version: MetadataQuery.Version
    var generation: Int64
    var contents: Data

    /// `file`'s entry: a document filed under another id's name is one that can't be read
    /// (a copy would otherwise show twice).
    init(file: String, contents: Data, version: MetadataQuery.Version, generation: Int64) {
      let read = DeletedBookmark.read(document: contents).flatMap { read in
        file == DocumentContainer.fileName(for: read.deleted.id, extension: DocumentBookmarkStore.deletedExtension)
          ? read : nil
      }
      deleted = read?.deleted
      order = read?.order ?? 0
      self.version = version
      self.generation = generation
      self.contents = contents
    }
  }

  private struct HistoryEntry {
    var version: MetadataQuery.Version
    var generation: Int64
    var readable: Bool
  }

  private struct FolderEntry {
    /// Nil for a folder document that can't be read.
    var record: FolderRecord?
    var version: MetadataQuery.Version
    var generation: Int64
  }

  /// Where the store keeps a copy of what it gathered (``GatheredDocumentsCache``), or nil
  /// when the index can't name itself (one kept in memory).
  private var cachePath: String? {
    container.index.identity == nil ? nil : container.root + "/" + GatheredDocumentsCache.fileName
  }

  public static let fileExtension = "bookmark"
  public static let folderExtension = "folder"
  private static let folderSuffix = "." + folderExtension
  public static let deletedExtension = "deleted"
  private static let deletedSuffix = "." + deletedExtension
  /// A bookmark's history (``BookmarkHistory``), beside its `<id>.bookmark`.
  public static let historyExtension = "history"
  private static let historySuffix = "." + historyExtension

  /// Whether a file's contents are a bookmark or folder document: for the container, which
  /// keeps a damaged one aside rather than syncing it.
  public static let isReadable: @Sendable (Data) -> Bool = {
    BookmarkDocument.read($0) != nil || FolderRecord(document: $0) != nil || BookmarkHistory(document: $0) != nil
  }

  /// The file a bookmark document belongs under (its id's), for the container: one dropped in
  /// under another name is filed there, and a second document of one id is kept aside.
  public static let filedName: @Sendable (Data) -> String? = { contents in
    BookmarkDocument.read(contents).map { DocumentContainer.fileName(for: $0.bookmark.id, extension: fileExtension) }
  }

  /// Which of two documents holding one bookmark id is listed (the other counts as one that
  /// can't be read): the one under the id's own name, else the first by name; the same
  /// choice on every device, whatever order they arrive in.
  private static func lists(_ file: String, over holder: String, id: Bookmark.ID) -> Bool {
    let own = DocumentContainer.fileName(for: id, extension: fileExtension)
    if file == own || holder == own { return file == own }
    return file.utf8.lexicographicallyPrecedes(holder.utf8)
  }

  /// A store over a container: gathers it now (from its cache and the index's changes since,
  /// when it can), then follows it live (unless `watching` is false: a command that exits
  /// when done) and syncs it.
  /// `rules` name this device by the container's device name unless given.
  public init(
    container: DocumentContainer, environment: BookmarkEnvironment = .live,
    recentlyDeleted rules: RecentlyDeletedRules? = nil, history historyRules: HistoryRules = HistoryRules(),
    watching: Bool = true
  ) {
    self.container = container
    self.historyRules = historyRules
    self.environment = environment
    self.rules = rules ?? RecentlyDeletedRules(device: container.deviceName)
    let bookmarkSuffix = "." + Self.fileExtension
    container.removalHold.setRule(.init(counting: { $0.hasSuffix(bookmarkSuffix) }))
    query = MetadataQuery(container: container, watching: watching)
    let updates = query.updates()
    let statuses = container.statusUpdates()
    let observers = [
      Task { [weak self] in
        // The gathering is applied below, as `start()` returns it.
        for await update in updates where !update.isGathering { self?.apply(update) }
      },
      Task { [weak self] in
        for await _ in statuses { self?.publish() }
      },
    ]
    state.withLock { $0.observers = observers }
    do {
      // Read before the gathering, so the first catch-up starts no later than it.
      let gathered = (try? container.index.read { try $0.generation() }) ?? 0
      let identity = container.index.identity
      let cached = identity.flatMap { identity in
        cachePath.flatMap { path in
          GatheredDocumentsCache.read(path, identity: identity) { folders in
            folders.isEmpty ? nil : FolderTree(folders.compactMap { Self.folderRecord($0.file, $0.contents) })
          }
        }
      }
      if let cached { restore(cached) }
      switch try query.start(resuming: cached.map(Self.known)) {
      case .gathered(let items):
        apply(.gathered(items))
        state.withLock { $0.caughtUp = gathered }
        if let identity { writeCache(holdingEverythingUpTo: gathered, identity: identity) }
      case .resumed(let updates, let through, let read):
        for update in updates { apply(update) }
        // Everything up to `through` is applied now (only the cache's generation, if the
        // index could not be read just then).
        state.withLock { $0.caughtUp = through }
        // A cache far behind the index is brought up to date, so later opens read few rows.
        // Counted in rows read, not changes shown: a push after an import changes every row
        // only in what syncing keeps, and a cache left behind it had every later open of a
        // synced store read the whole index (100,000 bookmarks: 91 MB, most of a second).
        if let identity, read >= Self.changesWorthACache {
          writeCache(holdingEverythingUpTo: through, identity: identity)
        }
      }
    } catch {
      state.withLock { $0.gatherError = "\(error)" }
    }
    container.start()
  }

  deinit {
    query.stop()
    // Outside the lock: no task is cancelled and no stream finished while one is held.
    let observers = state.withLock { $0.observers }
    for observer in observers { observer.cancel() }
    snapshots.finish()
  }

  // MARK: - BookmarkStore

  public func load() async throws -> [Bookmark] {
    if let problem = state.withLock({ $0.gatherError }) {
      throw StoreError.unreadable(path: container.root, reason: problem)
    }
    // Not following the index live (a command): what changed since it was last read is
    // read now, so a command that reads again after a long wait (`check --update-moved`,
    // `retitle`) compares with the bookmarks as they are, not as they were when it began.
    if !query.watching { catchUp() }
    return sortedBookmarks()
  }

  public func changes() -> AsyncStream<StoreSnapshot> {
    // Someone follows the list (the app): the dictionaries the cache left to make are made
    // now, off the caller's path, so the first edit or change doesn't wait for them.
    if state.withLock({ $0.unindexed != nil }) {
      Task.detached(priority: .background) { [weak self] in self?.makeIndexOutsideTheLock() }
    }
    return snapshots.subscribe { [self] in currentSnapshot() }
  }

  /// Makes the dictionaries without holding the lock (100,000 documents: about a quarter of
  /// a second, in which the list's snapshot must not wait), then puts them in unless a change
  /// that needed them made them meanwhile.
  private func makeIndexOutsideTheLock() {
    guard let cached = state.withLock({ $0.unindexed }) else { return }
    let (entries, fileByID) = State.index(cached)
    state.withLock { state in
      guard state.unindexed != nil else { return }
      (state.entries, state.fileByID) = (entries, fileByID)
      state.unindexed = nil
    }
  }

  public func add(_ draft: BookmarkDraft) async throws -> Bookmark {
    let time = environment.now()
    let now = time.wholeSeconds
    var bookmark = draft.newBookmark(id: environment.newID(), at: now)
    var filing = filing(at: time)
    filing.file(&bookmark)
    let document = UbiquitousDocument(container: container, file: file(forNew: bookmark.id))
    let contents = BookmarkDocument.data(for: bookmark, order: Self.order(time))
    if !filing.writes.records.isEmpty {
      // The bookmark and its new folders in one commit.
      let documents = folderDocuments(filing.writes.records) + [(file: document.file, contents: contents)]
      _ = try await changing(document.file, to: contents) { try container.create(documents) }
      refresh(documents.map(\.file))
      return bookmark
    }
    try await changing(document.file, to: contents) {
      try await document.save(contents, for: .forCreating)
    }
    refresh([document.file])
    return bookmark
  }

  public func update(id: Bookmark.ID, with draft: BookmarkDraft) async throws -> Bookmark {
    try await save(id: id, with: draft, note: nil).bookmark
  }

  /// Saves a draft over a bookmark as a new version, recorded in its history (with `note`)
  /// in the same commit. Returns the bookmark saved and as it was, and whether a folder had to
  /// be made.
  private func save(id: Bookmark.ID, with draft: BookmarkDraft, note: String?) async throws -> (
    bookmark: Bookmark, before: Bookmark, madeFolder: Bool
  ) {
    guard let file = indexed({ $0.fileByID[id] }) else { throw StoreError.notFound(id) }
    let document = UbiquitousDocument(container: container, file: file)
    let opened = try await translating(id: id) { try await document.open() }
    guard let (stored, order) = BookmarkDocument.read(opened) else {
      throw StoreError.unreadable(path: container.documentsDirectory + "/" + file, reason: "not a bookmark document")
    }
    let replaced = savedVersion(stored, contents: opened, current: (try? container.entry(file))?.currentVersion)
    let time = environment.now()
    var filing = filing(at: time)
    let shown = filing.tree.resolved(stored)
    var bookmark = shown
    draft.apply(to: &bookmark, at: time.wholeSeconds)
    if bookmark.folder != shown.folder { filing.file(&bookmark) }
    let contents = BookmarkDocument.data(for: bookmark, order: order)
    let history = recordingHistory(of: id, new: bookmark, replacing: [replaced], note: note, at: time)
    defer { Task { await document.close() } }
    // The history's file is written in the commit too: if the commit fails, it is made to
    // agree with the index again, as the bookmark's is.
    func settlingHistory(_ body: () async throws -> Void) async throws {
      do {
        try await body()
      } catch {
        _ = try? container.settle(history.file)
        throw error
      }
    }
    if !filing.writes.records.isEmpty {
      // The bookmark and the folders it is filed in now, in one commit; the bookmark must
      // still be there (deleted meanwhile, it is not made again).
      let documents = folderDocuments(filing.writes.records) + [(file: file, contents: contents)]
      try await settlingHistory {
        _ = try await changing(file, to: contents, id: id) {
          try container.change(
            deleting: [], writing: documents, overwriting: true, requiringExisting: [file], deriving: [history])
        }
      }
      refresh(documents.map(\.file) + [history.file])
      return (bookmark, shown, true)
    }
    try await settlingHistory {
      try await changing(file, to: contents, id: id) {
        try await document.save(contents, for: .forOverwriting, deriving: [history])
      }
    }
    refresh([file, history.file])
    return (bookmark, shown, false)
  }

  /// Two saves, each document taking the other's `order:`. (A crash between them leaves
  /// both at one place, sorted by id: nothing is lost.) Two at the same place (two devices
  /// moved them at once) are told apart by one microsecond.
  public func exchangePlaces(of first: Bookmark.ID, and second: Bookmark.ID) async throws {
    let a = try await openForOrder(first)
    let b = try await openForOrder(second)
    var orders = (a.order, b.order)
    if orders.0 == orders.1 { orders.1 += first < second ? 1 : -1 }
    try await save(a, order: orders.1)
    try await save(b, order: orders.0)
    refresh([a.file, b.file])
  }

  private struct OpenedForOrder {
    var id: Bookmark.ID
    var file: String
    var document: UbiquitousDocument
    var bookmark: Bookmark
    var order: Int
  }

  private func openForOrder(_ id: Bookmark.ID) async throws -> OpenedForOrder {
    guard let file = indexed({ $0.fileByID[id] }) else { throw StoreError.notFound(id) }
    let document = UbiquitousDocument(container: container, file: file)
    let opened = try await translating(id: id) { try await document.open() }
    guard let (bookmark, order) = BookmarkDocument.read(opened) else {
      throw StoreError.unreadable(path: container.documentsDirectory + "/" + file, reason: "not a bookmark document")
    }
    return OpenedForOrder(id: id, file: file, document: document, bookmark: bookmark, order: order)
  }

  private func save(_ opened: OpenedForOrder, order: Int) async throws {
    let contents = BookmarkDocument.data(for: opened.bookmark, order: order)
    try await changing(opened.file, to: contents, id: opened.id) {
      try await opened.document.save(contents, for: .forOverwriting)
    }
    await opened.document.close()
  }

  /// One commit of the folder documents the change makes or changes, and of the bookmarks
  /// in the folder that carried only a path (filed under a record now, so they move with it).
  public func changeFolder(_ change: FolderChange) async throws {
    var filing = filing(at: environment.now())
    let writes: FolderTree.Writes
    do {
      writes = try filing.writes(for: change, bookmarks: sortedBookmarks())
    } catch {
      throw StoreError.folder(error)
    }
    var documents = folderDocuments(writes.records)
    for bookmark in writes.bookmarks {
      // As this store last read it (a bookmark with no record is shown at the path it carries).
      guard
        let (file, order) = indexed({ state in
          state.fileByID[bookmark.id].flatMap { file in state.entries[file].map { (file, $0.order) } }
        })
      else { throw StoreError.notFound(bookmark.id) }
      documents.append((file, BookmarkDocument.data(for: bookmark, order: order)))
    }
    guard let first = documents.first else { return }
    _ = try await changing(first.file, to: first.contents) { try container.save(documents) }
    refresh(documents.map(\.file))
  }

  private func filing(at time: Date) -> FolderFiling {
    FolderFiling(tree: folderTree(), time: time, newID: environment.newID)
  }

  private func folderDocuments(_ records: [FolderRecord]) -> [(file: String, contents: Data)] {
    records.map { (DocumentContainer.fileName(for: $0.id, extension: Self.folderExtension), $0.document) }
  }

  /// One commit: the bookmark's document goes and its `<id>.deleted` comes (with its place
  /// and the folder path it was shown at); what Recently Deleted has kept its time goes too.
  public func delete(id: Bookmark.ID) async throws {
    guard
      let (file, stored, order) = indexed({ state in
        state.fileByID[id].flatMap { file in state.entries[file].flatMap { e in e.bookmark.map { (file, $0, e.order) } }
        }
      })
    else { throw StoreError.notFound(id) }
    let now = environment.now()
    let deleted = DeletedBookmark(
      bookmark: folderTree().resolved(stored), deleted: now.wholeSeconds, device: rules.device)
    let deletedFile = DocumentContainer.fileName(for: id, extension: Self.deletedExtension)
    // What has been kept its time goes, with its history.
    let expired = indexed { state in
      state.deleted.flatMap { file, entry -> [String] in
        guard let deleted = entry.deleted, rules.hasExpired(deleted.deleted, at: now), file != deletedFile else {
          return []
        }
        // Its history goes too, unless the bookmark is back in the list (imported again, or
        // an edit that beat the delete).
        return state.fileByID[deleted.id] == nil ? [file, Self.historyFile(of: deleted.id)] : [file]
      }
    }
    var writing = [(file: deletedFile, contents: deleted.document(order: order))]
    // A copy Recently Deleted already holds (the bookmark was imported again since) stays,
    // under a new id.
    if let earlier = state.withLock({ $0.deleted[deletedFile] }) {
      let newID = environment.newID()
      var contents = earlier.contents
      if var kept = earlier.deleted {
        kept.bookmark.id = newID
        contents = kept.document(order: earlier.order)
      }
      writing.append((DocumentContainer.fileName(for: newID, extension: Self.deletedExtension), contents))
    }
    // The bookmark's document must still be there: a delete made from a stale list (another
    // process deleted it meanwhile) must not write over the Recently Deleted copy that made.
    _ = try await changing(file, to: nil, deleting: true, id: id) {
      try container.change(
        deleting: [file], expired: expired, writing: writing, overwriting: true, requiringDeleted: true)
    }
    refresh([file] + writing.map(\.file) + expired)
  }

  public func recentlyDeleted() async throws -> [DeletedBookmark] {
    if let problem = state.withLock({ $0.gatherError }) {
      throw StoreError.unreadable(path: container.root, reason: problem)
    }
    if !query.watching { catchUp() }
    return sortedDeleted()
  }

  /// The Recently Deleted documents of these ids.
  private func deletedDocuments(of ids: Set<Bookmark.ID>?) -> [(file: String, entry: DeletedEntry)] {
    state.withLock { state in
      state.deleted.compactMap { file, entry in
        guard let id = entry.deleted?.id, ids?.contains(id) ?? true else { return nil }
        return (file, entry)
      }
    }
  }

  /// One commit: each bookmark's document comes back as it was deleted (its place kept),
  /// filed by the path it had (its folder made again if it is gone), and its `.deleted` goes.
  /// One whose id or file is taken (imported again, or a document that can't be read) stays
  /// in Recently Deleted: nothing is replaced.
  public func restoreDeleted(_ ids: Set<Bookmark.ID>) async throws -> [Bookmark] {
    if !query.watching { catchUp() }
    do {
      return try await restoreOnce(ids)
    } catch StoreError.writeFailed {
      // Another process made one of the documents since this one last read the index (a
      // restore is never written over anything): what it did is read, and the restore made
      // again from there. A disk error fails again, and is said.
      catchUp()
      return try await restoreOnce(ids)
    }
  }

  private func restoreOnce(_ ids: Set<Bookmark.ID>) async throws -> [Bookmark] {
    // Oldest deletion first, and folders made again with the same ids, on every device
    // restoring these bookmarks.
    let chosen = deletedDocuments(of: ids).compactMap { file, entry in entry.deleted.map { (file, entry, $0) } }
      .sorted { a, b in DeletedBookmark.newestFirst(b.2, a.2) }
    let tree = folderTree()
    let folderIDs = RestoredFolderIDs(chosen.map(\.2), tree: tree)
    var filing = FolderFiling(tree: tree, time: environment.now(), newID: folderIDs.next)
    var deleting: [String] = []
    var writing: [(file: String, contents: Data)] = []
    var restored: [Bookmark] = []
    for (deletedFile, entry, deleted) in chosen {
      let file = file(forNew: deleted.id)
      let taken = indexed { $0.fileByID[deleted.id] != nil || $0.entries[file] != nil }
      guard !taken, !restored.contains(where: { $0.id == deleted.id }) else { continue }
      deleting.append(deletedFile)
      var bookmark = deleted.bookmark
      filing.file(&bookmark)
      writing.append((file, BookmarkDocument.data(for: bookmark, order: entry.order)))
      restored.append(bookmark)
    }
    guard let first = deleting.first else { return [] }
    writing = folderDocuments(filing.writes.records) + writing
    _ = try await changing(first, to: nil, deleting: true) {
      try container.change(deleting: deleting, writing: writing, overwriting: false, requiringNew: true)
    }
    refresh(deleting + writing.map(\.file))
    return restored
  }

  public func removeDeleted(_ ids: Set<Bookmark.ID>?) async throws -> Int {
    if !query.watching { catchUp() }
    let documents = deletedDocuments(of: ids)
    guard let first = documents.first?.file else { return 0 }
    // Each with its history: deleted for good, nothing of it is kept.
    // Each with its history, unless the bookmark is back in the list.
    let histories = indexed { state in
      documents.compactMap { document in
        document.entry.deleted.flatMap { deleted in
          let history = Self.historyFile(of: deleted.id)
          return state.fileByID[deleted.id] == nil && state.histories[history] != nil ? history : nil
        }
      }
    }
    let files = documents.map(\.file)
    let count = try await changing(first, to: nil, deleting: true) { try container.delete(files + histories) }
    refresh(files + histories)
    return count - histories.count
  }

  /// Imports as one commit of the index: all of them, or none.
  public func importBookmarks(_ bookmarks: [Bookmark], folders: [[String]]) async throws {
    let taken = indexed { Set($0.fileByID.keys) }
    var seen = Set<Bookmark.ID>()
    var documents: [(file: String, contents: Data)] = []
    // The bookmarks keep the order they are given in (a file's, or another store's list),
    // one microsecond apart from the start of the import.
    let time = environment.now()
    let start = Self.order(time)
    var filing = filing(at: time)
    for (index, given) in bookmarks.enumerated()
    where !taken.contains(given.id) && seen.insert(given.id).inserted {
      var bookmark = given
      filing.file(&bookmark)
      let order = start + index
      documents.append((file(forNew: bookmark.id), BookmarkDocument.data(for: bookmark, order: order)))
    }
    for path in folders where !path.isEmpty { filing.file(folder: path) }
    // The folders first in the same commit (the first document stands for all of it).
    documents = folderDocuments(filing.writes.records) + documents
    guard !documents.isEmpty else { return }
    // All or nothing (one commit): the first document tells which.
    _ = try await changing(documents.first?.file, to: documents.first?.contents) { try container.create(documents) }
    // A large import is taken in by catching up (which reads its rows once, with anything
    // else changed meanwhile) and cached, so the next open reads it from the cache rather
    // than every row it added; a small one by reading just its own rows.
    guard documents.count >= Self.changesWorthACache, let identity = container.index.identity,
      let generation = catchUp()
    else {
      refresh(documents.map(\.file))
      return
    }
    writeCache(holdingEverythingUpTo: generation, identity: identity)
  }

  /// Deletes the documents of these bookmarks, and their histories, in one commit.
  public func removeBookmarks(_ ids: Set<Bookmark.ID>) async throws {
    // (A name that isn't there is skipped.)
    let files = indexed { state in ids.compactMap { state.fileByID[$0] } } + ids.map { Self.historyFile(of: $0) }
    _ = try await changing(files.first, to: nil, deleting: true) { try container.delete(files) }
    refresh(files)
  }

  public func status() async -> StoreStatus {
    currentSnapshot().status
  }

  @discardableResult
  public func sync() async -> StoreStatus? {
    await container.syncNow()
    // Applied here as well as by the observer (applying twice changes nothing), so what
    // the sync fetched is in the snapshot when this returns. A query that doesn't follow the
    // index (a command's) has nothing the catch-up below doesn't read.
    if query.watching {
      for update in query.refresh() { apply(update) }
    }
    // A sync that changed many rows (the push after an import marks every document it sent)
    // leaves a cache that holds them, so the next open doesn't read them all again.
    if let (generation, read) = catchUpCounting(), read >= Self.changesWorthACache,
      let identity = container.index.identity
    {
      writeCache(holdingEverythingUpTo: generation, identity: identity)
    }
    return currentSnapshot().status
  }

  /// Applies every index change since the last catch-up, read here rather than taken from
  /// the query: when the query's own observer won the race to report a change, `refresh()`
  /// returns nothing and the observer applies it a moment later — too late for a command
  /// that lists right after syncing (a `list` then missed what the sync had just fetched,
  /// 2 in 1,700 torture trials). Applying an entry twice changes nothing.
  ///
  /// Returns the generation everything up to which is applied now, or nil if the index
  /// could not be read. `caughtUp` is raised only after the changes are applied, so it never
  /// names a generation whose changes are still on their way in (a cache stamped with it
  /// would skip them on the next open).
  @discardableResult
  private func catchUp() -> Int64? {
    catchUpCounting()?.generation
  }

  /// ``catchUp()``, and how many rows of the index it read.
  private func catchUpCounting() -> (generation: Int64, read: Int)? {
    let since = state.withLock { $0.caughtUp }
    guard
      let (entries, generation) = try? container.index.read({ session in
        (try session.entries(changedAfter: since), try session.generation())
      })
    else { return nil }
    if !entries.isEmpty {
      let live = entries.filter { !$0.removed }.map(MetadataItem.init)
      let removed = entries.filter(\.removed).map(MetadataItem.init)
      apply(.changed(added: live, changed: [], removed: removed, origin: .cloud))
    }
    state.withLock { $0.caughtUp = max($0.caughtUp, generation) }
    return (generation, entries.count)
  }

  public func conflictVersions(of id: Bookmark.ID) async throws -> [BookmarkVersion] {
    guard let file = indexed({ $0.fileByID[id] }) else { throw StoreError.notFound(id) }
    let versions = try await translating(id: id) {
      try await UbiquitousDocument(container: container, file: file).versions()
    }
    guard !versions.conflicts.isEmpty else { return [] }
    return ([versions.current] + versions.conflicts).enumerated().compactMap { index, version in
      guard let (bookmark, _) = BookmarkDocument.read(version.contents) else { return nil }
      return BookmarkVersion(
        id: version.id, bookmark: bookmark, device: version.device, saved: version.saved, isCurrent: index == 0,
        isThisDevice: version.device == container.deviceName || version.device == container.device)
    }
  }

  public func settleHeldDeletes(_ shown: HeldDeletes, keeping: Bool) async throws {
    let hold = container.removalHold
    guard let held = hold.held, Set(held.keys) == shown.items else { throw StoreError.heldDeletesChanged }
    // This device's copies, read before the deletes apply: what a keep falls back on.
    var copies: [Bookmark.ID: (file: String, contents: Data)] = [:]
    var restoring: Set<Bookmark.ID> = []
    if keeping {
      // A bookmark the deleting device put in Recently Deleted comes back from there, below:
      // its copy is the newest (a delete of a copy older than this device's edit loses to
      // the edit in the cloud, so it never gets this far). One deleted without (an older
      // client, a wipe by hand) is saved again as a new version of this device's copy: an
      // edit beats a delete, so it stays on every device.
      var documents: [(file: String, contents: Data)] = []
      for file in held.keys {
        guard let entry = try? container.entry(file), let (bookmark, _) = BookmarkDocument.read(entry.contents)
        else { continue }
        copies[bookmark.id] = (file, entry.contents)
        if held.written.contains(DocumentContainer.fileName(for: bookmark.id, extension: Self.deletedExtension)) {
          restoring.insert(bookmark.id)
        } else {
          documents.append((file, entry.contents))
        }
      }
      if !documents.isEmpty {
        _ = try await translating { try container.save(documents) }
        refresh(documents.map(\.file))
      }
    }
    try await hold.settle(approving: held.keys) { await container.syncNow() }
    if !restoring.isEmpty {
      // The list as the fetch left it (the query's report of it may not have come yet): a
      // restore is never made over a bookmark it still shows.
      _ = catchUp()
      let restored = Set(try await restoreDeleted(restoring).map(\.id))
      // One whose Recently Deleted copy went meanwhile (emptied, expired, unreadable) comes
      // back as this device had it.
      let lost = restoring.subtracting(restored).compactMap { id in
        indexed({ $0.fileByID[id] }) == nil ? copies[id] : nil
      }
      if !lost.isEmpty {
        _ = try await translating { try container.create(lost) }
        refresh(lost.map(\.file))
      }
      await container.syncNow()
    }
    if keeping { try await refileKept(copies.filter { !restoring.contains($0.key) }) }
    publish()
  }

  /// Kept bookmarks whose folder was deleted meanwhile (an import taken back takes the folders
  /// it made, and a folder's delete is never held) go back into a folder of the path they
  /// had, made again, as a restore does: kept means as they were, not one level up.
  private func refileKept(_ copies: [Bookmark.ID: (file: String, contents: Data)]) async throws {
    guard !copies.isEmpty else { return }
    _ = catchUp()
    let tree = folderTree()
    var filing = filing(at: environment.now())
    var writing: [(file: String, contents: Data)] = []
    for (id, copy) in copies {
      guard let (stored, _) = BookmarkDocument.read(copy.contents), let folderID = stored.folderID,
        tree.place(of: folderID).flatMap(tree.record(at:)) != folderID, !stored.folder.isEmpty,
        let (file, listed, order) = indexed({ state in
          state.fileByID[id].flatMap { file in
            state.entries[file].flatMap { e in e.bookmark.map { (file, $0, e.order) } }
          }
        })
      else { continue }
      var bookmark = listed
      bookmark.folder = stored.folder
      filing.file(&bookmark)
      writing.append((file, BookmarkDocument.data(for: bookmark, order: order)))
    }
    guard let first = writing.first else { return }
    let documents = folderDocuments(filing.writes.records) + writing
    _ = try await changing(first.file, to: first.contents) { try container.save(documents) }
    refresh(documents.map(\.file))
    await container.syncNow()
  }

  @discardableResult
  public func resolveConflict(of id: Bookmark.ID, _ resolution: ConflictResolution, seen: [String]) async throws
    -> [Bookmark]
  {
    guard let file = indexed({ $0.fileByID[id] }) else { throw StoreError.notFound(id) }
    let time = environment.now()
    var name = id
    var made: [(file: String, bookmark: Bookmark)] = []
    let resolved = try await translating(id: id) {
      try container.resolve(
        file,
        deciding: { versions in
          // The versions the dialog lists are the ones that read as bookmarks; they must be
          // the ones seen, or a version that arrived since would go unseen.
          let readable = versions.compactMap { version in BookmarkDocument.read(version.contents).map { (version, $0) }
          }
          if let current = readable.first, current.0.id == versions.first?.id { name = current.1.bookmark.name }
          guard readable.count > 1, Set(readable.map(\.0.id)) == Set(seen) else { return nil }
          switch resolution {
          case .keep(let versionID):
            guard let kept = versions.first(where: { $0.id == versionID }) else { return nil }
            return (.version(kept), [])
          case .keepAll(let versionID):
            guard let kept = versions.first(where: { $0.id == versionID }) else { return nil }
            made = readable.filter { $0.0.id != versionID }.map { version, read in
              var copy = read.bookmark
              copy.id = ConflictResolution.copyID(of: id, version: version.id)
              return (self.file(forNew: copy.id), copy)
            }
            // Each copy just after the bookmark in the user's own order.
            let order = readable.first { $0.0.id == versionID }?.1.order ?? Self.order(time)
            return (.version(kept), made.map { ($0.file, BookmarkDocument.data(for: $0.bookmark, order: order + 1)) })
          case .merge(var merged):
            merged.id = id
            merged.modified = time.wholeSeconds
            let order = readable.first?.1.order ?? Self.order(time)
            return (.contents(BookmarkDocument.data(for: merged, order: order)), [])
          }
        },
        deriving: { kept, versions in
          // The history: the version kept made from every version it resolves.
          guard let (bookmark, _) = BookmarkDocument.read(kept.contents) else { return [] }
          let replaced = versions.compactMap { version in
            BookmarkDocument.read(version.contents).map {
              BookmarkHistory.Saved(
                versionID: version.id, bookmark: $0.bookmark, device: version.device, saved: version.saved)
            }
          }
          return [recordingHistory(of: id, new: bookmark, replacing: replaced, note: "conflict resolved", at: time)]
        })
    }
    guard resolved else { throw StoreError.versionsChanged(name.isEmpty ? id : name) }
    refresh([file, Self.historyFile(of: id)] + made.map(\.file))
    return made.map(\.bookmark)
  }

  // MARK: - History

  /// The file of a bookmark's history.
  static func historyFile(of id: Bookmark.ID) -> String {
    DocumentContainer.fileName(for: id, extension: historyExtension)
  }

  /// The version a bookmark document is, as its history records one: under the id of the
  /// container's `current` version when that holds these contents (the same id on every
  /// device), else under an id made from the contents.
  private func savedVersion(_ bookmark: Bookmark, contents: Data, current: DocumentVersion?)
    -> BookmarkHistory.Saved
  {
    if let current, current.contents == contents {
      return BookmarkHistory.Saved(
        versionID: current.id, bookmark: bookmark, device: current.device, saved: current.saved)
    }
    return BookmarkHistory.Saved(
      versionID: DerivedID.make(from: String(decoding: contents, as: UTF8.self)), bookmark: bookmark, device: "",
      saved: bookmark.modified)
  }

  /// The history document written with a new version of a bookmark: what it holds then
  /// (every device's, its conflict versions united), with the new version recorded.
  private func recordingHistory(
    of id: Bookmark.ID, new bookmark: Bookmark, replacing replaced: [BookmarkHistory.Saved], note: String?,
    at time: Date
  ) -> DerivedDocument {
    let (versionID, device, rules) = (environment.newID(), self.rules.device, historyRules)
    return DerivedDocument(file: Self.historyFile(of: id)) { versions in
      // A history this version can't read (damaged, or from a newer Cloudy) is kept as it is:
      // the edit is saved, and not recorded there.
      let histories = versions.compactMap { BookmarkHistory(document: $0.contents) }
      guard histories.count == versions.count, histories.allSatisfy({ $0.bookmarkID == id }) else { return nil }
      var history = histories.reduce(BookmarkHistory(bookmarkID: id)) { $0.united(with: $1) }
      history.record(
        (versionID, bookmark, device, time.wholeSeconds, note), replacing: replaced, rules: rules, now: time)
      return history.fittedDocument
    }
  }

  /// The histories in these documents as one (those that can't be read are left out).
  private static func united(_ documents: [Data], of id: Bookmark.ID) -> BookmarkHistory {
    documents.compactMap { BookmarkHistory(document: $0) }.filter { $0.bookmarkID == id }
      .reduce(BookmarkHistory(bookmarkID: id)) { $0.united(with: $1) }
  }

  /// A bookmark's saved versions, oldest first; the version it is now is the last one (added
  /// here when nothing recorded it: a bookmark never edited, or changed by an older Cloudy).
  public func history(of id: Bookmark.ID) async throws -> BookmarkHistory {
    if !query.watching { catchUp() }
    let historyFile = Self.historyFile(of: id)
    let stored = try await translating(id: id) { () -> [Data] in
      guard let entry = try container.entry(historyFile) else { return [] }
      return ([entry.currentVersion] + entry.conflicts).map(\.contents)
    }
    var history = Self.united(stored, of: id)
    guard let file = indexed({ $0.fileByID[id] }) else {
      if let deleted = sortedDeleted().first(where: { $0.id == id }) {
        throw StoreError.historyOfDeleted(deleted.bookmark.name, device: deleted.device)
      }
      throw StoreError.notFound(id)
    }
    let versions = try await translating(id: id) { try container.versions(of: file) }
    guard let (bookmark, _) = BookmarkDocument.read(versions.current.contents) else {
      throw StoreError.unreadable(path: container.documentsDirectory + "/" + file, reason: "not a bookmark document")
    }
    if let recorded = history.matching(bookmark) {
      history.currentID = recorded.id
    } else {
      let current = savedVersion(bookmark, contents: versions.current.contents, current: versions.current)
      history = BookmarkHistory(
        bookmarkID: id,
        versions: history.versions + [
          HistoryVersion(
            id: current.versionID, parents: history.heads.map(\.id), device: current.device, saved: current.saved,
            bookmark: bookmark)
        ])
      history.currentID = current.versionID
    }
    return history
  }

  /// Makes an old version of a bookmark its current one again, as a new version (which
  /// syncs, and is in the history in its turn). `version` is an id or the start of one.
  /// A folder the old version was in that is gone is made again.
  public func revert(id: Bookmark.ID, to version: String) async throws -> Reverted {
    let history = try await history(of: id)
    let chosen: HistoryVersion
    switch history.find(version) {
    case .found(let found): chosen = found
    case .none: throw StoreError.noSuchVersion(version)
    case .ambiguous: throw StoreError.ambiguousVersion(version)
    }
    // Its folder: the record it was filed in, wherever that is now, while that is a folder;
    // else the path it had (made again if it is gone).
    var old = chosen.bookmark
    let tree = folderTree()
    if let record = old.folderID, let place = tree.place(of: record), tree.record(at: place) == record {
      old.folder = place
    }
    let draft = BookmarkDraft(
      name: old.name, url: old.url, folder: old.folder, tags: old.tags, notes: old.notes)
    if let file = indexed({ $0.fileByID[id] }), let entry = try? container.entry(file),
      let (current, _) = BookmarkDocument.read(entry.contents), draft.changesNothing(in: folderTree().resolved(current))
    {
      throw StoreError.alreadyThatVersion(current.name, version: chosen.shortID)
    }
    let (bookmark, before, madeFolder) = try await save(
      id: id, with: draft, note: "reverted to \(chosen.shortID)")
    return Reverted(bookmark: bookmark, before: before, version: chosen, madeFolder: madeFolder)
  }

  // MARK: - Files

  private func file(forNew id: Bookmark.ID) -> String {
    DocumentContainer.fileName(for: id, extension: Self.fileExtension)
  }

  private static func order(_ time: Date) -> Int { Int(time.timeIntervalSince1970 * 1_000_000) }

  private func translating<T>(id: Bookmark.ID? = nil, _ body: () async throws -> T) async throws -> T {
    do {
      return try await body()
    } catch let error as DocumentContainerError {
      switch error {
      case .notFound(let file): throw StoreError.notFound(id ?? file)
      case .exists, .noSuchVersion: throw StoreError.writeFailed(path: container.documentsDirectory, reason: "\(error)")
      case .io(let reason): throw StoreError.writeFailed(path: container.documentsDirectory, reason: reason)
      case .filesUnwritten(let reason): throw StoreError.savedNotDurable(reason: reason)
      case .commitFailed(let reason): throw StoreError.maybeSaved(reason: reason)
      }
    }
  }

  /// Runs a change to `file`; if writing fails, tells the truth about what is stored: the
  /// file is made to agree with the index, and the error says the change is saved on this
  /// device when the index holds `intended` (the contents the change meant to store) or,
  /// `deleting`, no document; that nothing was changed when it doesn't; or that it can't
  /// tell.
  ///
  /// A change of several documents is made in one commit, so `file` (any one of them)
  /// tells for all; with no file there was nothing to change.
  private func changing<T>(
    _ file: String?, to intended: Data?, deleting: Bool = false, id: Bookmark.ID? = nil,
    _ body: () async throws -> T
  ) async throws -> T {
    do {
      return try await translating(id: id, body)
    } catch StoreError.maybeSaved(let reason) {
      // The index commit failed after the change was made: if the index already shows it,
      // it is stored; if not, a later open may still recover it, so nobody can tell yet.
      guard let file, holdsChange(file, intended, deleting: deleting) == true else {
        throw StoreError.maybeSaved(reason: reason)
      }
      throw StoreError.savedNotDurable(reason: reason)
    } catch StoreError.writeFailed(let path, let reason) {
      // A write before the commit failed: the index says whether anything changed.
      guard let file else { throw StoreError.writeFailed(path: path, reason: reason) }
      switch holdsChange(file, intended, deleting: deleting) {
      case true?: throw StoreError.savedNotDurable(reason: reason)
      case false?: throw StoreError.writeFailed(path: path, reason: reason)
      case nil: throw StoreError.maybeSaved(reason: reason)
      }
    }
  }

  /// Whether the index holds the change to `file` (after making the file agree with it), or
  /// `nil` if the index can't be read.
  private func holdsChange(_ file: String, _ intended: Data?, deleting: Bool) -> Bool? {
    let stored: Data?
    do {
      stored = try container.settle(file)
    } catch {
      return nil
    }
    return deleting ? stored == nil : stored == intended
  }

  // MARK: - The cache of the gathering

  /// How many changes since the cache's generation make it worth writing again on opening.
  static let changesWorthACache = 1_000

  /// The state the cache held (before the index's changes since are applied). Folders in
  /// conflict are settled again, as a gathering settles them.
  private func restore(_ cached: GatheredDocumentsCache.Contents) {
    let conflicted = cached.folders.filter { $0.version.conflictVersions > 0 }.map(\.file)
    let conflictedHistories = conflicted.filter { $0.hasSuffix(Self.historySuffix) }
    let conflictedFolders = conflicted.filter { !$0.hasSuffix(Self.historySuffix) }
    defer {
      if !conflictedFolders.isEmpty { settleFolderConflicts(conflictedFolders) }
      if !conflictedHistories.isEmpty { uniteHistoryConflicts(conflictedHistories) }
    }
    state.withLock { state in
      // Written in the list's order (readable bookmarks first, by order, then id). Folder
      // paths are changed in place, and only where a record moved the bookmark (the array is
      // shared with the cache's until then).
      var sorted = cached.bookmarks
      for (index, folder) in cached.moved { sorted[index].folder = folder }
      var conflicted = Set<Bookmark.ID>()
      for index in cached.documents.conflicted where index < cached.bookmarks.count {
        conflicted.insert(cached.bookmarks[index].id)
      }
      state.unindexed = cached
      state.conflicted = conflicted
      for folder in cached.folders {
        // Recently Deleted's documents are kept in the cache with the folders' (each with
        // its contents).
        if folder.file.hasSuffix(Self.deletedSuffix) {
          state.deleted[folder.file] = DeletedEntry(
            file: folder.file, contents: folder.contents, version: folder.version, generation: folder.generation)
          continue
        }
        // Histories are kept in the cache without their contents, and with whether they read.
        if folder.file.hasSuffix(Self.historySuffix) {
          state.histories[folder.file] = HistoryEntry(
            version: folder.version, generation: folder.generation, readable: folder.contents.isEmpty)
          continue
        }
        state.folders[folder.file] = FolderEntry(
          record: Self.folderRecord(folder.file, folder.contents), version: folder.version,
          generation: folder.generation)
      }
      state.tree = cached.tree
      state.sorted = sorted
      state.unreadable =
        cached.documents.count - sorted.count + state.folders.values.count { $0.record == nil }
        + state.deleted.values.count { $0.deleted == nil } + state.histories.values.count { !$0.readable }
    }
  }

  private static func known(_ cached: GatheredDocumentsCache.Contents) -> MetadataQuery.Known {
    MetadataQuery.Known(generation: cached.generation) {
      cached.documents.all.enumerated().map { index, document in
        (cached.file(of: document, at: index), document.version)
      }
        + cached.folders.map { ($0.file, $0.version) }
    }
  }

  /// Writes the cache from the state now, which holds everything up to `generation` (and
  /// perhaps newer changes, which the next open applies again, changing nothing).
  private func writeCache(holdingEverythingUpTo generation: Int64, identity: String) {
    guard let cachePath else { return }
    let (entries, folders, deleted, histories) = indexed { ($0.entries, $0.folders, $0.deleted, $0.histories) }
    var readable: [(file: String, entry: Entry, bookmark: Bookmark)] = []
    var unreadable: [(file: String, entry: Entry)] = []
    readable.reserveCapacity(entries.count)
    for (file, entry) in entries {
      if let bookmark = entry.bookmark {
        readable.append((file, entry, bookmark))
      } else {
        unreadable.append((file, entry))
      }
    }
    // The list's order, as `sortedBookmarks()` makes it; documents that can't be read last.
    readable.sort { ($0.entry.order, $0.bookmark.id) < ($1.entry.order, $1.bookmark.id) }
    func document(_ file: String?, _ entry: Entry) -> GatheredDocumentsCache.Document {
      GatheredDocumentsCache.Document(
        file: file, version: entry.version, generation: entry.generation, order: entry.order)
    }
    let documents =
      readable.map { file, entry, bookmark in
        document(file == self.file(forNew: bookmark.id) ? nil : file, entry)
      } + unreadable.map { document($0.file, $0.entry) }
    let folderDocuments =
      folders.map { file, entry in
        GatheredDocumentsCache.FolderDocument(
          file: file, version: entry.version, generation: entry.generation, contents: entry.record?.document ?? Data())
      }
      + deleted.map { file, entry in
        GatheredDocumentsCache.FolderDocument(
          file: file, version: entry.version, generation: entry.generation, contents: entry.contents)
      }
      + histories.map { file, entry in
        // Empty for one that reads, one byte for one that doesn't.
        GatheredDocumentsCache.FolderDocument(
          file: file, version: entry.version, generation: entry.generation,
          contents: entry.readable ? Data() : Data([0]))
      }
    GatheredDocumentsCache.write(
      GatheredDocumentsCache.Contents(
        generation: generation, bookmarks: readable.map(\.bookmark),
        documents: GatheredDocumentsCache.DocumentList(documents), folders: folderDocuments),
      identity: identity, to: cachePath)
  }

  /// The folder record in a folder document, counted only under its own file name (a
  /// copied file is unreadable, not a twin).
  private static func folderRecord(_ file: String, _ contents: Data) -> FolderRecord? {
    FolderRecord(document: contents).flatMap {
      file == DocumentContainer.fileName(for: $0.id, extension: folderExtension) ? $0 : nil
    }
  }

  // MARK: - Following the query

  /// Takes in this store's own change to these documents at once (the query reports it
  /// too, a moment later; applying it twice changes nothing).
  private func refresh(_ files: [String]) {
    guard let entries = try? container.index.read({ session in try files.compactMap { try session.entry($0) } })
    else { return }
    var added: [MetadataItem] = []
    var removed: [MetadataItem] = []
    for entry in entries {
      if entry.removed { removed.append(MetadataItem(entry)) } else { added.append(MetadataItem(entry)) }
    }
    apply(.changed(added: added, changed: [], removed: removed, origin: .thisProcess))
  }

  private func apply(_ update: MetadataQueryUpdate) {
    var conflictedHistories: [String] = []
    let (conflictedFolders, tookIn) = indexed { state -> ([String], Bool) in
      var conflictedFolders: [String] = []
      var tookIn = false
      /// False for a report older than one applied already: the query's observer can deliver
      /// what it read just before this process's own change after ``refresh(_:)`` applied it.
      /// False too for the state applied already (one generation is one state of a row): an
      /// import's rows came from its catch-up, the query's refresh and its observer, each
      /// decoded again (a third of an import of 100,000 after its files were written).
      func isNewer(_ item: MetadataItem) -> Bool {
        let seen =
          state.entries[item.file]?.generation ?? state.folders[item.file]?.generation
          ?? state.deleted[item.file]?.generation ?? state.histories[item.file]?.generation
          ?? state.removedAt[item.file]
        return seen.map { item.generation > $0 } ?? true
      }
      func put(_ item: MetadataItem) {
        guard isNewer(item) else { return }
        let version = MetadataQuery.Version(id: item.versionID, conflictVersions: item.conflictVersions)
        if let old = state.entries[item.file], old.version == version {
          // The same contents (a new contents always has a new version id) saved again, as a
          // push does when the cloud took it: only its generation is new, and nothing shows.
          state.entries[item.file]?.generation = item.generation
          return
        }
        if item.file.hasSuffix(Self.historySuffix) {
          // Nothing the list shows: only a history that can't be read is news (it is counted).
          let readable = BookmarkHistory.looksLikeDocument(item.contents)
          if !readable || state.histories[item.file]?.readable == false { tookIn = true }
          state.histories[item.file] = HistoryEntry(
            version: version, generation: item.generation, readable: readable)
          state.removedAt[item.file] = nil
          if item.hasUnresolvedConflicts { conflictedHistories.append(item.file) }
          return
        }
        tookIn = true
        if item.file.hasSuffix(Self.deletedSuffix) {
          state.deleted[item.file] = DeletedEntry(
            file: item.file, contents: item.contents, version: version, generation: item.generation)
          state.removedAt[item.file] = nil
          state.deletedSorted = nil
          if item.hasUnresolvedConflicts { conflictedFolders.append(item.file) }
          return
        }
        if item.file.hasSuffix(Self.folderSuffix) {
          state.folders[item.file] = FolderEntry(
            record: Self.folderRecord(item.file, item.contents), version: version, generation: item.generation)
          state.removedAt[item.file] = nil
          if item.hasUnresolvedConflicts { conflictedFolders.append(item.file) }
          return
        }
        if let old = state.entries[item.file]?.bookmark, state.fileByID[old.id] == item.file {
          state.fileByID[old.id] = nil
        }
        let read = BookmarkDocument.read(item.contents)
        var bookmark = read?.bookmark
        // One id, one bookmark: of two documents holding it (one dropped in by hand on a
        // device that didn't file it, say), one is listed and the other is counted as
        // unreadable, and an edit or a delete of the id acts on the one listed.
        if let id = bookmark?.id, let holder = state.fileByID[id], holder != item.file,
          state.entries[holder]?.bookmark?.id == id
        {
          if Self.lists(item.file, over: holder, id: id) {
            state.entries[holder]?.bookmark = nil
          } else {
            bookmark = nil
          }
        }
        state.entries[item.file] = Entry(
          bookmark: bookmark, order: read?.order ?? 0, version: version, generation: item.generation)
        state.removedAt[item.file] = nil
        if let bookmark { state.fileByID[bookmark.id] = item.file }
      }
      switch update {
      case .gathered(let items):
        tookIn = true
        state.entries = [:]
        state.folders = [:]
        state.deleted = [:]
        state.histories = [:]
        state.deletedSorted = nil
        state.removedAt = [:]
        state.fileByID = [:]
        state.entries.reserveCapacity(items.count)
        state.fileByID.reserveCapacity(items.count)
        for item in items { put(item) }
      case .changed(let added, let changed, let removed, _):
        for item in added + changed { put(item) }
        for item in removed {
          guard isNewer(item) else { continue }
          tookIn = true
          state.removedAt[item.file] = item.generation
          state.folders[item.file] = nil
          state.histories[item.file] = nil
          if state.deleted.removeValue(forKey: item.file) != nil { state.deletedSorted = nil }
          if let old = state.entries.removeValue(forKey: item.file)?.bookmark, state.fileByID[old.id] == item.file {
            state.fileByID[old.id] = nil
          }
        }
      }
      // Nothing new (every item was applied already): the sorted list and the rest stand.
      guard tookIn else { return (conflictedFolders, false) }
      state.sorted = nil
      state.deletedSorted = nil
      state.tree = nil
      state.conflicted = nil
      state.unreadable =
        state.entries.values.count { $0.bookmark == nil } + state.folders.values.count { $0.record == nil }
        + state.deleted.values.count { $0.deleted == nil } + state.histories.values.count { !$0.readable }
      return (conflictedFolders, true)
    }
    if !conflictedFolders.isEmpty { settleFolderConflicts(conflictedFolders) }
    if !conflictedHistories.isEmpty { uniteHistoryConflicts(conflictedHistories) }
    if tookIn { publish() }
  }

  /// Keeps the folder version changed last (by its `modified` time, in whole seconds; a tie
  /// goes to the greater version id, the same choice on every device) and removes the
  /// others, everywhere: a folder's name and place are small and were set by a person a
  /// moment apart, so asking which to keep would ask about nothing. Chosen and resolved in
  /// one commit. Recently Deleted's documents the same way, by the time of the deletion.
  private func settleFolderConflicts(_ files: [String]) {
    let container = container
    Task.detached {
      for file in files {
        try? container.resolve(file) { versions in
          versions.max { a, b in (Self.changed(a.contents), a.id) < (Self.changed(b.contents), b.id) }!
        }
      }
    }
  }

  /// Two devices that recorded versions of one bookmark at once each wrote its history: the
  /// histories are united (nothing either device saved is dropped) and written as one
  /// version, on every device, without asking.
  ///
  /// The union depends on nothing but the versions (not this device's rules or clock): two
  /// devices uniting one conflict write the same bytes, which are never a conflict again.
  private func uniteHistoryConflicts(_ files: [String]) {
    let container = container
    Task.detached {
      for file in files {
        _ = try? container.resolve(
          file,
          deciding: { versions in
            guard versions.count > 1 else { return nil }
            let documents = versions.compactMap { BookmarkHistory(document: $0.contents) }
            // One that can't be read stays in conflict, kept as it is.
            guard documents.count == versions.count, let first = documents.first,
              documents.allSatisfy({ $0.bookmarkID == first.bookmarkID })
            else { return nil }
            return (.contents(documents.dropFirst().reduce(first) { $0.united(with: $1) }.fittedDocument), [])
          })
      }
    }
  }

  /// When a folder document or a deleted bookmark's document was last changed.
  private static func changed(_ contents: Data) -> Date {
    FolderRecord(document: contents)?.modified ?? DeletedBookmark.read(document: contents)?.deleted.deleted
      ?? .distantPast
  }

  /// Recently Deleted, newest first, without what has been kept its time (kept until the
  /// next change).
  private func sortedDeleted() -> [DeletedBookmark] {
    let all = state.withLock { state in
      if let sorted = state.deletedSorted { return sorted }
      state.makeIndex()
      let deleted = state.deleted.values.compactMap(\.deleted)
      let listed = deleted.compactMap { state.fileByID[$0.id].flatMap { state.entries[$0]?.bookmark } }
      let sorted = DeletedBookmark.notListed(deleted, listed: listed).sorted(by: DeletedBookmark.newestFirst)
      state.deletedSorted = sorted
      return sorted
    }
    return rules.kept(withoutHeld(all), now: environment.now)
  }

  /// Recently Deleted without the copies of bookmarks whose delete is held back here (the
  /// mass-delete guard): the bookmark is still listed, so it is not deleted here yet, and
  /// nothing is both listed and in Recently Deleted. Once the deletes are applied the copies
  /// show; kept, the bookmarks stay.
  private func withoutHeld(_ deleted: [DeletedBookmark]) -> [DeletedBookmark] {
    guard let held = container.removalHold.held, !held.keys.isEmpty, !deleted.isEmpty else { return deleted }
    let keys = Set(held.keys)
    let heldIDs = state.withLock { state in
      var ids = Set<Bookmark.ID>()
      for copy in deleted where state.fileByID[copy.id].map(keys.contains) ?? false { ids.insert(copy.id) }
      return ids
    }
    return heldIDs.isEmpty ? deleted : deleted.filter { !heldIDs.contains($0.id) }
  }

  /// The folder records, resolved (kept until the next change).
  private func folderTree() -> FolderTree {
    state.withLock { state in
      if let tree = state.tree { return tree }
      let tree = FolderTree(state.folders.values.compactMap(\.record))
      state.tree = tree
      return tree
    }
  }

  private func sortedBookmarks() -> [Bookmark] {
    state.withLock { state in
      if let sorted = state.sorted { return sorted }
      state.makeIndex()
      var entries = state.entries.values.compactMap { entry in entry.bookmark.map { ($0, entry.order) } }
      // In the order they were added (an import numbers its bookmarks in the order given).
      entries.sort { ($0.1, $0.0.id) < ($1.1, $1.0.id) }
      var sorted = entries.map(\.0)
      if !state.folders.isEmpty {
        let tree = state.tree ?? FolderTree(state.folders.values.compactMap(\.record))
        state.tree = tree
        sorted = sorted.map(tree.resolved)
      }
      state.sorted = sorted
      return sorted
    }
  }

  private func publish() {
    snapshots.sendIfChanged { currentSnapshot() }
  }

  private func currentSnapshot() -> StoreSnapshot {
    let sync = container.status()
    let (gatherError, unreadable, conflicted) = state.withLock { state in
      if state.conflicted == nil {
        state.makeIndex()
        state.conflicted = Set(state.entries.values.compactMap { $0.conflicted ? $0.bookmark?.id : nil })
      }
      return (state.gatherError, state.unreadable, state.conflicted ?? [])
    }
    var problem = sync.problem
    if problem == nil, unreadable > 0 {
      problem =
        unreadable == 1
        ? "1 document could not be read; it is kept as it is."
        : "\(unreadable) documents could not be read; they are kept as they are."
    }
    let held = sync.held.map { held in
      let suffix = "." + Self.fileExtension
      return HeldDeletes(
        held, copy: { $0.hasSuffix(suffix) ? $0.dropLast(suffix.count) + Self.deletedSuffix : nil },
        present: { file in state.withLock { $0.deleted[file] != nil } })
    }
    if let held { problem = (problem.map { $0 + " " } ?? "") + held.sentence }
    let status = StoreStatus(
      backend: backend,
      sync: StoreStatus.syncState(sync.state, pending: sync.pending),
      pending: sync.pending, conflicts: sync.conflicts, problem: problem)
    if let gatherError {
      return StoreSnapshot(
        bookmarks: .failure(.unreadable(path: container.root, reason: gatherError)), status: status)
    }
    let bookmarks = sortedBookmarks()
    return StoreSnapshot(
      bookmarks: .success(bookmarks), status: status, conflicted: conflicted, folders: folderTree().liveFolders,
      deleted: sortedDeleted(), heldDeletes: held)
  }
}
