import BookmarkModel
import BookmarkStoreInterface
import Broadcasting
import DeviceHome
import Dispatch
import DurableFiles
import Foundation
import PropertyLists
import Synchronization

/// The `user-defaults` backend: bookmarks in a local property-list domain.
///
/// Guarantees:
/// - Every change is made under an inter-process lock on the newest file contents, and
///   written to a temporary file, `fsync`ed and renamed into place: two processes never
///   lose each other's changes, and a crash leaves the old or the new domain.
/// - A file that cannot be read is reported and never overwritten.
/// - A change made by another process is reported through ``changes()`` within one poll
///   interval (200 ms by default) — the file's inode, size and modification time are
///   checked, which is cheap; its contents are read only when they changed.
public final class UserDefaultsStore: BookmarkStore {
  public let backend = StoreBackend.userDefaults
  private let domain: DefaultsDomain
  private let environment: BookmarkEnvironment
  private let rules: RecentlyDeletedRules
  private let pollInterval: DispatchTimeInterval
  private let state = Mutex(State())
  private let poller = Poller()
  private let snapshots: Broadcast<StoreSnapshot>
  private let watchQueue = DispatchQueue(label: "cloudy.user-defaults.watch")

  private struct State: ~Copyable {
    var lastSignature: PrivateFiles.Signature?
    /// The last snapshot read, with the file's signature when it was read: `load()` and
    /// `status()` read the file again only when the signature moved (`cloudy list` asks
    /// for both; reading 100,000 bookmarks twice cost a third of its time).
    var read: (snapshot: StoreSnapshot, signature: PrivateFiles.Signature)?
  }

  /// A store over the domain file at `path`.
  public init(
    path: String, environment: BookmarkEnvironment = .live, recentlyDeleted rules: RecentlyDeletedRules = .thisComputer,
    pollInterval: DispatchTimeInterval = .milliseconds(200)
  ) {
    domain = DefaultsDomain(path: path)
    self.environment = environment
    self.rules = rules
    self.pollInterval = pollInterval
    let poller = poller
    snapshots = Broadcast(bufferingPolicy: .bufferingNewest(1), whenEmpty: { poller.stop() })
  }

  /// The poll timer, which runs while anyone listens: started by ``changes()``, stopped when
  /// the last subscriber leaves (a command that asked for one snapshot must not read the
  /// file again while it exits).
  private final class Poller: Sendable {
    private let timer = Mutex<DispatchSourceTimer?>(nil)

    func start(_ make: () -> DispatchSourceTimer) {
      timer.withLock { if $0 == nil { $0 = make() } }
    }

    func stop() {
      timer.withLock {
        $0?.cancel()
        $0 = nil
      }
    }
  }

  /// A store in a device's config folder.
  public convenience init(
    location: StoreLocation, environment: BookmarkEnvironment = .live,
    recentlyDeleted rules: RecentlyDeletedRules = .thisComputer
  ) {
    self.init(path: location.defaultsDomainPath, environment: environment, recentlyDeleted: rules)
  }

  deinit {
    poller.stop()
    snapshots.finish()
  }

  public func load() async throws -> [Bookmark] {
    try latestSnapshot().bookmarks.get()
  }

  public var lastSnapshot: StoreSnapshot? { snapshots.last }

  /// From the cache when it answers for the domain as it is: the other bookmarks are skipped,
  /// not made.
  public func bookmarks(withIDs ids: Set<Bookmark.ID>) async throws -> [Bookmark] {
    if let found = domain.cachedBookmarks(withIDs: ids) { return found }
    return try await load().filter { ids.contains($0.id) }
  }

  public func changes() -> AsyncStream<StoreSnapshot> {
    // On the watch queue, where every snapshot is sent, so this one takes its turn: earlier
    // subscribers get the current contents too if they changed since the last poll.
    watchQueue.sync {
      let current = currentSnapshot()
      send(current)
      let stream = snapshots.subscribe(initial: { current.snapshot.madeNow() })
      poller.start { makeTimer() }
      return stream
    }
  }

  public func add(_ draft: BookmarkDraft) async throws -> Bookmark {
    let now = environment.now().wholeSeconds
    let bookmark = draft.newBookmark(id: environment.newID(), at: now)
    let change = try domain.modifyWithFolders { entries, folders in
      entries.append(.dictionary(bookmark.propertyListEntries))
      DefaultsDomain.list([bookmark.folder], in: &folders)
    }
    publish(change)
    return bookmark
  }

