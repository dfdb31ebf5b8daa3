import Broadcasting
import DurableFiles
import Foundation
import Synchronization

/// A live query over a document container (`NSMetadataQuery`): a gathering phase that
/// ends with the full result, read from the metadata index (never from the documents),
/// then updates naming the added, changed and removed documents and where each change
/// came from.
///
/// It wakes on this process's commits at once, on other sessions' commits through a
/// watch on the index's files, and on hand edits through a watch on `Documents/` (which
/// brings the index up to date first); every second as a safety net.
public final class MetadataQuery: Sendable {
  public let container: DocumentContainer
  private let state = Mutex(State())
  private let broadcast = Broadcast<MetadataQueryUpdate>()

  private struct State: ~Copyable {
    /// The version of every document in the results, by file; made from ``known`` when first
    /// needed after resuming.
    var results: [String: Version] = [:]
    var known: (@Sendable () -> [(file: String, version: Version)])?
    var generation: Int64 = 0
    var gathered = false
    var tasks: [Task<Void, Never>] = []
    var watchers: [DirectoryWatcher] = []
    /// Set by ``stop()``: a folder watch that starts later is stopped at once.
    var stopped = false
  }

  /// Whether ``start()`` goes on to follow the index and the folder live. A command that
  /// reads, changes and exits needs no live updates: it reads what it changed itself
  /// (``refresh()``), and watching cost an import a fifth of its time (a wake-up for every
  /// file it wrote and every page of the index it spilled).
  public let watching: Bool

  public init(container: DocumentContainer, watching: Bool = true) {
    self.container = container
    self.watching = watching
  }

  deinit {
    stop()
  }

  /// Which version of a document the results hold: of two reports of one file, the same
  /// version and conflict count is the same state (a row saved again for its file's
  /// signature, say), which is not reported again. Every new contents is a new version id.
  ///
  /// The id is kept as its 16 bytes when it is a UUID in the usual upper-case form (every
  /// version Cloudy makes): a store holds one version per document, and 100,000 ids as text
  /// were 8 MB of the heap.
  public struct Version: Hashable, Sendable {
    private var storedID: VersionID
    public var conflictVersions: Int

    public var id: String {
      get { storedID.text }
      set { storedID = VersionID(newValue) }
    }

    public init(id: String, conflictVersions: Int) {
      self.storedID = VersionID(id)
      self.conflictVersions = conflictVersions
    }

    init(_ item: MetadataItem) { self.init(id: item.versionID, conflictVersions: item.conflictVersions) }
  }

  /// What a client kept of an earlier gathering (a cache of its results): the generation it
  /// had read everything up to, and the version of every document then (asked for only
  /// when the first change comes in).
  public struct Known: Sendable {
    public var generation: Int64
    public var documents: @Sendable () -> [(file: String, version: Version)]

    public init(generation: Int64, documents: @escaping @Sendable () -> [(file: String, version: Version)]) {
      self.generation = generation
      self.documents = documents
    }
  }

  /// How ``start(resuming:)`` began.
  public enum Start: Sendable {
    /// Every document, read from the index.
    case gathered([MetadataItem])
    /// From what was known: the changes since then, as updates (also sent to subscribers),
    /// and the generation they bring the results up to (the known one if the index could not
    /// be read just then: the live updates read the changes later), and how many rows of the
    /// index were read for them (a row changed only in what syncing keeps — a push marks every
    /// document it sent — is read but reports nothing).
    case resumed([MetadataQueryUpdate], through: Int64, read: Int)
  }

  /// The files in the results now (none before gathering).
  public var files: [String] {
    state.withLock { state in
      Self.makeResults(&state)
      return Array(state.results.keys)
    }
  }

  private static func makeResults(_ state: inout State) {
    guard let known = state.known else { return }
    let documents = known()
    state.results.reserveCapacity(documents.count)
    for (file, version) in documents { state.results[file] = version }
    state.known = nil
  }

  /// Updates from now on; subscribe before ``start()`` to see the gathering.
  public func updates() -> AsyncStream<MetadataQueryUpdate> { broadcast.subscribe() }

  /// Gathers (bringing the index up to date with the folder first), reports the result,
  /// and starts the live updates. Throws if the index can't be read.
  @discardableResult
  public func start() throws -> [MetadataItem] {
    guard case .gathered(let items) = try start(resuming: nil) else { return [] }
    return items
  }

  /// ``start()``, but from what a client knew at an earlier generation of the same index
  /// when it can: then only the changes since are read (the index keeps removed documents
  /// as tombstones with the generation of their removal, so none is missed). Gathers in full
  /// without `known`, or when the index is at an older generation than it (it can't be the
  /// index `known` came from).
  public func start(resuming known: Known?) throws -> Start {
    _ = try? container.refreshFromFiles()
    let generation = try container.guarded { try container.index.read { try $0.generation() } }
    if let known, known.generation <= generation {
      state.withLock { state in
        state.known = known.documents
        state.generation = known.generation
        state.gathered = true
      }
      let (updates, read) = updateCounting()
      let through = state.withLock { $0.generation }
      startWatching()
      return .resumed(updates, through: through, read: read)
    }
    let (entries, gatheredAt) = try container.guarded {
      try container.index.read { session in (try session.allEntries(), try session.generation()) }
    }
    var items: [MetadataItem] = []
    var results: [String: Version] = [:]
    items.reserveCapacity(entries.count)
    results.reserveCapacity(entries.count)
    for entry in entries where !entry.removed {
      let item = MetadataItem(entry)
      items.append(item)
      results[entry.file] = Version(item)
    }
    state.withLock { state in
      state.results = results
      state.known = nil
      state.generation = gatheredAt
      state.gathered = true
    }
    broadcast.send(.gathered(items))
    startWatching()
    return .gathered(items)
  }

