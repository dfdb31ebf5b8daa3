import BookmarkModel
import BookmarkStoreInterface
import DefaultsBookmarks
import DeviceHome
import Foundation

/// The demo's store: user defaults in the throwaway home, seeded with ``DemoSamples``,
/// on a fixed clock with sequential ids.
///
/// It reports only the first snapshot through ``changes()``. The app learns of its own
/// adds, edits and deletes from their results (a save's answer carries ``lastSnapshot``);
/// were the store's change event to arrive as well, it would race with the result, and a
/// recording could catch one frame more or less depending on which came first. No other
/// process writes to a demo home.
package final class DemoStore: BookmarkStore {
  private let base: UserDefaultsStore

  package var backend: StoreBackend { base.backend }

  private init(base: UserDefaultsStore) {
    self.base = base
  }

  /// A store in `location` holding the sample bookmarks.
  package static func seeded(location: StoreLocation) async throws -> DemoStore {
    let environment = BookmarkEnvironment.demo()
    let base = UserDefaultsStore(location: location, environment: environment)
    let samples = DemoSamples.all.map { sample in
      let now = environment.now()
      return Bookmark(id: environment.newID(), name: sample.name, url: sample.url, created: now, modified: now)
    }
    try await base.importBookmarks(samples)
    return DemoStore(base: base)
  }

  package func load() async throws -> [Bookmark] { try await base.load() }

  package var lastSnapshot: StoreSnapshot? { base.lastSnapshot }

  /// The store's first snapshot, then nothing more.
  package func changes() -> AsyncStream<StoreSnapshot> {
    let base = self.base
    return AsyncStream { continuation in
      let task = Task {
        for await snapshot in base.changes() {
          continuation.yield(snapshot)
          break
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }

  package func add(_ draft: BookmarkDraft) async throws -> Bookmark { try await base.add(draft) }

  package func update(id: Bookmark.ID, with draft: BookmarkDraft) async throws -> Bookmark {
    try await base.update(id: id, with: draft)
  }

  package func delete(id: Bookmark.ID) async throws { try await base.delete(id: id) }

  package func exchangePlaces(of first: Bookmark.ID, and second: Bookmark.ID) async throws {
    try await base.exchangePlaces(of: first, and: second)
  }

  package func changeFolder(_ change: FolderChange) async throws { try await base.changeFolder(change) }

  package func status() async -> StoreStatus { await base.status() }

  package func importBookmarks(_ bookmarks: [Bookmark], folders: [[String]]) async throws {
    try await base.importBookmarks(bookmarks, folders: folders)
  }

  package func removeBookmarks(_ ids: Set<Bookmark.ID>) async throws { try await base.removeBookmarks(ids) }

  package func recentlyDeleted() async throws -> [DeletedBookmark] { try await base.recentlyDeleted() }

  package func restoreDeleted(_ ids: Set<Bookmark.ID>) async throws -> [Bookmark] { try await base.restoreDeleted(ids) }

  package func removeDeleted(_ ids: Set<Bookmark.ID>?) async throws -> Int { try await base.removeDeleted(ids) }
}
