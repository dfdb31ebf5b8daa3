import BookmarkModel
import BookmarkStoreInterface
import BookmarksState
import Foundation

/// The store's part of the runtime: each effect that asks the store for something, done, and
/// the answer as the action the view model takes next. The app runs it off the UI thread; tests
/// run it in turn, to drive the view model against a real store without a terminal.
public enum StoreEffects {
  /// Does `effect` on `store`, and says how it went.
  public static func perform(_ effect: StoreEffect, on store: any BookmarkStore) async -> Action {
    /// The store's versions, or why it has none.
    func versioned(_ store: any BookmarkStore) throws -> any VersionedBookmarkStore {
      guard let versioned = store.versioned else { throw StoreError.noHistory(store.backend) }
      return versioned
    }
    switch effect {
    case .add(let draft):
      let saved = await result { try await store.add(draft) }
      return .saveFinished(saved, snapshot: store.lastSnapshot)
    case .update(let id, let draft):
      let saved = await result { try await store.update(id: id, with: draft) }
      return .saveFinished(saved, snapshot: store.lastSnapshot)
    case .applyChange(let change):
      return .changeApplied(await failure { try await apply(change, to: store) })
    case .move(let bookmark, let folder):
      // The name and URL as stored: only the folder changes.
      let draft = BookmarkDraft(name: bookmark.name, url: bookmark.url, folder: folder)
      return .moveFinished(bookmark, await result { try await store.update(id: bookmark.id, with: draft) })
    case .changeFolder(let change):
      return .folderChanged(change, await failure { try await store.changeFolder(change) })
    case .delete(let bookmark):
      return .deleteFinished(bookmark, await failure { try await store.delete(id: bookmark.id) })
    // The view model asks these only of a store that has them (``StoreBackend/keepsVersions``,
    // ``StoreBackend/isSynced``); a store without them answers as one with nothing to show.
    case .loadVersions(let id):
      return .versionsLoaded(id, await result { try await store.versioned?.conflictVersions(of: id) ?? [] })
    case .loadHistory(let id):
      return .historyLoaded(id, await result { try await versioned(store).history(of: id) })
    case .revert(let id, let version):
      return .reverted(id, await result { try await versioned(store).revert(id: id, to: version) })
    case .settleHeldDeletes(let held, let keeping):
      return .heldDeletesSettled(
        keeping: keeping,
        await result {
          guard let synced = store.synced else { throw StoreError.heldDeletesChanged }
          return try await synced.settleHeldDeletes(held, keeping: keeping)
        })
    case .resolve(let id, let resolution, let seen):
      return .resolveFinished(
        id, await failure { try await versioned(store).resolveConflict(of: id, resolution, seen: seen) })
    case .retitle(let id, let draft):
      return .retitled(id, await failure { _ = try await store.update(id: id, with: draft) })
    case .restoreDeleted(let deleted):
      return .deletedRestored(deleted, await result { try await store.restoreDeleted(Set(deleted.map(\.id))) })
    case .removeDeleted(let deleted):
      return .deletedRemoved(deleted, await result { try await store.removeDeleted(Set(deleted.map(\.id))) })
    case .saveFromShelf(let draft):
      return .savedFromShelf(await result { try await store.add(draft) })
    }
  }

