import Cloud
import GRDB
import Synchronization

/// One user's hold on the cloud's database file: its connection pool, opened on first use,
/// and a change watcher, made on the first subscription; both let go by ``close()``. Shared
/// by the cloud (an account's records) and the team shelf, which differ in what they watch.
final class SQLiteFile: Sendable {
  let path: String
  let account: String
  private let probe: SQLiteChangeWatcher.Probe
  private let state = Mutex(State())

  private struct State: ~Copyable {
    var pool: DatabasePool?
    var watcher: SQLiteChangeWatcher?
    var closed = false
  }

  init(path: String, account: String, probe: SQLiteChangeWatcher.Probe) {
    self.path = path
    self.account = account
    self.probe = probe
  }

  deinit {
    let watcher = state.withLock { $0.watcher }
    watcher?.stop()
  }

  var displayName: String { "sqlite:" + path }

  /// The pool, opened (and the schema migrated) if it isn't yet.
  func database() throws -> DatabasePool {
    try state.withLock { state in
      if state.closed { throw CloudError.closed }
      if let pool = state.pool { return pool }
      let pool = try SQLiteCloud.openDatabase(path, displayName: displayName, account: account)
      state.pool = pool
      return pool
    }
  }

  /// A signal after every change another connection commits to what ``probe`` watches.
  func signals() -> AsyncStream<Void> {
    let watcher = state.withLock { state -> SQLiteChangeWatcher? in
      if state.closed { return nil }
      if state.watcher == nil { state.watcher = SQLiteChangeWatcher(path: path, probe: probe) }
      return state.watcher
    }
    // Outside the lock: no stream is finished (or yielded to) while one is held.
    guard let watcher else { return AsyncStream { $0.finish() } }
    return watcher.subscribe()
  }

  func close() {
    let (pool, watcher) = state.withLock { state in
      state.closed = true
      defer {
        state.pool = nil
        state.watcher = nil
      }
      return (state.pool, state.watcher)
    }
    watcher?.stop()
    try? pool?.close()
  }
}
