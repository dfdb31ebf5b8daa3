import BookmarkModel
import BookmarkStoreInterface
import DocumentContainer
import Foundation
import StoreSupport

extension DocumentBookmarkStore {
  @discardableResult
  public func settleHeldDeletes(_ shown: HeldDeletes, keeping: Bool) async throws -> Int {
    let hold = container.removalHold
    guard let held = hold.held, Set(held.keys) == shown.items else { throw StoreError.heldDeletesChanged }
    // This device's copies, read before the deletes apply: what a keep falls back on.
    var copies: [Bookmark.ID: (file: String, contents: Data)] = [:]
    var restoring: Set<Bookmark.ID> = []
    if keeping {
      // A bookmark the deleting device put in Recently Deleted comes back from there, below:
      // its copy is the newest (a delete of a copy older than this device's edit loses to
      // the edit in the cloud, so it never gets this far). One deleted without (an older
      // client, a wipe by hand) is saved again as a new version of this device's copy: an
      // edit beats a delete, so it stays on every device.
      var documents: [(file: String, contents: Data)] = []
      for file in held.keys {
        guard let entry = try? container.entry(file), let (bookmark, _) = BookmarkDocument.read(entry.contents)
        else { continue }
        copies[bookmark.id] = (file, entry.contents)
        if held.written.contains(DocumentContainer.fileName(for: bookmark.id, extension: Self.deletedExtension)) {
          restoring.insert(bookmark.id)
        } else {
          documents.append((file, entry.contents))
        }
      }
      if !documents.isEmpty {
        _ = try await translating { try container.save(documents) }
        refresh(documents.map(\.file))
      }
    }
    try await hold.settle(approving: held.keys) { await container.syncNow() }
    if !restoring.isEmpty {
      // The list as the fetch left it (the query's report of it may not have come yet): a
      // restore is never made over a bookmark it still shows.
      _ = catchUp()
      let restored = Set(try await restoreDeleted(restoring).map(\.id))
      // One whose Recently Deleted copy went meanwhile (emptied, expired, unreadable) comes
      // back as this device had it.
      let lost = restoring.subtracting(restored).compactMap { id in
        indexed({ $0.fileByID[id] }) == nil ? copies[id] : nil
      }
      if !lost.isEmpty {
        _ = try await translating { try container.create(lost) }
        refresh(lost.map(\.file))
      }
      await container.syncNow()
    }
    if keeping { try await refileKept(copies.filter { !restoring.contains($0.key) }) }
    publish()
    guard !keeping else { return 0 }
    // The copies Recently Deleted has now, as the fetch that applied the deletes left it.
    _ = catchUp()
    let suffix = "." + Self.fileExtension
    let listed = Set(sortedDeleted().map(\.id))
    return state.withLock { state in
      held.keys.count { file in
        file.hasSuffix(suffix)
          && state.deleted[file.dropLast(suffix.count) + Self.deletedSuffix]?.deleted.map { listed.contains($0.id) }
            ?? false
      }
    }
  }

  /// Kept bookmarks whose folder was deleted meanwhile (an import taken back takes the folders
  /// it made, and a folder's delete is never held) go back into a folder of the path they
  /// had, made again, as a restore does: kept means as they were, not one level up.
  func refileKept(_ copies: [Bookmark.ID: (file: String, contents: Data)]) async throws {
    guard !copies.isEmpty else { return }
    _ = catchUp()
    let tree = folderTree()
    var filing = filing(at: environment.now())
    var writing: [(file: String, contents: Data)] = []
    for (id, copy) in copies {
      guard let (stored, _) = BookmarkDocument.read(copy.contents), let folderID = stored.folderID,
        tree.place(of: folderID).flatMap(tree.record(at:)) != folderID, !stored.folder.isEmpty,
        let (file, listed, order) = indexed({ state in
          state.fileByID[id].flatMap { file in
            state.entries[file].flatMap { e in e.bookmark.map { (file, $0, e.order) } }
          }
        })
      else { continue }
      var bookmark = listed
      bookmark.folder = stored.folder
      filing.file(&bookmark)
      writing.append((file, BookmarkDocument.data(for: bookmark, order: order)))
    }
    guard let first = writing.first else { return }
    let documents = folderDocuments(filing.writes.records) + writing
    _ = try await changing(first.file, to: first.contents) { try container.save(documents) }
    refresh(documents.map(\.file))
    await container.syncNow()
  }
}
