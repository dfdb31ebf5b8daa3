import BookmarkModel
import BookmarkStoreInterface
import DocumentContainer
import Foundation
import Synchronization

extension DocumentBookmarkStore {
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

  public var lastSnapshot: StoreSnapshot? { snapshots.last }

  public func changes() -> AsyncStream<StoreSnapshot> {
    // Someone follows the list (the app): the dictionaries the cache left to make are made
    // now, off the caller's path, so the first edit or change doesn't wait for them.
    let startsIndexing = state.withLock { state in
      guard state.unindexed != nil, !state.indexing else { return false }
      state.indexing = true
      return true
    }
    if startsIndexing {
      // On a thread of lower priority: it had the UI thread wait for a core before the first
      // full frame (a task's priority is not the thread's on Linux).
      let thread = Thread { [weak self] in
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        self?.makeIndexOutsideTheLock()
      }
      thread.name = "cloudy-index"
      thread.start()
    }
    return snapshots.subscribe { [self] in currentSnapshot() }
  }

  /// Makes the dictionaries without holding the lock (100,000 documents: about a quarter of
  /// a second, in which the list's snapshot must not wait), in pieces that wait while the
  /// person types (`input`), then puts them in unless a change that needed them made them
  /// meanwhile (then it stops at the next piece).
  func makeIndexOutsideTheLock(input: InputActivity = .shared, piece: Int = State.piece) {
    guard let cached = state.withLock({ $0.unindexed }) else {
      state.withLock { $0.indexing = false }
      return
    }
    let made = State.index(cached, piece: piece) {
      input.waitWhileTyping()
      return state.withLock { $0.unindexed != nil }
    }
    state.withLock { state in
      state.indexing = false
      guard let (entries, fileByID) = made, state.unindexed != nil else { return }
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
  func save(id: Bookmark.ID, with draft: BookmarkDraft, note: String?) async throws -> (
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

  struct OpenedForOrder {
    var id: Bookmark.ID
    var file: String
    var document: UbiquitousDocument
    var bookmark: Bookmark
    var order: Int
  }

  func openForOrder(_ id: Bookmark.ID) async throws -> OpenedForOrder {
    guard let file = indexed({ $0.fileByID[id] }) else { throw StoreError.notFound(id) }
    let document = UbiquitousDocument(container: container, file: file)
    let opened = try await translating(id: id) { try await document.open() }
    guard let (bookmark, order) = BookmarkDocument.read(opened) else {
      throw StoreError.unreadable(path: container.documentsDirectory + "/" + file, reason: "not a bookmark document")
    }
    return OpenedForOrder(id: id, file: file, document: document, bookmark: bookmark, order: order)
  }

  func save(_ opened: OpenedForOrder, order: Int) async throws {
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

  func filing(at time: Date) -> FolderFiling {
    FolderFiling(tree: folderTree(), time: time, newID: environment.newID)
  }

  func folderDocuments(_ records: [FolderRecord]) -> [(file: String, contents: Data)] {
    records.map { (DocumentContainer.fileName(for: $0.id, extension: Self.folderExtension), $0.document) }
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
    // A large import is taken in by catching up (which reads its rows once, with anything
    // else changed meanwhile) and cached, so the next open reads it from the cache rather
    // than every row it added; a small one by reading just its own rows. The catch-up reads
    // only the index, so it runs on a thread of its own while the files are written (100,000
    // bookmarks: most of a second of the import's wall time).
    let large = documents.count >= Self.changesWorthACache
    let files = documents.map(\.file)
    let takingIn = Atomic(false)
    let takenIn = DispatchSemaphore(value: 0)
    // All or nothing (one commit): the first document tells which.
    _ = try await changing(documents.first?.file, to: documents.first?.contents) {
      try container.create(documents) {
        guard large else { return }
        let thread = Thread { [self] in
          if let identity = container.index.identity, let generation = catchUp() {
            writeCache(holdingEverythingUpTo: generation, identity: identity)
          } else {
            refresh(files)
          }
          takenIn.signal()
        }
        thread.name = "cloudy-import-catch-up"
        thread.start()
        takingIn.store(true, ordering: .releasing)
      }
    }
    if takingIn.load(ordering: .acquiring) {
      await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
          takenIn.wait()
          continuation.resume()
        }
      }
    } else {
      refresh(files)
    }
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
  func catchUp() -> Int64? {
    catchUpCounting()?.generation
  }

  /// ``catchUp()``, and how many rows of the index it read: a page of them at a time, each
  /// taken in as it is read, and one snapshot sent after the last.
  func catchUpCounting() -> (generation: Int64, read: Int)? {
    let since = state.withLock { $0.caughtUp }
    var place: DocumentIndexPlace?
    var read = 0
    var tookIn = false
    while true {
      guard
        let (entries, generation) = try? container.index.read({ session in
          (
            try session.entries(changedAfter: since, after: place, limit: catchUpPage),
            try session.generation()
          )
        })
      else {
        if tookIn { sendSnapshotAfterPages() }
        return nil
      }
      if !entries.isEmpty {
        let live = entries.filter { !$0.removed }.map(MetadataItem.init)
        let removed = entries.filter(\.removed).map(MetadataItem.init)
        if apply(.changed(added: live, changed: [], removed: removed, origin: .cloud), sendingSnapshot: false) {
          tookIn = true
        }
      }
      read += entries.count
      guard entries.count == catchUpPage, let last = entries.last else {
        // The last page: every row changed after `since` up to `generation` has been read.
        if tookIn { sendSnapshotAfterPages() }
        state.withLock { $0.caughtUp = max($0.caughtUp, generation) }
        return (generation, read)
      }
      place = DocumentIndexPlace(of: last)
    }
  }

  /// What ``apply(_:publishing:sendingSnapshot:)`` left for the last of a catch-up's pages.
  private func sendSnapshotAfterPages() {
    state.withLock { $0.countUnreadable() }
    publish()
  }

  /// How many rows of the index a catch-up reads at once, unless told otherwise: about 3 MB.
  public static let catchUpPage = 4096
}
