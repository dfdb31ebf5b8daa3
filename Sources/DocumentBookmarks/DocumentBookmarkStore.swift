import BookmarkModel
import BookmarkStoreInterface
import Broadcasting
import DocumentContainer
import Foundation
import PropertyLists
import StoreSupport
import Synchronization

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
  let environment: BookmarkEnvironment
  let rules: RecentlyDeletedRules
  let historyRules: HistoryRules
  /// How many rows of the index a catch-up reads at once (``catchUpPage``; smaller in tests).
  let catchUpPage: Int
  let state = Mutex(State())
  let snapshots = Broadcast<StoreSnapshot>(bufferingPolicy: .bufferingNewest(1))

  struct State: ~Copyable {
    var entries = DocumentEntries<Entry>()
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
    /// Whether a task is making the dictionaries off the lock: one is enough, however many
    /// follow the list (two at once held both sets at the peak, 40 MB at 100,000).
    var indexing = false

    /// Counts the documents that can't be read, of every kind.
    mutating func countUnreadable() {
      unreadable =
        entries.values.count { $0.bookmark == nil } + folders.values.count { $0.record == nil }
        + deleted.values.count { $0.deleted == nil } + histories.values.count { !$0.readable }
    }

    mutating func makeIndex() {
      guard let cached = unindexed else { return }
      if let made = Self.index(cached) { (entries, fileByID) = made }
      unindexed = nil
    }

    /// The listed bookmarks with these ids, read from the cache's list while the dictionaries
    /// are not made: the first snapshot asks this for Recently Deleted, and making them then
    /// put a quarter of a second (100,000 bookmarks) before the first frame.
    func listed(_ ids: Set<Bookmark.ID>) -> [Bookmark] {
      guard !ids.isEmpty else { return [] }
      if let cached = unindexed { return cached.bookmarks.filter { ids.contains($0.id) } }
      return ids.compactMap { fileByID[$0].flatMap { entries[$0]?.bookmark } }
    }

    /// The dictionaries for what the cache held (``entries`` and ``fileByID`` are empty
    /// until they are made: every use of them makes them first). `between` is asked every
    /// `piece` documents whether to go on (it may wait first); nil when it said no.
    static func index(
      _ cached: GatheredDocumentsCache.Contents, piece: Int = Self.piece, between: () -> Bool = { true }
    ) -> (DocumentEntries<Entry>, [Bookmark.ID: String])? {
      var entries = DocumentEntries<Entry>()
      var fileByID: [Bookmark.ID: String] = [:]
      entries.reserveCapacity(cached.documents.count)
      fileByID.reserveCapacity(cached.documents.count)
      for (index, document) in cached.documents.all.enumerated() {
        if index % piece == piece - 1, !between() { return nil }
        let file = cached.file(of: document, at: index)
        let bookmark = index < cached.bookmarks.count ? cached.bookmarks[index] : nil
        entries[file] = Entry(
          bookmark: bookmark, order: document.order, version: document.version, generation: document.generation)
        if let bookmark { fileByID[bookmark.id] = file }
      }
      return (entries, fileByID)
    }

    /// Documents put in the dictionaries between two asks of `between` (about 5 ms at
    /// 1,000,000: what a keystroke may wait for the memory bus).
    static let piece = 4096
  }

  /// Runs `body` on the state with its dictionaries made.
  func indexed<T>(_ body: (inout State) -> T) -> T {
    state.withLock { state in
      state.makeIndex()
      return body(&state)
    }
  }

  struct Entry {
    var bookmark: Bookmark?
    var order: Int
    var version: MetadataQuery.Version
    /// The index generation of the state applied.
    var generation: Int64

    var conflicted: Bool { version.conflictVersions > 0 }
  }

  struct DeletedEntry {
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

  struct HistoryEntry {
    var version: MetadataQuery.Version
    var generation: Int64
    var readable: Bool
  }

  struct FolderEntry {
    /// Nil for a folder document that can't be read.
    var record: FolderRecord?
    var version: MetadataQuery.Version
    var generation: Int64
  }

  /// Where the store keeps a copy of what it gathered (``GatheredDocumentsCache``), or nil
  /// when the index can't name itself (one kept in memory).
  var cachePath: String? {
    container.index.identity == nil ? nil : container.root + "/" + GatheredDocumentsCache.fileName
  }

  public static let fileExtension = "bookmark"
  public static let folderExtension = "folder"
  static let folderSuffix = "." + folderExtension
  public static let deletedExtension = "deleted"
  static let deletedSuffix = "." + deletedExtension
  /// A bookmark's history (``BookmarkHistory``), beside its `<id>.bookmark`.
  public static let historyExtension = "history"
  static let historySuffix = "." + historyExtension

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
  static func lists(_ file: String, over holder: String, id: Bookmark.ID) -> Bool {
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
    watching: Bool = true, catchUpPage: Int = DocumentBookmarkStore.catchUpPage
  ) {
    self.catchUpPage = max(1, catchUpPage)
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
}
