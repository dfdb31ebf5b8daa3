import BookmarkModel
import BookmarkStoreInterface
import Foundation
import TestSupport
import XCTest

/// The `BookmarkStore` contract, run against every implementation.
final class BookmarkStoreContractTests: StoreContractTestCase {
  /// What a store can do beyond the contract is what its backend says the screen may offer:
  /// History and Resolve where it keeps versions, the held-deletes choice where it syncs.
  func testAStoreHasTheCapabilitiesItsBackendPromises() async throws {
    try await eachImplementation { implementation, root in
      let store = implementation.make(root, "a")
      XCTAssertEqual(store.synced != nil, store.backend.isSynced, implementation.name)
      XCTAssertEqual(store.versioned != nil, store.backend.keepsVersions, implementation.name)
    }
  }

  func testAddUpdateDeleteAndReadBackInANewInstance() async throws {
    try await eachImplementation { implementation, root in
      let store = implementation.make(root, "a")
      let added = try await store.add(BookmarkDraft(name: "東京 🚀", url: "https://example.com/東京"))
      _ = try await store.add(BookmarkDraft(name: "Second", url: "https://second.example"))
      let updated = try await store.update(id: added.id, with: BookmarkDraft(name: "Renamed", url: "https://r.example"))
      XCTAssertEqual(updated.id, added.id, implementation.name)
      XCTAssertEqual(updated.created, added.created, implementation.name)
      let again = implementation.make(root, "a")
      await again.sync()
      let loaded = try await again.load()
      XCTAssertEqual(loaded.map(\.name), ["Renamed", "Second"], implementation.name)
      XCTAssertEqual(loaded.first, updated, implementation.name)
      try await again.delete(id: added.id)
      let afterDelete = try await again.load()
      XCTAssertEqual(afterDelete.map(\.name), ["Second"], implementation.name)
    }
  }

  func testMissingIDsAreReportedAndChangeNothing() async throws {
    try await eachImplementation { implementation, root in
      let store = implementation.make(root, "a")
      _ = try await store.add(BookmarkDraft(name: "Kept", url: "https://kept.example"))
      do {
        _ = try await store.update(id: "nope", with: BookmarkDraft(name: "x", url: "https://x.example"))
        XCTFail("\(implementation.name): update of a missing id succeeded")
      } catch {
        XCTAssertEqual(error as? StoreError, .notFound("nope"), implementation.name)
      }
      do {
        try await store.delete(id: "nope")
        XCTFail("\(implementation.name): delete of a missing id succeeded")
      } catch {
        XCTAssertEqual(error as? StoreError, .notFound("nope"), implementation.name)
      }
      let loaded = try await store.load()
      XCTAssertEqual(loaded.map(\.name), ["Kept"], implementation.name)
    }
  }

  func testAChangeFromAnotherInstanceArrivesLiveWithoutAsking() async throws {
    try await eachImplementation { implementation, root in
      let watching = implementation.make(root, "a")
      let other = implementation.make(root, "b")
      let added = try await other.add(BookmarkDraft(name: "From b", url: "https://b.example"))
      await other.sync()
      let arrived = await snapshot(of: watching) { $0.contains { $0.id == added.id } }
      XCTAssertNotNil(arrived, "\(implementation.name): an add from another instance never arrived")
      try await other.delete(id: added.id)
      await other.sync()
      let gone = await snapshot(of: watching) { !$0.contains { $0.id == added.id } }
      XCTAssertNotNil(gone, "\(implementation.name): a delete from another instance never arrived")
    }
  }

  func testOwnChangesAreInTheNextSnapshot() async throws {
    try await eachImplementation { implementation, root in
      let store = implementation.make(root, "a")
      let stream = store.changes()
      let result = await withTimeout(.seconds(5)) { () -> (Bookmark?, StoreSnapshot?)? in
        var iterator = stream.makeAsyncIterator()
        _ = await iterator.next()
        let added = try? await store.add(BookmarkDraft(name: "Mine", url: "https://mine.example"))
        return (added, await iterator.next())
      }
      let added = try XCTUnwrap(result?.0, "\(implementation.name): no first snapshot, or the add failed")
      let next = result?.1
      XCTAssertEqual(try next?.bookmarks.get().map(\.id), [added.id], implementation.name)
      XCTAssertEqual(next?.status.backend.rawValue, implementation.backend)
    }
  }

  /// A save's one answer carries ``BookmarkStore/lastSnapshot``: the write is in it as soon as
  /// the write returns, with or without anyone following the store, and a later one is newer.
  func testAWriteIsInTheLastSnapshotOnceItReturns() async throws {
    try await eachImplementation { implementation, root in
      let store = implementation.make(root, "a")
      let added = try await store.add(BookmarkDraft(name: "Mine", url: "https://mine.example"))
      let afterAdd = try XCTUnwrap(store.lastSnapshot, implementation.name)
      XCTAssertEqual(try afterAdd.bookmarks.get().map(\.name), ["Mine"], implementation.name)
      let following = store.changes()  // as the app's screen does; a command does not follow
      _ = try await store.update(id: added.id, with: BookmarkDraft(name: "Renamed", url: "https://mine.example"))
      let afterUpdate = try XCTUnwrap(store.lastSnapshot, implementation.name)
      XCTAssertEqual(try afterUpdate.bookmarks.get().map(\.name), ["Renamed"], implementation.name)
      XCTAssertGreaterThan(afterUpdate.generation, afterAdd.generation, implementation.name)
      withExtendedLifetime(following) {}
    }
  }

  /// `bookmarks(withIDs:)` gives exactly the listed bookmarks asked for, in the list's order,
  /// as another instance changed them.
  func testBookmarksAreFoundByIDAsTheyAreNow() async throws {
    try await eachImplementation { implementation, root in
      let store = implementation.make(root, "a")
      let first = try await store.add(BookmarkDraft(name: "First", url: "https://first.example"))
      _ = try await store.add(BookmarkDraft(name: "Second", url: "https://second.example"))
      let third = try await store.add(BookmarkDraft(name: "Third", url: "https://third.example"))
      let asked: Set = [third.id, first.id, "nope"]
      let found = try await store.bookmarks(withIDs: asked)
      XCTAssertEqual(found.map(\.name), ["First", "Third"], implementation.name)
      let listed = try await store.load().filter { asked.contains($0.id) }
      XCTAssertEqual(found, listed, implementation.name)
      let again = implementation.make(root, "a")
      await again.sync()
      _ = try await again.update(id: first.id, with: BookmarkDraft(name: "Renamed", url: "https://first.example"))
      try await again.delete(id: third.id)
      let later = implementation.make(root, "a")
      await later.sync()
      let now = try await later.bookmarks(withIDs: asked)
      XCTAssertEqual(now.map(\.name), ["Renamed"], implementation.name)
    }
  }
}
