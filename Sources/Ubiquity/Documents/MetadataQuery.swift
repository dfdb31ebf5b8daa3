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
    var results: [String: MetadataItem] = [:]
    var generation: Int64 = 0
    var gathered = false
    var tasks: [Task<Void, Never>] = []
    var watchers: [DirectoryWatcher] = []
  }

  public init(container: DocumentContainer) {
    self.container = container
  }

  deinit {
    stop()
  }

  /// The results now (empty before gathering).
  public var results: [MetadataItem] {
    state.withLock { Array($0.results.values) }
  }

  /// Updates from now on; subscribe before ``start()`` to see the gathering.
  public func updates() -> AsyncStream<MetadataQueryUpdate> { broadcast.subscribe() }

  /// Gathers (bringing the index up to date with the folder first), reports the result,
  /// and starts the live updates. Throws if the index can't be read.
  @discardableResult
  public func start() throws -> [MetadataItem] {
    _ = try? container.refreshFromFiles()
    let (entries, generation) = try container.guarded {
      try container.index.read { session in (try session.allEntries(), try session.generation()) }
    }
    var results: [String: MetadataItem] = [:]
    results.reserveCapacity(entries.count)
    for entry in entries where !entry.removed { results[entry.file] = MetadataItem(entry) }
    let items = Array(results.values)
    state.withLock { state in
      state.results = results
      state.generation = generation
      state.gathered = true
    }
    broadcast.send(.gathered(items))
    startWatching()
    return items
  }

  /// Stops the live updates.
  public func stop() {
    let (tasks, watchers) = state.withLock { state in
      defer {
        state.tasks = []
        state.watchers = []
      }
      return (state.tasks, state.watchers)
    }
    for task in tasks { task.cancel() }
    for watcher in watchers { watcher.stop() }
    broadcast.finish()
  }

  private func startWatching() {
    let commits = container.commitNotifications()
    let own = Task { [weak self] in
      for await _ in commits { self?.update() }
    }
    let otherCommits = container.index.commitSignals()
    let others = Task { [weak self] in
      for await _ in otherCommits { self?.update() }
    }
    var watchers: [DirectoryWatcher] = []
    if let watcher = try? DirectoryWatcher(
      directory: container.documentsDirectory, fallbackInterval: .seconds(5),
      handler: { [weak self] names in
        // Only names that aren't ours: our own writes hold the index lock and update it.
        guard names.isEmpty || names.contains(where: { !$0.hasPrefix(".") && !$0.contains(".tmp-") }) else { return }
        _ = try? self?.container.refreshFromFiles()
      })
    {
      watchers.append(watcher)
    }
    state.withLock { state in
      state.tasks += [own, others]
      state.watchers += watchers
    }
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
    let since = state.withLock { $0.generation }
    guard
      let (entries, generation) = try? container.index.read({ session in
        (try session.entries(changedAfter: since), try session.generation())
      })
    else { return [] }
    let processID = container.processID
    let reports = state.withLock { state -> [MetadataQueryUpdate] in
      // Two updates can race; only the one that moves the generation forward reports.
      guard generation > state.generation else { return [] }
      state.generation = generation
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
          guard var old else { continue }
          state.results[entry.file] = nil
          // Reported with the generation of its removal, which is newer than any state of it.
          old.generation = entry.generation
          byOrigin[origin, default: ([], [], [])].removed.append(old)
        } else {
          let item = MetadataItem(entry)
          guard old != item else { continue }
          state.results[entry.file] = item
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
    return reports
  }
}
