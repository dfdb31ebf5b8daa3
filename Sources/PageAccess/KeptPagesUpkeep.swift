import ArchiveSync
import Archives
import BookmarkStoreInterface
import DeviceHome
import Foundation
import Synchronization

/// Keeping this device's kept pages in step with the cloud once a sync has reached it, done
/// by the app, by `cloudy sync` (and `--watch`) as by every `cloudy archive`:
/// - pages kept while the cloud could not be reached (`W` or `cloudy archive` offline, or a
///   send that failed) wait here and are sent;
/// - the pages of bookmarks gone for good (neither listed nor in Recently Deleted) are let
///   go, here and in the cloud, a day after they were kept.
package enum KeptPagesUpkeep {
  /// What one upkeep did.
  package struct Done: Hashable, Sendable {
    /// Pages that waited here and went to the cloud.
    package var sent = 0
    /// Bookmarks whose pages were let go in the cloud.
    package var freed = 0

    package init(sent: Int = 0, freed: Int = 0) {
      self.sent = sent
      self.freed = freed
    }
  }

  /// Whether any page was ever kept on this device (else there is nothing to do, and no
  /// cloud needs opening).
  package static func anyKept(in location: StoreLocation) -> Bool {
    FileManager.default.fileExists(atPath: ArchiveLibrary.folder(inData: location.dataDirectory) + "/index.sqlite")
  }

  /// Sends the pages kept here that the cloud lacks, of the bookmarks `listed` (a deleted
  /// bookmark's pages stay where they are), then, if `deleted` is given (Recently Deleted's
  /// ids: the store is known whole), lets go of the pages of bookmarks in neither. Nothing is
  /// made or asked when nothing was ever kept here.
  package static func keepUp(
    in location: StoreLocation, through cloud: ArchiveCloud, listed: Set<String>, deleted: Set<String>?,
    now: Date = Date()
  ) async throws -> Done {
    guard let library = try ArchiveAccess.library(in: location, creating: false) else { return Done() }
    let sharing = ArchiveSharing(library: library, cloud: cloud)
    var done = Done()
    done.sent = try await sharing.exchange(among: listed, fetching: false).sent
    if let deleted { done.freed = try await sharing.free(keeping: listed.union(deleted), now: now) }
    return done
  }

  /// Follows `store` until cancelled, keeping up each time its sync comes to `synced` first
  /// or again after `offline` (at launch, and when the cloud is back): not after every
  /// change, as asking the cloud for its list of pages costs a read of them all. Pages are
  /// let go only from a snapshot that is the store whole: nothing unreadable, nothing
  /// pending or held back. An upkeep that fails is tried again the next time; `done` hears
  /// of each that did something.
  ///
  /// It follows at background priority, subscribing in its own task (a first snapshot is
  /// nobody's hurry), and an upkeep runs beside the following, one at a time: a cloud that
  /// answers slowly must not leave snapshots waiting in the stream.
  package static func follow(
    _ store: any BookmarkStore, in location: StoreLocation, through cloud: ArchiveCloud,
    done: @escaping @Sendable (Done) -> Void = { _ in }
  ) -> Task<Void, Never> {
    Task(priority: .background) {
      let running = Running()
      await withDiscardingTaskGroup { group in
        var settled: StoreStatus.SyncState?
        for await snapshot in store.changes() where snapshot.status.sync != .syncing {
          let now = snapshot.status.sync
          defer { settled = now }
          // Nothing ever kept here: nothing to do, and no set of every id made (a million of them
          // hashed on the other core while the list first opened).
          guard now == .synced, settled != .synced, anyKept(in: location),
            let bookmarks = try? snapshot.bookmarks.get(),
            running.start()
          else { continue }
          let listed = Set(bookmarks.map(\.id))
          let whole = snapshot.status.problem == nil && snapshot.status.pending == 0 && snapshot.heldDeletes == nil
          let deleted = whole ? Set(snapshot.deleted.map(\.id)) : nil
          group.addTask {
            defer { running.end() }
            let upkeep = try? await keepUp(in: location, through: cloud, listed: listed, deleted: deleted)
            if let upkeep, upkeep != Done() { done(upkeep) }
          }
        }
      }
    }
  }

  /// Whether an upkeep is under way.
  private final class Running: Sendable {
    private let flag = Atomic<Bool>(false)

    /// Marks one as begun; false when one already is.
    func start() -> Bool { !flag.exchange(true, ordering: .acquiringAndReleasing) }

    func end() { flag.store(false, ordering: .releasing) }
  }
}
