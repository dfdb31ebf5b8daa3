import BookmarkModel
import BookmarkStoreInterface
import Foundation
import StoreWiring
import TestSupport
import XCTest

/// `migrate`'s copy, verify and remove on real stores in a temporary home.
final class StoreMigrationTests: XCTestCase {
  private var home: TemporaryFolder!

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() {
    home.remove()
  }

  private func choice(_ backend: StoreBackend) -> StoreChoice {
    StoreChoice(store: backend, home: home.path, account: "tester", offline: true, environment: [:])
  }

  private func bookmarks(_ count: Int) -> [Bookmark] {
    (0..<count).map { index in
      Bookmark(
        id: "id-\(index)", name: "Bookmark \(index)", url: "https://example.com/\(index)",
        created: Date(timeIntervalSince1970: Double(1_700_000_000 + index)),
        modified: Date(timeIntervalSince1970: Double(1_700_000_000 + index)), folder: ["F"], notes: "n", tags: ["t"])
    }
  }

  func testEveryBookmarkMovesWithItsFieldsAndTheSourceIsEmptied() async throws {
    let source = try choice(.userDefaults).makeStore()
    try await source.importBookmarks(bookmarks(3))
    let outcome = try await StoreMigration.run(
      from: source, to: { try self.choice(.documents).makeStore() }, keep: false, finish: { _ in })
    XCTAssertEqual(outcome, StoreMigration.Outcome(total: 3, copied: 3))
    let moved = try await choice(.documents).makeStore().load()
    // The document store files them under its own folder record, one for F.
    XCTAssertEqual(Set(moved.map(\.folderID)).count, 1)
    XCTAssertNotNil(moved.first?.folderID)
    let unfiled = moved.map { bookmark in
      var unfiled = bookmark
      unfiled.folderID = nil
      return unfiled
    }
    XCTAssertEqual(unfiled.sorted { $0.id < $1.id }, bookmarks(3))
    let left = try await source.load()
    XCTAssertEqual(left, [])
  }

  func testKeepCopiesAndBookmarksAlreadyThereAreNotCopiedTwice() async throws {
    let source = try choice(.userDefaults).makeStore()
    try await source.importBookmarks(bookmarks(3))
    let destination = try choice(.keyValue).makeStore()
    try await destination.importBookmarks(Array(bookmarks(3).prefix(1)))
    let outcome = try await StoreMigration.run(
      from: source, to: { try self.choice(.keyValue).makeStore() }, keep: true, finish: { _ in })
    XCTAssertEqual(outcome, StoreMigration.Outcome(total: 3, copied: 2))
    let copied = try await choice(.keyValue).makeStore().load()
    XCTAssertEqual(copied.count, 3)
    let kept = try await source.load()
    XCTAssertEqual(kept, bookmarks(3))
  }

  func testMoreThanTheQuotaIsRefusedBeforeAnythingChanges() async throws {
    let source = try choice(.userDefaults).makeStore()
    try await source.importBookmarks(bookmarks(1_030))
    do {
      _ = try await StoreMigration.run(
        from: source, to: { try self.choice(.keyValue).makeStore() }, keep: false, finish: { _ in })
      XCTFail("1,030 bookmarks went into a store of 1,024 keys")
    } catch let refusal as StoreMigration.Refusal {
      XCTAssertEqual(refusal, .noRoom(capacity: 1_024, needed: 1_030))
    }
    let destination = try await choice(.keyValue).makeStore().load()
    XCTAssertEqual(destination, [])
    let source2 = try await source.load()
    XCTAssertEqual(source2.count, 1_030)
  }
}