  public func update(id: Bookmark.ID, with draft: BookmarkDraft) async throws -> Bookmark {
    let now = environment.now().wholeSeconds
    let change = try domain.modifyWithFolders { entries, folders -> Bookmark in
      guard let index = DefaultsDomain.index(of: id, in: entries),
        let entry = entries[index].dictionary,
        var bookmark = Bookmark(propertyList: entries[index])
      else { throw StoreError.notFound(id) }
      draft.apply(to: &bookmark, at: now)
      // Keep any keys another version of Cloudy may have added to the entry.
      entries[index] = .dictionary(bookmark.merged(into: entry))
      DefaultsDomain.list([bookmark.folder], in: &folders)
      return bookmark
    }
    publish(change)
    return change.result
  }

  /// One locked read-modify-write: the entry leaves the list for Recently Deleted, with its
  /// place in the list (`deletedIndex`) to go back to. A copy Recently Deleted already holds
  /// under this id (the bookmark was imported again since) is replaced.
  public func delete(id: Bookmark.ID) async throws {
    let now = environment.now()
    let change = try domain.modifyAll { entries, _, deleted in
      guard let index = DefaultsDomain.index(of: id, in: entries) else { throw StoreError.notFound(id) }
      var entry = DeletedBookmark.marking(
        entries.remove(at: index).dictionary ?? [:], deleted: now.wholeSeconds, device: rules.device)
      entry[DefaultsDomain.deletedIndexKey] = .integer(index)
      deleted.removeAll { DeletedBookmark.deletionDate(of: $0).map { rules.hasExpired($0, at: now) } ?? false }
      // One entry per bookmark in Recently Deleted: its newest delete.
      deleted.removeAll { Self.id(of: $0) == id }
      deleted.append(.dictionary(entry))
    }
    publish(change)
  }

  public func recentlyDeleted() async throws -> [DeletedBookmark] {
    let snapshot = latestSnapshot()
    _ = try snapshot.bookmarks.get()
    // (The snapshot may have been read before something in it was kept its days.)
    return rules.kept(snapshot.deleted, now: environment.now)
  }

  /// One locked read-modify-write: each entry goes back to its place in the list (or the
  /// end, if the list is shorter now), its folder listed again. One whose id is in the list
  /// (imported again, or an entry that can't be read) stays where it is: nothing is replaced.
  public func restoreDeleted(_ ids: Set<Bookmark.ID>) async throws -> [Bookmark] {
    let change = try domain.modifyAll { entries, folders, deleted -> [Bookmark] in
      let stored = Set(entries.compactMap { $0.dictionary?["id"]?.string })
      var restored: [Bookmark] = []
      var restoring: [(index: Int, entry: PropertyList)] = []
      deleted.removeAll { item in
        guard let id = Self.id(of: item), ids.contains(id), !stored.contains(id), let marked = item.dictionary,
          let bookmark = Bookmark(propertyList: item), !restored.contains(where: { $0.id == id })
        else { return false }
        var entry = DeletedBookmark.unmarking(marked)
        var index = Int.max
        if case .integer(let place) = entry.removeValue(forKey: DefaultsDomain.deletedIndexKey) { index = place }
        restoring.append((index, .dictionary(entry)))
        restored.append(bookmark)
        DefaultsDomain.list([bookmark.folder], in: &folders)
        return true
      }
      // Lowest place first, so each goes where it was among those put back with it.
      for (index, entry) in restoring.sorted(by: { $0.index < $1.index }) {
        entries.insert(entry, at: min(max(index, 0), entries.count))
      }
      return restored
    }
    publish(change)
    return change.result
  }

  public func removeDeleted(_ ids: Set<Bookmark.ID>?) async throws -> Int {
    let change = try domain.modifyAll { _, _, deleted -> Int in
      let before = deleted.count
      // (Entries that can't be read are left in the file, as everywhere.)
      deleted.removeAll { item in
        DeletedBookmark(propertyList: item) != nil && (ids.map { Self.id(of: item).map($0.contains) ?? false } ?? true)
      }
      return before - deleted.count
    }
    publish(change)
    return change.result
  }

