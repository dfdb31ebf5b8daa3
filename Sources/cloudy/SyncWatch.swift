import BookmarkStoreInterface
import CommandLineIO
import Dispatch
import Foundation
import PageAccess

/// `cloudy sync --watch`: the store opened as the app opens it (the same locks, the same live
/// following of the cloud and of other sessions on this device), with no screen, until
/// SIGTERM, SIGINT or SIGHUP.
///
/// Nothing here wakes on a timer: the store's sync engine waits on the cloud's signals
/// (`LISTEN` on PostgreSQL, inotify on the SQLite file), on file events from other sessions,
/// and on its retry after a failure; this loop waits on the store's snapshots and on the
/// signals. One line is printed whenever the state of sync changes.
struct SyncWatch {
  var options: GlobalOptions

  func run() async throws {
    let store = try await CLIError.reporting { () async throws -> any BookmarkStore in
      if options.isOffline {
        throw CLIError("There is nothing to watch offline; leave out --offline (or CLOUDY_OFFLINE).")
      }
      let store = try options.makeStore()
      if store.backend == .userDefaults {
        throw CLIError(
          "The user-defaults store stays on this device; `cloudy sync --watch` is for key-value and documents.")
      }
      return store
    }
    let stops = Self.stopSignals()
    let snapshots = store.changes()
    let stopped = Task {
      for await _ in stops { return }
    }
    let reporting = Task {
      var last: String?
      for await snapshot in snapshots where snapshot.status.sync != .syncing {
        let line = Self.line(for: snapshot)
        if line != last { StandardStream.output.say(line + "\n") }
        last = line
      }
    }
    // Pages kept while the cloud could not be reached go when it can; those of bookmarks
    // gone for good are let go.
    let archiveCloud = options.archiveCloud()
    let pagesInWaiting = archiveCloud.map { cloud in
      KeptPagesUpkeep.follow(store, in: options.location, through: cloud) { done in
        StandardStream.output.say(SyncCommand.lines(done))
      }
    }
    StandardStream.output.say("Watching \(store.backend.rawValue) for changes; SIGTERM or Ctrl-C stops.\n")
    await store.sync()
    await stopped.value
    reporting.cancel()
    pagesInWaiting?.cancel()
    await archiveCloud?.cloud.close()
    StandardStream.output.say("Stopped.\n")
  }

  /// The line for a state of sync: `documents · synced`, `key-value · offline · 2 pending:
  /// <why>`. A step under way (`syncing`) is not printed: it would come with every change.
  static func line(for snapshot: StoreSnapshot) -> String {
    let status = snapshot.status
    var line = status.syncSummary
    if status.conflicts > 0 { line += status.conflicts == 1 ? " · 1 conflict" : " · \(status.conflicts) conflicts" }
    if let problem = status.problem { line += ": " + problem }
    if let held = snapshot.heldDeletes { line += " " + held.sentence }
    return line
  }

  /// SIGTERM, SIGINT and SIGHUP as a stream (their default action, ending the process at
  /// once, is turned off, so the loop ends and the store is left as a command leaves it).
  static func stopSignals() -> AsyncStream<Void> {
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    let sources = [SIGTERM, SIGINT, SIGHUP].map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { continuation.yield() }
      source.resume()
      return source
    }
    // Kept alive by the stream: a released source stops delivering. Only cancelled here.
    nonisolated(unsafe) let kept = sources
    continuation.onTermination = { _ in
      for source in kept { source.cancel() }
    }
    return stream
  }
}