  /// Makes a change the view model asked for (`J`/`K`, an undo, a redo).
  private static func apply(_ change: StoreChange, to store: any BookmarkStore) async throws {
    switch change {
    case .restore(let bookmark):
      // From Recently Deleted, to its place; if it went for good, as it was.
      guard try await store.restoreDeleted([bookmark.id]).isEmpty else { return }
      if try await store.load().contains(where: { $0.id == bookmark.id }) {
        // Back in the list already (restored elsewhere, and the user said y): made as it was.
        let draft = BookmarkDraft(
          name: bookmark.name, url: bookmark.url, folder: bookmark.folder, tags: bookmark.tags, notes: bookmark.notes)
        _ = try await store.update(id: bookmark.id, with: draft)
      } else {
        try await store.importBookmarks([bookmark])
      }
    case .remove(let bookmark):
      // Gone already (deleted on another device, and the user said y): what the undo asks
      // for is so; there is nothing left to take back.
      do { try await store.delete(id: bookmark.id) } catch StoreError.notFound(bookmark.id) {}
    case .replace(let id, let draft):
      do {
        _ = try await store.update(id: id, with: draft)
      } catch StoreError.notFound(id) {
        // Deleted on another device since (the user said y): made again as the undo makes it
        // (an edit beats a delete), with its first date if Recently Deleted has its copy,
        // which then goes. (Restoring the copy first made its old folder again.) Added
        // before the copy goes: a crash between leaves the copy, not nothing.
        let copy = try await store.recentlyDeleted().first { $0.id == id }?.bookmark
        let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        try await store.importBookmarks([
          Bookmark(
            id: id, name: draft.name, url: draft.url, created: copy?.created ?? now, modified: now,
            folder: draft.folder ?? copy?.folder ?? [], notes: draft.notes ?? copy?.notes ?? "",
            tags: draft.tags ?? copy?.tags ?? [])
        ])
        if copy != nil { _ = try await store.removeDeleted([id]) }
      }
    case .reorder(let first, _, let second):
      // One of the two deleted on another device since (the user said y): a place beside a
      // bookmark that is gone means nothing, so there is nothing left to take back.
      do { try await store.exchangePlaces(of: first, and: second) } catch StoreError.notFound {}
    case .importAll(let bookmarks, let folders):
      // A redo: one of its bookmarks the undo put in Recently Deleted (changed elsewhere
      // first; the user said y) comes back from there as it is there, as a redone add does,
      // with its folder; the rest are made again as the import brought them.
      let ids = Set(bookmarks.map(\.id))
      let inDeleted = Set(try await store.recentlyDeleted().lazy.map(\.id).filter { ids.contains($0) })
      let restored = inDeleted.isEmpty ? [] : Set(try await store.restoreDeleted(inDeleted).map(\.id))
      try await store.importBookmarks(bookmarks.filter { !restored.contains($0.id) }, folders: folders)
    case .removeAll(let bookmarks, let folders):
      // Those exactly as the import brought them go for good; one changed since (the user
      // said y) goes to Recently Deleted, as any delete does; one gone already is left.
      let listed = Dictionary(try await store.load().map { ($0.id, $0) }) { first, _ in first }
      let unchanged = bookmarks.filter { UndoStep.matches(listed[$0.id], $0) }
      try await store.removeBookmarks(Set(unchanged.map(\.id)))
      let kept = Set(unchanged.map(\.id))
      for bookmark in bookmarks where listed[bookmark.id] != nil && !kept.contains(bookmark.id) {
        try await store.delete(id: bookmark.id)
      }
      try await removeEmptyFolders(folders, from: store)
    }
  }

  /// Deletes these folders (deepest first), each only if it now holds no bookmark and no
  /// folder but those deleted before it: one given something meanwhile stays.
  private static func removeEmptyFolders(_ folders: [[String]], from store: any BookmarkStore) async throws {
    guard !folders.isEmpty else { return }
    var now: StoreSnapshot?
    for await snapshot in store.changes() {
      now = snapshot
      break
    }
    guard let now, case .success(let bookmarks) = now.bookmarks else { return }
    var deleted = Set<[String]>()
    for folder in folders.sorted(by: { $0.count > $1.count })
    where now.folders.contains(where: { $0.starts(with: folder) })
      && !bookmarks.contains(where: { $0.folder.starts(with: folder) })
      && !now.folders.contains(where: { $0.starts(with: folder) && $0 != folder && !deleted.contains($0) })
    {
      try await store.changeFolder(.delete(folder))
      deleted.insert(folder)
    }
  }

  private static func result<T>(_ body: () async throws -> T) async -> Result<T, FailureMessage> {
    do { return .success(try await body()) } catch { return .failure(FailureMessage("\(error)")) }
  }

  private static func failure(_ body: () async throws -> Void) async -> FailureMessage? {
    do {
      try await body()
      return nil
    } catch {
      return FailureMessage("\(error)")
    }
  }
}
