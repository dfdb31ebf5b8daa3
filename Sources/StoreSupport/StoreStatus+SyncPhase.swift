import BookmarkStoreInterface
import Sync

extension StoreStatus {
  /// The sync engine's phase as the bottom line says it: `syncing` while changes made here
  /// wait for the cloud, whatever the engine's last step did.
  public static func syncState(_ phase: SyncPhase, pending: Int) -> SyncState {
    switch phase {
    case .synced: pending > 0 ? .syncing : .synced
    case .syncing: .syncing
    case .offline: .offline
    }
  }
}
