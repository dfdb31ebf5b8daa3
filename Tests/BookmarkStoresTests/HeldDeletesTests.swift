import BookmarkModel
import BookmarkStores
import Foundation
import TestSupport
import Ubiquity
import XCTest

/// A guard for mass deletes (issue 19.5): a fetched change that deletes more than a fifth of
/// the bookmarks, and at least 50, is held back on the device that fetches it until the user
/// chooses: applied here too, or the bookmarks kept on every device. Each real synced store.
final class HeldDeletesTests: XCTestCase {
  private var home: TemporaryFolder!
  private var closers: [@Sendable () async -> Void] = []

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() async throws {
    for close in closers { await close() }
    closers = []
    home.remove()
  }

  private enum Kind: CaseIterable { case keyValue, documents }

  private func store(_ kind: Kind, _ device: String) -> (store: any BookmarkStore, close: @Sendable () async -> Void) {
    switch kind {
    case .keyValue:
      let keyValue = BookmarkStoreImplementation.keyValueStore(root: home.path, device: device)
      closers.append { await keyValue.close() }
      return (KeyValueBookmarkStore(keyValueStore: keyValue), { await keyValue.close() })
    case .documents:
      let container = BookmarkStoreImplementation.documentContainer(root: home.path, device: device)
      closers.append { await container.close() }
      return (DocumentBookmarkStore(container: container), { await container.close() })
    }
  }

  /// A has 60 bookmarks, which B has too; B is closed while A deletes 55 of them; B opens.
  private func massDelete(_ kind: Kind) async throws -> (
    a: any BookmarkStore, b: any BookmarkStore, deleted: [Bookmark.ID]
  ) {
    let a = store(kind, "a").store
    let now = Date(timeIntervalSince1970: 1_790_000_000)
    try await a.importBookmarks(
      (0..<60).map {
        Bookmark(id: "id-\($0)", name: "B\($0)", url: "https://\($0).example", created: now, modified: now)
      })
    await a.sync()
    let (first, close) = store(kind, "b")
    await first.sync()
    let onFirst = try await first.load().count
    XCTAssertEqual(onFirst, 60)
    await close()
    // A edits one before deleting it: B never fetched that edit.
    _ = try await a.update(id: "id-0", with: BookmarkDraft(name: "Edited on A", url: "https://0.example"))
    let deleted = (0..<55).map { "id-\($0)" }
    for id in deleted { try await a.delete(id: id) }
    await a.sync()
    let b = store(kind, "b").store
    await b.sync()
    return (a, b, deleted)
  }

  func testAMassDeleteIsHeldAndKeepingItBringsTheBookmarksBackEverywhere() async throws {
    for kind in Kind.allCases {
      let (a, b, deleted) = try await massDelete(kind)
      let held = await b.snapshot()
      XCTAssertEqual(held?.heldDeletes, HeldDeletes(count: 55, total: 60), "\(kind)")
      XCTAssertEqual(held?.status.problem, HeldDeletes(count: 55, total: 60).sentence, "\(kind)")
      let stillHere = try await b.load().count
      XCTAssertEqual(stillHere, 60, "\(kind): nothing applied here")

      try await b.settleHeldDeletes(keeping: true)
      let onB = try await b.load()
      XCTAssertEqual(onB.count, 60, "\(kind)")
      XCTAssertEqual(
        onB.first { $0.id == "id-0" }?.name, "Edited on A", "\(kind): the newest copy comes back, not B's stale one")
      let settled = await b.snapshot()
      XCTAssertNil(settled?.heldDeletes, "\(kind)")
      await a.sync()
      let back = await snapshot(of: a) { $0.count == 60 && $0.contains { $0.name == "Edited on A" } }
      XCTAssertNotNil(back, "\(kind): kept on the device that deleted them too")
      let trash = try await a.recentlyDeleted()
      XCTAssertEqual(trash.filter { deleted.contains($0.id) }, [], "\(kind): and not in Recently Deleted")
      home.remove()
      home = try TemporaryFolder()
    }
  }

  func testApplyingAHeldMassDeleteDeletesThemHereAndKeepsThemInRecentlyDeleted() async throws {
    for kind in Kind.allCases {
      let (_, b, deleted) = try await massDelete(kind)
      let held = await b.snapshot()?.heldDeletes
      XCTAssertEqual(held, HeldDeletes(count: 55, total: 60), "\(kind)")
      try await b.settleHeldDeletes(keeping: false)
      let left = try await b.load().map(\.id)
      XCTAssertEqual(Set(left), Set((55..<60).map { "id-\($0)" }), "\(kind)")
      let trash = try await b.recentlyDeleted().map(\.id)
      XCTAssertEqual(Set(trash), Set(deleted), "\(kind)")
      let after = await b.snapshot()?.heldDeletes
      XCTAssertNil(after, "\(kind)")
      home.remove()
      home = try TemporaryFolder()
    }
  }

  /// Fewer than 50, or not more than a fifth: applied as any change is.
  func testSmallerDeletesAreApplied() async throws {
    let a = store(.keyValue, "a").store
    let now = Date(timeIntervalSince1970: 1_790_000_000)
    try await a.importBookmarks(
      (0..<300).map {
        Bookmark(id: "id-\($0)", name: "B\($0)", url: "https://\($0).example", created: now, modified: now)
      })
    await a.sync()
    let (first, close) = store(.keyValue, "b")
    await first.sync()
    await close()
    for id in (0..<55).map({ "id-\($0)" }) { try await a.delete(id: id) }
    await a.sync()
    let b = store(.keyValue, "b").store
    await b.sync()
    let count = try await b.load().count
    XCTAssertEqual(count, 245, "55 of 300 is less than a fifth")
    let held = await b.snapshot()?.heldDeletes
    XCTAssertNil(held)
  }
}
