import BookmarkModel
import BookmarkStoreInterface
import DocumentContainer
import Foundation
import Synchronization

extension DocumentBookmarkStore {
  /// One commit: the bookmark's document goes and its `<id>.deleted` comes (with its place
  /// and the folder path it was shown at); what Recently Deleted has kept its time goes too.
  public func delete(id: Bookmark.ID) async throws {
    guard
      let (file, stored, order) = indexed({ state in
        state.fileByID[id].flatMap { file in state.entries[file].flatMap { e in e.bookmark.map { (file, $0, e.order) } }
        }
      })
    else { throw StoreError.notFound(id) }
    let now = environment.now()
    let deleted = DeletedBookmark(
      bookmark: folderTree().resolved(stored), deleted: now.wholeSeconds, device: rules.device)
    let deletedFile = DocumentContainer.fileName(for: id, extension: Self.deletedExtension)
    // What has been kept its time goes, with its history.
    let expired = indexed { state in
      state.deleted.flatMap { file, entry -> [String] in
        guard let deleted = entry.deleted, rules.hasExpired(deleted.deleted, at: now), file != deletedFile else {
          return []
        }
        // Its history goes too, unless the bookmark is back in the list (imported again, or
        // an edit that beat the delete).
        return state.fileByID[deleted.id] == nil ? [file, Self.historyFile(of: deleted.id)] : [file]
      }
    }
    let writing = [(file: deletedFile, contents: deleted.document(order: order))]
    // A copy Recently Deleted already holds under this id (a delete an edit or an import
    // overruled since, not shown while the bookmark was listed) is replaced: one entry per
    // bookmark, its newest delete (DECISIONS.md).
    // The bookmark's document must still be there: a delete made from a stale list (another
    // process deleted it meanwhile) must not write over the Recently Deleted copy that made.
    _ = try await changing(file, to: nil, deleting: true, id: id) {
      try container.change(
        deleting: [file], expired: expired, writing: writing, overwriting: true, requiringDeleted: true)
    }
    refresh([file] + writing.map(\.file) + expired)
  }

  public func recentlyDeleted() async throws -> [DeletedBookmark] {
    if let problem = state.withLock({ $0.gatherError }) {
      throw StoreError.unreadable(path: container.root, reason: problem)
    }
    if !query.watching { catchUp() }
    return sortedDeleted()
  }

  /// The Recently Deleted documents of these ids.
  func deletedDocuments(of ids: Set<Bookmark.ID>?) -> [(file: String, entry: DeletedEntry)] {
    state.withLock { state in
      state.deleted.compactMap { file, entry in
        guard let id = entry.deleted?.id, ids?.contains(id) ?? true else { return nil }
        return (file, entry)
      }
    }
  }

  /// One commit: each bookmark's document comes back as it was deleted (its place kept),
  /// filed by the path it had (its folder made again if it is gone), and its `.deleted` goes.
  /// One whose id or file is taken (imported again, or a document that can't be read) stays
  /// in Recently Deleted: nothing is replaced.
  public func restoreDeleted(_ ids: Set<Bookmark.ID>) async throws -> [Bookmark] {
    if !query.watching { catchUp() }
    do {
      return try await restoreOnce(ids)
    } catch StoreError.writeFailed {
      // Another process made one of the documents since this one last read the index (a
      // restore is never written over anything): what it did is read, and the restore made
      // again from there. A disk error fails again, and is said.
      catchUp()
      return try await restoreOnce(ids)
    }
  }

  func restoreOnce(_ ids: Set<Bookmark.ID>) async throws -> [Bookmark] {
    // Oldest deletion first, and folders made again with the same ids, on every device
    // restoring these bookmarks.
    let chosen = deletedDocuments(of: ids).compactMap { file, entry in entry.deleted.map { (file, entry, $0) } }
      .sorted { a, b in DeletedBookmark.newestFirst(b.2, a.2) }
    let tree = folderTree()
    let folderIDs = RestoredFolderIDs(chosen.map(\.2), tree: tree)
    var filing = FolderFiling(tree: tree, time: environment.now(), newID: folderIDs.next)
    var deleting: [String] = []
    var writing: [(file: String, contents: Data)] = []
    var restored: [Bookmark] = []
    for (deletedFile, entry, deleted) in chosen {
      let file = file(forNew: deleted.id)
      let taken = indexed { $0.fileByID[deleted.id] != nil || $0.entries[file] != nil }
      guard !taken, !restored.contains(where: { $0.id == deleted.id }) else { continue }
      deleting.append(deletedFile)
      var bookmark = deleted.bookmark
      filing.file(&bookmark)
      writing.append((file, BookmarkDocument.data(for: bookmark, order: entry.order)))
      restored.append(bookmark)
    }
    guard let first = deleting.first else { return [] }
    writing = folderDocuments(filing.writes.records) + writing
    _ = try await changing(first, to: nil, deleting: true) {
      try container.change(deleting: deleting, writing: writing, overwriting: false, requiringNew: true)
    }
    refresh(deleting + writing.map(\.file))
    return restored
  }

  public func removeDeleted(_ ids: Set<Bookmark.ID>?) async throws -> Int {
    if !query.watching { catchUp() }
    let documents = deletedDocuments(of: ids)
    guard let first = documents.first?.file else { return 0 }
    // Each with its history: deleted for good, nothing of it is kept.
    // Each with its history, unless the bookmark is back in the list.
    let histories = indexed { state in
      documents.compactMap { document in
        document.entry.deleted.flatMap { deleted in
          let history = Self.historyFile(of: deleted.id)
          return state.fileByID[deleted.id] == nil && state.histories[history] != nil ? history : nil
        }
      }
    }
    let files = documents.map(\.file)
    let count = try await changing(first, to: nil, deleting: true) { try container.delete(files + histories) }
    refresh(files + histories)
    return count - histories.count
  }

  /// Recently Deleted, newest first, without what has been kept its time (kept until the
  /// next change).
  func sortedDeleted() -> [DeletedBookmark] {
    let all = state.withLock { state in
      if let sorted = state.deletedSorted { return sorted }
      let deleted = state.deleted.values.compactMap(\.deleted)
      let listed = state.listed(Set(deleted.map(\.id)))
      let sorted = DeletedBookmark.notListed(deleted, listed: listed).sorted(by: DeletedBookmark.newestFirst)
      state.deletedSorted = sorted
      return sorted
    }
    return rules.kept(withoutHeld(all), now: environment.now)
  }

  /// Recently Deleted without the copies of bookmarks whose delete is held back here (the
  /// mass-delete guard): the bookmark is still listed, so it is not deleted here yet, and
  /// nothing is both listed and in Recently Deleted. Once the deletes are applied the copies
  /// show; kept, the bookmarks stay.
  func withoutHeld(_ deleted: [DeletedBookmark]) -> [DeletedBookmark] {
    guard let held = container.removalHold.held, !held.keys.isEmpty, !deleted.isEmpty else { return deleted }
    let keys = Set(held.keys)
    let heldIDs = state.withLock { state in
      var ids = Set<Bookmark.ID>()
      for copy in deleted where state.fileByID[copy.id].map(keys.contains) ?? false { ids.insert(copy.id) }
      return ids
    }
    return heldIDs.isEmpty ? deleted : deleted.filter { !heldIDs.contains($0.id) }
  }
}