  private static func id(of entry: PropertyList) -> Bookmark.ID? { entry.dictionary?["id"]?.string }

  /// One locked read-modify-write: every path in and under the folder rewritten, and the
  /// folder list with them.
  public func changeFolder(_ change: FolderChange) async throws {
    let result = try domain.modifyWithFolders { entries, folders -> Bool in
      var existing = Set<[String]>()
      let paths = entries.map { $0.dictionary?["folder"]?.array?.compactMap(\.string) ?? [] }
      for path in Set(paths).union(folders) where !path.isEmpty {
        for depth in 1...path.count { existing.insert(Array(path.prefix(depth))) }
      }
      if let problem = change.problem(existing: existing) { throw StoreError.folder(problem) }
      if change.changesNothing { return false }
      if case .create(let path) = change {
        DefaultsDomain.list([path], in: &folders)
        return true
      }
      DefaultsDomain.list([change.path], in: &folders)
      for (index, path) in paths.enumerated() where path.starts(with: change.path) {
        guard var entry = entries[index].dictionary else { continue }
        let moved = change.rewrite(path)
        entry["folder"] = moved.isEmpty ? nil : .array(moved.map(PropertyList.string))
        entries[index] = .dictionary(entry)
      }
      var rewritten: [[String]] = []
      for path in folders {
        if case .delete(let deleted) = change, path == deleted { continue }
        rewritten.append(change.rewrite(path))
      }
      // A moved folder comes last among its new siblings, as in the stores with records.
      if case .move = change {
        let moved = rewritten.filter { $0.starts(with: change.destination) }
        rewritten = rewritten.filter { !$0.starts(with: change.destination) } + moved
      }
      folders = []
      DefaultsDomain.list(rewritten, in: &folders)
      return true
    }
    if result.result { publish(result) }
  }

  /// One locked read-modify-write: the two entries change places in the array.
  public func exchangePlaces(of first: Bookmark.ID, and second: Bookmark.ID) async throws {
    let change = try domain.modify { entries in
      guard let a = DefaultsDomain.index(of: first, in: entries) else { throw StoreError.notFound(first) }
      guard let b = DefaultsDomain.index(of: second, in: entries) else { throw StoreError.notFound(second) }
      entries.swapAt(a, b)
    }
    publish(change)
  }

  /// One locked read-modify-write that drops every entry with one of these ids.
  public func removeBookmarks(_ ids: Set<Bookmark.ID>) async throws {
    let change = try domain.modify { entries in
      entries.removeAll { $0.dictionary?["id"]?.string.map(ids.contains) ?? false }
    }
    publish(change)
  }

  /// One locked read-modify-write: the new entries (ids not yet stored) are appended and the domain replaced
  /// with one `rename`, so a crash leaves the domain as it was or with every new entry.
  public func importBookmarks(_ bookmarks: [Bookmark], folders emptyFolders: [[String]]) async throws {
    let change = try domain.modifyWithFolders { entries, folders in
      let stored = Set(entries.compactMap { $0.dictionary?["id"]?.string })
      entries.reserveCapacity(entries.count + bookmarks.count)
      var lastFolder: [String] = []
      var paths: [[String]] = []
      for var bookmark in bookmarks where stored.isEmpty || !stored.contains(bookmark.id) {
        // Another store's folder records mean nothing here: the path is the folder.
        bookmark.folderID = nil
        entries.append(.dictionary(bookmark.propertyListEntries))
        if bookmark.folder != lastFolder { paths.append(bookmark.folder) }
        lastFolder = bookmark.folder
      }
      DefaultsDomain.list(paths + emptyFolders.filter { !$0.isEmpty }, in: &folders)
    }
    publish(change)
  }

  public func status() async -> StoreStatus {
    latestSnapshot().status
  }

  /// The snapshot of the file as it is now: the one read last if the file's signature has
  /// not moved since, else read anew.
  private func latestSnapshot() -> StoreSnapshot {
    let signature = PrivateFiles.signature(domain.path)
    if let signature, let read = state.withLock({ $0.read }), read.signature == signature { return read.snapshot }
    return currentSnapshot().snapshot
  }

