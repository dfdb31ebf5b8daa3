import BookmarkModel
import BookmarkStoreInterface
import PropertyLists
import StoreSupport

extension KeyValueBookmarkStore {
  @discardableResult
  public func settleHeldDeletes(_ shown: HeldDeletes, keeping: Bool) async throws -> Int {
    let hold = keyValueStore.removalHold
    guard let held = hold.held, Set(held.keys) == shown.items else { throw StoreError.heldDeletesChanged }
    // This device's copies, read before the deletes apply: what a keep falls back on.
    var copies: [Bookmark.ID: [String: PropertyList]] = [:]
    var restoring: Set<Bookmark.ID> = []
    if keeping {
      var batch: [String: PropertyList?] = [:]
      for key in held.keys {
        guard let id = KeyValueBookmarkLayout.id(forKey: key), let entry = keyValueStore.object(forKey: key)?.dictionary
        else { continue }
        copies[id] = entry
        // The deleting device's copy comes back from Recently Deleted when it is this
        // device's edit or was made on it (it may hold more); an older or concurrent one
        // (the cloud's last write wins, so a delete can be of a copy that never saw this
        // device's edit) would lose this device's edit: this copy is saved again instead,
        // which lands after the delete, and the other stays in Recently Deleted.
        let deletedKey = KeyValueBookmarkLayout.key(forDeleted: id)
        if held.written.contains(deletedKey), let deleted = keyValueStore.object(forKey: deletedKey)?.dictionary,
          deleted[Self.editKey] == entry[Self.editKey] || deleted[Self.baseKey] == entry[Self.editKey]
        {
          restoring.insert(id)
          continue
        }
        batch[key] = .dictionary(Self.savedAgain(entry))
      }
      if !batch.isEmpty { try write(batch) }
    }
    try await hold.settle(approving: held.keys) { await keyValueStore.syncNow() }
    if !restoring.isEmpty {
      let restored = Set(try await restoreDeleted(restoring).map(\.id))
      // One Recently Deleted lost meanwhile (emptied, expired, unreadable) comes back as
      // this device had it.
      var batch: [String: PropertyList?] = [:]
      for id in restoring.subtracting(restored)
      where keyValueStore.object(forKey: KeyValueBookmarkLayout.key(for: id)) == nil {
        if let entry = copies[id] { batch[KeyValueBookmarkLayout.key(for: id)] = .dictionary(Self.savedAgain(entry)) }
      }
      if !batch.isEmpty { try write(batch) }
      await keyValueStore.syncNow()
    }
    if keeping { try await refileKept(copies.filter { !restoring.contains($0.key) }) }
    publish()
    guard !keeping else { return 0 }
    // The copies Recently Deleted has now (emptied or deleted for good since they were shown
    // on another device: not there).
    let listed = Set(try await recentlyDeleted().map(\.id))
    return held.keys.count { key in KeyValueBookmarkLayout.id(forKey: key).map(listed.contains) ?? false }
  }

  /// Kept bookmarks whose folder was deleted meanwhile (an import taken back takes the folders
  /// it made, and a folder's delete is never held) go back into a folder of the path they
  /// had, made again, as the document store does: kept means as they were, not one level up.
  func refileKept(_ copies: [Bookmark.ID: [String: PropertyList]]) async throws {
    guard !copies.isEmpty else { return }
    var (filing, bookmarks) = filing(at: environment.now())
    var values: [String: PropertyList?] = [:]
    for (id, copy) in copies {
      let key = KeyValueBookmarkLayout.key(for: id)
      guard let stored = Bookmark(propertyList: .dictionary(copy)), let folderID = stored.folderID,
        !stored.folder.isEmpty, filing.tree.place(of: folderID).flatMap(filing.tree.record(at:)) != folderID,
        let value = keyValueStore.object(forKey: key), let entry = value.dictionary,
        var listed = Bookmark(propertyList: value)
      else { continue }
      listed.folder = stored.folder
      filing.file(&listed)
      values[key] = .dictionary(Self.savedAgain(listed.merged(into: entry)))
    }
    guard !values.isEmpty else { return }
    try write(Self.batch(values, filing, bookmarks))
    await keyValueStore.syncNow()
  }
}
