import BookmarkStoreInterface
import Sync

extension RemovalHold {
  /// Lets the held deletes `keys` through and syncs to apply them. If the sync could not
  /// (the cloud can't be reached, or more deletes arrived), the approval is taken back, so
  /// they are never applied later against the user's choice, and that is thrown.
  package func settle(approving keys: [String], syncing sync: () async -> Void) async throws {
    letThrough(approving: keys)
    await sync()
    guard !isLettingThrough else {
      withdraw()
      throw StoreError.heldDeletesNotSettled
    }
  }
}

extension HeldDeletes {
  /// What a zone holds back, as a store's snapshot shows it; `copy` names where the
  /// deleting device keeps a held item's Recently Deleted copy (nil when it has none), and
  /// `present` whether this device has it already.
  package init(_ held: RemovalHold.Held, copy: (String) -> String?, present: (String) -> Bool) {
    let copies = held.keys.count { key in copy(key).map { held.written.contains($0) || present($0) } ?? false }
    self.init(count: held.keys.count, total: held.present, items: Set(held.keys), inRecentlyDeleted: copies)
  }
}
