import BookmarkStoreInterface
import Ubiquity

extension RemovalHold {
  /// Lets the held deletes `keys` through and syncs to apply them. If the sync could not
  /// (the cloud can't be reached, or more deletes arrived), the approval is taken back, so
  /// they are never applied later against the user's choice, and that is thrown.
  func settle(approving keys: [String], syncing sync: () async -> Void) async throws {
    letThrough(approving: keys)
    await sync()
    guard !isLettingThrough else {
      withdraw()
      throw StoreError.heldDeletesNotSettled
    }
  }
}

extension HeldDeletes {
  /// What a zone holds back, as a store's snapshot shows it.
  init(_ held: RemovalHold.Held) {
    self.init(count: held.keys.count, total: held.present, items: Set(held.keys))
  }
}
