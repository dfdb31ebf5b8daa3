import ArchiveSync
import Archives
import BookmarkStoreInterface
import DeviceHome
import Foundation

/// Pages kept on this device while the cloud could not be reached (`W` or `cloudy archive`
/// offline, or a send that failed): they wait here and go when the cloud can be reached, sent
/// by the app, by `cloudy sync` (and `--watch`), and by the next `cloudy archive`.
package enum PagesInWaiting {
  /// Whether any page was ever kept on this device (else there is nothing to send, and no
  /// cloud needs opening).
  package static func anyKept(in location: StoreLocation) -> Bool {
    FileManager.default.fileExists(atPath: ArchiveLibrary.folder(inData: location.dataDirectory) + "/index.sqlite")
  }

  /// Sends the pages kept here that the cloud lacks, of the bookmarks among `listed` (a
  /// deleted bookmark's pages stay where they are); how many went, 0 when nothing was ever
  /// kept here (and nothing is made or asked).
  package static func send(in location: StoreLocation, through cloud: ArchiveCloud, among listed: Set<String>)
    async throws -> Int
  {
    guard let library = try ArchiveAccess.library(in: location, creating: false) else { return 0 }
    return try await ArchiveSharing(library: library, cloud: cloud).exchange(among: listed, fetching: false).sent
  }

  /// Follows `store` until cancelled, sending the pages waiting each time its sync comes to
  /// `synced` first or again after `offline` (at launch, and when the cloud is back): not
  /// after every change, as asking the cloud for its list of pages costs a read of them all.
  /// A send that fails leaves the pages here for the next time; `sent` hears of each send
  /// that sent some.
  package static func follow(
    _ store: any BookmarkStore, in location: StoreLocation, through cloud: ArchiveCloud,
    sent: @escaping @Sendable (Int) -> Void = { _ in }
  ) -> Task<Void, Never> {
    let snapshots = store.changes()
    return Task {
      var settled: StoreStatus.SyncState?
      for await snapshot in snapshots where snapshot.status.sync != .syncing {
        let now = snapshot.status.sync
        defer { settled = now }
        guard now == .synced, settled != .synced, let bookmarks = try? snapshot.bookmarks.get() else { continue }
        let count = (try? await send(in: location, through: cloud, among: Set(bookmarks.map(\.id)))) ?? 0
        if count > 0 { sent(count) }
      }
    }
  }
}
