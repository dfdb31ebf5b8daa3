import Broadcasting
import DurableFiles
import Foundation
import GRDB
import Synchronization

/// Tells subscribers when another connection committed a change to one account (or to the
/// team shelf: ``Probe``).
///
/// inotify on the database's folder wakes the watcher as soon as a writer touches the
/// WAL file; the watcher then asks SQLite whether anything was committed
/// (`PRAGMA data_version`, which reads shared memory, not the tables) and, if so, whether
/// the account's last sequence moved (one primary-key lookup). A file event can come
/// before the commit is visible (the writer's last WAL write comes just before it updates
/// the shared index), so an event that finds nothing is re-checked 0.5, 1, 2, 4, 8, 16, 32
/// and 64 ms after it, and the same check runs again 250 ms after the last event, then at
/// twice the spacing each time for about a minute (``DirectoryWatcher``), so a change is
/// not missed and an idle watcher takes no CPU. (Checks after 2, 10 and 40 ms alone made a
/// typical change wait 10 ms here: one was seldom visible 2 ms after its event.)
final class SQLiteChangeWatcher: Sendable {
  private let path: String
  private let probe: Probe
  private let state = Mutex(State())
  private let watcher = Mutex<DirectoryWatcher?>(nil)
  private let subscribers = Broadcast<Void>(bufferingPolicy: .bufferingNewest(1))

  private struct State: ~Copyable {
    var connection: DatabaseQueue?
    var dataVersion: Int?
    var lastSequence: Int64?
  }

  static let fallbackInterval = Duration.milliseconds(250)
  /// Microseconds to wait before each recheck, one after the other (64 ms in all).
  static let recheckDelays: [UInt32] = [500, 500, 1_000, 2_000, 4_000, 8_000, 16_000, 32_000]

  /// Where a change shows: a table whose one number moves with every commit that matters.
  struct Probe: Sendable {
    var table: String
    var sql: String
    var arguments: [String]

    /// The account's last sequence.
    static func account(_ account: String) -> Probe {
      Probe(table: "accounts", sql: "SELECT last_sequence FROM accounts WHERE account = ?", arguments: [account])
    }

    /// The team shelf's last sequence.
    static let shelf = Probe(table: "shelf", sql: "SELECT last_sequence FROM shelf WHERE id = 1", arguments: [])
  }

  init(path: String, probe: Probe) {
    self.path = path
    self.probe = probe
    _ = check()
    let directory = (path as NSString).deletingLastPathComponent
    let file = (path as NSString).lastPathComponent
    let watched: Set<String> = [file, file + "-wal"]
    let started = try? DirectoryWatcher(directory: directory, fallbackInterval: Self.fallbackInterval) {
      [weak self] names in
      guard let self else { return }
      if names.isEmpty {
        self.notifyIfChanged()
      } else if !names.isDisjoint(with: watched) {
        self.notifyIfChanged(rechecking: true)
      }
    }
    watcher.withLock { $0 = started }
  }

  /// A stream signalled after every change another connection commits to the account.
  func subscribe() -> AsyncStream<Void> {
    subscribers.subscribe()
  }

  func stop() {
    let current = watcher.withLock { watcher in
      defer { watcher = nil }
      return watcher
    }
    current?.stop()
    subscribers.finish()
    state.withLock { $0.connection = nil }
  }

  private func notifyIfChanged(rechecking: Bool = false) {
    if check() { return signal() }
    guard rechecking else { return }
    for delay in Self.recheckDelays {
      usleep(delay)
      if check() { return signal() }
    }
  }

  private func signal() {
    subscribers.send(())
  }

  /// Whether the probed sequence moved since the previous check.
  private func check() -> Bool {
    state.withLock { state in
      do {
        if state.connection == nil {
          guard FileManager.default.fileExists(atPath: path) else { return false }
          state.connection = try DatabaseQueue(path: path, configuration: SQLiteCloud.configuration())
        }
        guard let connection = state.connection else { return false }
        let (dataVersion, sequence) = try connection.inDatabase { db -> (Int?, Int64?) in
          let version = try Int.fetchOne(db, sql: "PRAGMA data_version")
          if version == state.dataVersion { return (version, state.lastSequence) }
          // Not `db.tableExists`: GRDB caches the schema, and another connection creates it.
          let hasTable =
            try Int.fetchOne(
              db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?",
              arguments: [probe.table]) == 1
          let sequence =
            hasTable ? try Int64.fetchOne(db, sql: probe.sql, arguments: StatementArguments(probe.arguments)) : nil
          return (version, sequence)
        }
        let moved = state.lastSequence != sequence
        state.dataVersion = dataVersion
        state.lastSequence = sequence
        return moved
      } catch {
        // The next check tries again with a fresh connection.
        state.connection = nil
        state.dataVersion = nil
        return false
      }
    }
  }
}