  /// The file as it is now, stamped with its signature (the one read last if the file has
  /// not moved since, else read anew); nil while it can't be read.
  public func stampedSnapshot() async -> StampedSnapshot? {
    let signature = PrivateFiles.signature(domain.path)
    let current: (snapshot: StoreSnapshot, signature: PrivateFiles.Signature?)
    if let signature, let read = state.withLock({ $0.read }), read.signature == signature {
      current = (read.snapshot, signature)
    } else {
      current = currentSnapshot()
    }
    guard let signature = current.signature, case .success = current.snapshot.bookmarks else { return nil }
    return StampedSnapshot(stamp: Self.stamp(path: domain.path, signature: signature), snapshot: current.snapshot)
  }

  /// The stamp of the domain file at `path` as it is now, read without reading the file: what
  /// ``stampedSnapshot()`` stamps the file's contents with. Nil when there is no file.
  public static func openingStamp(path: String) -> String? {
    PrivateFiles.signature(path).map { stamp(path: path, signature: $0) }
  }

  private static func stamp(path: String, signature: PrivateFiles.Signature) -> String {
    "user-defaults \(signature.inode) \(signature.size) \(signature.seconds).\(signature.nanoseconds) \(path)"
  }

  // MARK: - Watching

  private func makeTimer() -> DispatchSourceTimer {
    let timer = DispatchSource.makeTimerSource(queue: watchQueue)
    timer.schedule(deadline: .now() + pollInterval, repeating: pollInterval, leeway: .milliseconds(20))
    timer.setEventHandler { [weak self] in self?.checkForChange() }
    timer.resume()
    return timer
  }

  /// Runs on the watch queue: reads the domain only if its signature moved, and sends the
  /// snapshot to every subscriber if it differs from the last.
  private func checkForChange() {
    guard snapshots.hasSubscribers else { return poller.stop() }
    let signature = PrivateFiles.signature(domain.path)
    if state.withLock({ $0.lastSignature == signature }) { return }
    send(currentSnapshot())
  }

  /// Sends what this process just wrote, without reading the file again. The signature
  /// was taken under the lock, so it belongs to exactly these contents.
  private func publish(_ change: DefaultsDomain.Change<some Any>) {
    let current = (snapshot(for: .success(change.contents)), change.signature)
    // On the watch queue, so a poll that read the file before this write cannot send its
    // older snapshot after this one.
    watchQueue.sync { send(current) }
  }

  /// Runs on the watch queue, so snapshots go out in turn; a snapshot equal to the last one
  /// sent is not sent again.
  private func send(_ current: (snapshot: StoreSnapshot, signature: PrivateFiles.Signature?)) {
    state.withLock { $0.lastSignature = current.signature }
    snapshots.sendIfChanged { current.snapshot.madeNow() }
  }

  private func currentSnapshot() -> (snapshot: StoreSnapshot, signature: PrivateFiles.Signature?) {
    // Take the signature first: if the file changes while it is read, the next poll sees
    // a newer signature and reads again, so no change is missed.
    let signature = PrivateFiles.signature(domain.path)
    do {
      let current = snapshot(for: .success(try domain.read()))
      if let signature { state.withLock { $0.read = (current, signature) } }
      return (current, signature)
    } catch let error as StoreError {
      return (snapshot(for: .failure(error)), signature)
    } catch {
      return (snapshot(for: .failure(.unreadable(path: domain.path, reason: "\(error)"))), signature)
    }
  }

  private func snapshot(for contents: Result<DefaultsDomain.Contents, StoreError>) -> StoreSnapshot {
    var status = StoreStatus(backend: backend, sync: .local)
    switch contents {
    case .success(let contents):
      if contents.unreadableEntries > 0 {
        status.problem =
          contents.unreadableEntries == 1
          ? "1 stored entry could not be read; it is kept as it is."
          : "\(contents.unreadableEntries) stored entries could not be read; they are kept as they are."
      }
      return StoreSnapshot(
        bookmarks: .success(contents.bookmarks), status: status, folders: contents.folders,
        deleted: DeletedBookmark.notListed(
          rules.kept(contents.deleted, now: environment.now), listed: contents.bookmarks))
    case .failure(let error):
      status.problem = error.description
      return StoreSnapshot(bookmarks: .failure(error), status: status)
    }
  }
}