  /// Stops the live updates.
  public func stop() {
    let (tasks, watchers) = state.withLock { state in
      defer {
        state.tasks = []
        state.watchers = []
        state.stopped = true
      }
      return (state.tasks, state.watchers)
    }
    for task in tasks { task.cancel() }
    for watcher in watchers { watcher.stop() }
    broadcast.finish()
  }

  private func startWatching() {
    guard watching else { return }
    let commits = container.commitNotifications()
    let own = Task { [weak self] in
      for await _ in commits { self?.update() }
    }
    let otherCommits = container.index.commitSignals()
    let others = Task { [weak self] in
      for await _ in otherCommits { self?.update() }
    }
    state.withLock { state in state.tasks += [own, others] }
    // The folder's watch (for files changed by hand) is added on the watcher's thread, off
    // the caller's path: on a folder of 100,000 documents the kernel marks every entry, about
    // 10 ms before the first frame. Once it is in place the folder is checked, so a change
    // made before is not missed.
    let container = container
    let unchecked = Mutex<Set<String>>([])
    guard
      let watcher = try? DirectoryWatcher(
        directory: container.documentsDirectory, fallbackInterval: .seconds(5),
        ready: { _ = try? container.refreshFromFiles() },
        handler: { names in
          // The names heard of are checked against the index once this process isn't writing
          // files of its own (an import, a fetch): while it is, most names are its own, and a
          // check for each batch of them cost an import 5–10% of its time. A name whose file
          // differs from the index's record (a change by hand: in place, which leaves the
          // folder's signature as it was, or made while this process wrote, which hides in
          // the folder's new one) has the folder scanned in full.
          unchecked.withLock { $0.formUnion(names.lazy.filter { !$0.hasPrefix(".") && !$0.contains(".tmp-") }) }
          if container.isWritingFiles {
            if names.isEmpty { _ = try? container.refreshFromFiles() }
            return
          }
          let heard = unchecked.withLock { unchecked in
            defer { unchecked = [] }
            return unchecked
          }
          guard names.isEmpty || !heard.isEmpty else { return }
          let differ = !heard.isEmpty && ((try? container.filesDiffer(heard)) ?? true)
          do {
            try container.refreshFromFiles(force: differ)
          } catch {
            // Checked again at the next call (the watcher's safety net at the latest).
            unchecked.withLock { $0.formUnion(heard) }
          }
        })
    else { return }
    let kept = state.withLock { state in
      if !state.stopped { state.watchers.append(watcher) }
      return !state.stopped
    }
    if !kept { watcher.stop() }
  }

  /// Brings the results up to date now rather than at the next wake-up, and returns the
  /// updates it sent (also sent to subscribers), so a caller can apply them before it
  /// reads: a `list` right after a sync then shows what the sync fetched, conflicts
  /// included.
  @discardableResult
  public func refresh() -> [MetadataQueryUpdate] {
    update()
  }

  /// Reads what changed since the last generation seen and reports it, by origin.
  @discardableResult
  private func update() -> [MetadataQueryUpdate] {
    updateCounting().updates
  }

  /// ``update()``, and how many rows of the index it read.
  private func updateCounting() -> (updates: [MetadataQueryUpdate], read: Int) {
    let since = state.withLock { $0.generation }
    guard
      let (entries, generation) = try? container.index.read({ session in
        (try session.entries(changedAfter: since), try session.generation())
      })
    else { return ([], 0) }
    let processID = container.processID
    let reports = state.withLock { state -> [MetadataQueryUpdate] in
      // Two updates can race; only the one that moves the generation forward reports.
      guard generation > state.generation else { return [] }
      state.generation = generation
      Self.makeResults(&state)
      var byOrigin:
        [MetadataQueryUpdate.Origin: (added: [MetadataItem], changed: [MetadataItem], removed: [MetadataItem])] =
          [:]
      for entry in entries {
        let origin: MetadataQueryUpdate.Origin =
          switch entry.origin {
          case processID: .thisProcess
          case DocumentIndexEntry.cloudOrigin: .cloud
          default: .otherSession
          }
        let old = state.results[entry.file]
        if entry.removed {
          guard let old else { continue }
          state.results[entry.file] = nil
          // Reported with the generation of its removal, which is newer than any state of it.
          let gone = MetadataItem(
            file: entry.file, contents: Data(), versionID: old.id, conflictVersions: old.conflictVersions,
            generation: entry.generation)
          byOrigin[origin, default: ([], [], [])].removed.append(gone)
        } else {
          let item = MetadataItem(entry)
          guard old != Version(item) else { continue }
          state.results[entry.file] = Version(item)
          if old == nil {
            byOrigin[origin, default: ([], [], [])].added.append(item)
          } else {
            byOrigin[origin, default: ([], [], [])].changed.append(item)
          }
        }
      }
      return byOrigin.map { origin, change in
        .changed(added: change.added, changed: change.changed, removed: change.removed, origin: origin)
      }
    }
    for report in reports { broadcast.send(report) }
    return (reports, entries.count)
  }
}
