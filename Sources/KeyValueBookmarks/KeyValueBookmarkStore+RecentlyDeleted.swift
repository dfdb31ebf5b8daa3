import BookmarkModel
import BookmarkStoreInterface
import Foundation
import KeyValueStore
import PropertyLists

extension KeyValueBookmarkStore {
  /// One write: the bookmark's key goes, and `deleted.<id>` comes, holding its entry (with
  /// its place and folder) and the deletion; what Recently Deleted has kept its time goes too.
  public func delete(id: Bookmark.ID) async throws {
    let key = KeyValueBookmarkLayout.key(for: id)
    guard let value = keyValueStore.object(forKey: key) else { throw StoreError.notFound(id) }
    let now = environment.now()
    var batch = expiredDeleted(at: now, synced: keyValueStore.status.state == .synced)
    batch[key] = .some(nil)
    if let stored = Bookmark(propertyList: value) {
      // The folder it was shown in, by path, to file it there again on restoring.
      let bookmark = filing(at: now).filing.tree.resolved(stored)
      let deleted = DeletedBookmark(bookmark: bookmark, deleted: now.wholeSeconds, device: rules.device)
      let deletedKey = KeyValueBookmarkLayout.key(forDeleted: id)
      // A copy Recently Deleted already holds under this id is replaced: one entry per
      // bookmark, its newest delete.
      batch[deletedKey] = deleted.propertyList(keeping: value.dictionary ?? [:])
    } else if let raw = value.dictionary {
      // An entry that can't be read is kept as it is, marked deleted.
      batch[KeyValueBookmarkLayout.key(forDeleted: id)] = .dictionary(
        DeletedBookmark.marking(raw, deleted: now.wholeSeconds, device: rules.device))
    }
    do {
      try keyValueStore.setValues(batch)
    } catch let error as KeyValueStoreError where error.isQuotaViolation {
      throw StoreError.noRoomInRecentlyDeleted
    } catch let error as KeyValueStoreError {
      throw storeError(error)
    }
    try saveOrUndo(Array(batch.keys))
    publish()
  }

  /// The removal of Recently Deleted's entries that have been kept their time; none unless
  /// the store is `synced` (its last push and fetch succeeded). The cloud's last write wins,
  /// so a removal made from a stale copy (offline for days) would also remove the newer copy
  /// another device wrote under the same key meanwhile: a bookmark deleted again there, after
  /// a restore this device never saw, was lost (the model, seed 410011). An expired entry is
  /// neither shown nor restored meanwhile.
  func expiredDeleted(at now: Date, synced: Bool) -> [String: PropertyList?] {
    guard synced else { return [:] }
    var batch: [String: PropertyList?] = [:]
    for (deleted, _) in deletedEntries.deleted(in: keyValueStore.dictionaryRepresentation)
    where rules.hasExpired(deleted.deleted, at: now) {
      batch[KeyValueBookmarkLayout.key(forDeleted: deleted.id)] = .some(nil)
    }
    return batch
  }

  public func recentlyDeleted() async throws -> [DeletedBookmark] {
    currentSnapshot().deleted
  }

  /// One write: each bookmark's entry comes back as it was deleted (its place kept), filed
  /// by the path it had (its folder made again if it is gone), and its `deleted.` key goes.
  /// One whose key is taken (imported again, or an entry that can't be read) stays in
  /// Recently Deleted: nothing is replaced.
  public func restoreDeleted(_ ids: Set<Bookmark.ID>) async throws -> [Bookmark] {
    let values = keyValueStore.dictionaryRepresentation
    let now = environment.now()
    let current = self.filing(at: now)
    let chosen = deletedEntries.deleted(in: values).filter {
      ids.contains($0.deleted.id) && !rules.hasExpired($0.deleted.deleted, at: now)
    }
    let tree = current.filing.tree
    var filing = FolderFiling(tree: tree, time: now, newID: RestoredFolderIDs(chosen.map(\.deleted), tree: tree).next)
    var batch: [String: PropertyList?] = [:]
    var restored: [Bookmark] = []
    // Oldest deletion first: the same order, and so the same folder ids, on every device.
    for (deleted, stored) in chosen.reversed() {
      let key = KeyValueBookmarkLayout.key(for: deleted.id)
      guard values[key] == nil else { continue }
      batch[KeyValueBookmarkLayout.key(forDeleted: deleted.id)] = .some(nil)
      var bookmark = deleted.bookmark
      filing.file(&bookmark)
      batch[key] = .dictionary(bookmark.merged(into: DeletedBookmark.unmarking(stored)))
      restored.append(bookmark)
    }
    guard !batch.isEmpty else { return [] }
    try write(Self.batch(batch, filing, current.bookmarks))
    return restored
  }

  public func removeDeleted(_ ids: Set<Bookmark.ID>?) async throws -> Int {
    var batch: [String: PropertyList?] = [:]
    for (deleted, _) in deletedEntries.deleted(in: keyValueStore.dictionaryRepresentation)
    where ids?.contains(deleted.id) ?? true {
      batch[KeyValueBookmarkLayout.key(forDeleted: deleted.id)] = .some(nil)
    }
    guard !batch.isEmpty else { return 0 }
    try write(batch)
    return batch.count
  }
}
