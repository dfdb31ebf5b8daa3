import BookmarkModel
import BookmarkStoreInterface
import DocumentBookmarks
import Foundation
import KeyValueBookmarks
import KeyValueStore
import TestSupport
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

  private enum Kind: CaseIterable { case keyValue, documents, keyValueInMemory }

  private func store(_ kind: Kind, _ device: String) -> (
    store: any SyncedBookmarkStore, close: @Sendable () async -> Void
  ) {
    switch kind {
    case .keyValue:
      let keyValue = BookmarkStoreImplementation.keyValueStore(root: home.path, device: device)
      closers.append { await keyValue.close() }
      return (KeyValueBookmarkStore(keyValueStore: keyValue), { await keyValue.close() })
    case .documents:
      let container = BookmarkStoreImplementation.documentContainer(root: home.path, device: device)
      closers.append { await container.close() }
      return (DocumentBookmarkStore(container: container), { await container.close() })
    case .keyValueInMemory:
      let keyValue = UbiquitousKeyValueStore(
        directory: home.path + "/" + device + "/key-value", account: "alice", cloudName: "memory:" + home.path,
        cloud: InMemoryTwins.cloud(home.path), device: device)
      closers.append { await keyValue.close() }
      return (KeyValueBookmarkStore(keyValueStore: keyValue), { await keyValue.close() })
    }
  }

  /// A has 60 bookmarks, which B has too; B is closed while A deletes 55 of them; B opens.
  private func massDelete(_ kind: Kind) async throws -> (
    a: any SyncedBookmarkStore, b: any SyncedBookmarkStore, deleted: [Bookmark.ID]
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
      let shown = try XCTUnwrap(held?.heldDeletes, "\(kind)")
      XCTAssertEqual([shown.count, shown.total], [55, 60], "\(kind)")
      XCTAssertEqual(held?.status.problem, shown.sentence, "\(kind)")
      let stillHere = try await b.load().count
      XCTAssertEqual(stillHere, 60, "\(kind): nothing applied here")

      try await b.settleHeldDeletes(shown, keeping: true)
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

  /// Issue 36.7: an import undone on A (its bookmarks removed, as `u` does) is not held on a
  /// B that was open when the import came in: A takes back what it just sent. A B opened
  /// only after the import had them before it looked, and is asked.
  func testAnImportUndoneOnADeviceIsNotHeldWhereItArrivedWhileOpen() async throws {
    for kind in Kind.allCases {
      let a = store(kind, "a").store
      let b = store(kind, "b").store
      await a.sync()
      await b.sync()
      let now = Date(timeIntervalSince1970: 1_790_000_000)
      let imported = (0..<60).map {
        Bookmark(id: "id-\($0)", name: "B\($0)", url: "https://\($0).example", created: now, modified: now)
      }
      try await a.importBookmarks(imported)
      await a.sync()
      await b.sync()
      let arrived = try await b.load().count
      XCTAssertEqual(arrived, 60, "\(kind)")
      let (late, _) = store(kind, "c")
      await late.sync()
      try await a.removeBookmarks(Set(imported.map(\.id)))
      await a.sync()
      await b.sync()
      let held = await b.snapshot()?.heldDeletes
      XCTAssertNil(held?.count, "\(kind): not asked about")
      let left = try await b.load().count
      XCTAssertEqual(left, 0, "\(kind): taken back here too")
      await late.sync()
      let heldLate = await late.snapshot()?.heldDeletes
      XCTAssertEqual(heldLate?.count, 60, "\(kind): a device opened after the import is asked")
      home.remove()
      home = try TemporaryFolder()
    }
  }

  /// Found by the model on the key-value store (seed 400096): an import taken back with the
  /// folder it made, held on another device and kept there, came back at the top level; kept means as they
  /// were, in a folder of their path made again (the document store did so already).
  func testKeptBookmarksWhoseFolderWentComeBackInItsPath() async throws {
    for kind in Kind.allCases {
      let a = store(kind, "a").store
      let now = Date(timeIntervalSince1970: 1_790_000_000)
      let imported = (0..<60).map {
        Bookmark(
          id: "id-\($0)", name: "B\($0)", url: "https://\($0).example", created: now, modified: now,
          folder: ["Imported"])
      }
      try await a.importBookmarks(imported)
      await a.sync()
      // A takes the import back, its folders with it, while the late device is away.
      let (late, closeLate) = store(kind, "late")
      await late.sync()
      await closeLate()
      try await a.removeBookmarks(Set(imported.map(\.id)))
      try await a.changeFolder(.delete(["Imported"]))
      await a.sync()
      let onLate = store(kind, "late").store
      await onLate.sync()
      let held = await onLate.snapshot()?.heldDeletes
      let shown = try XCTUnwrap(held, "\(kind): held where it arrived late")
      try await onLate.settleHeldDeletes(shown, keeping: true)
      let kept = try await onLate.load()
      XCTAssertEqual(kept.count, 60, "\(kind)")
      XCTAssertEqual(Set(kept.map(\.folder)), [["Imported"]], "\(kind): back in their folder, made again")
      home.remove()
      home = try TemporaryFolder()
    }
  }

  func testApplyingAHeldMassDeleteDeletesThemHereAndKeepsThemInRecentlyDeleted() async throws {
    for kind in Kind.allCases {
      let (_, b, deleted) = try await massDelete(kind)
      let snapshot = await b.snapshot()
      let held = try XCTUnwrap(snapshot?.heldDeletes, "\(kind)")
      XCTAssertEqual([held.count, held.total], [55, 60], "\(kind)")
      let copies = try await b.settleHeldDeletes(held, keeping: false)
      XCTAssertEqual(copies, 55, "\(kind): Recently Deleted has every one")
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

  /// Found by the model (seed 70487): Recently Deleted emptied on the deleting device after
  /// the deletes were shown here; deleting them here too says what Recently Deleted has now
  /// (none), not the copies the deletes came with.
  func testApplyingHeldDeletesCountsTheCopiesLeftAfterAnEmptyElsewhere() async throws {
    for kind in Kind.allCases {
      let (a, b, deleted) = try await massDelete(kind)
      let before = await b.snapshot()?.heldDeletes
      XCTAssertEqual(before?.inRecentlyDeleted, 55, "\(kind)")
      _ = try await a.removeDeleted(Set(deleted.prefix(50)))
      await a.sync()
      await b.sync()
      let after = await b.snapshot()?.heldDeletes
      let shown = try XCTUnwrap(after, "\(kind)")
      let copies = try await b.settleHeldDeletes(shown, keeping: false)
      let trash = try await b.recentlyDeleted().map(\.id)
      XCTAssertEqual(copies, 5, "\(kind): the 5 Recently Deleted still has")
      XCTAssertEqual(Set(trash), Set(deleted.suffix(5)), "\(kind)")
      home.remove()
      home = try TemporaryFolder()
    }
  }

  /// A choice the cloud can't act on (it went away) is said and taken back: the deletes stay
  /// held when it returns, and nothing is deleted unasked.
  func testASettleTheCloudCantActOnLeavesThemHeld() async throws {
    let (_, b, _) = try await massDelete(.keyValueInMemory)
    let snapshot = await b.snapshot()
    let shown = try XCTUnwrap(snapshot?.heldDeletes)
    InMemoryTwins.server(home.path).setReachable(false)
    do {
      try await b.settleHeldDeletes(shown, keeping: false)
      XCTFail("settled with the cloud away")
    } catch let error as StoreError {
      XCTAssertEqual(error, .heldDeletesNotSettled)
    }
    InMemoryTwins.server(home.path).setReachable(true)
    await b.sync()
    let count = try await b.load().count
    XCTAssertEqual(count, 60, "nothing deleted unasked")
    let again = await b.snapshot()?.heldDeletes
    XCTAssertEqual(again?.count, 55)
  }

  /// Once held, held until chosen: bookmarks edited here meanwhile are kept (the edit is
  /// pushed and wins) and leave the count, but the rest stay held though fewer than 50 now.
  /// A choice made on what was shown before is refused, and changes nothing.
  func testHeldDeletesStayHeldAsTheNumbersMoveAndAStaleChoiceIsRefused() async throws {
    let (_, b, _) = try await massDelete(.keyValue)
    let snapshot = await b.snapshot()
    let shown = try XCTUnwrap(snapshot?.heldDeletes)
    for index in 1...6 {
      _ = try await b.update(
        id: "id-\(index)", with: BookmarkDraft(name: "Kept \(index)", url: "https://\(index).example"))
    }
    await b.sync()
    await b.sync()
    let now = await b.snapshot()?.heldDeletes
    XCTAssertEqual(now?.count, 49, "the six edited here are kept; the rest stay held")
    let count = try await b.load().count
    XCTAssertEqual(count, 60)
    do {
      try await b.settleHeldDeletes(shown, keeping: false)
      XCTFail("settled what is no longer held")
    } catch let error as StoreError {
      XCTAssertEqual(error, .heldDeletesChanged)
    }
    let still = try await b.load().count
    XCTAssertEqual(still, 60)
  }

  /// Key-value: the cloud's last write wins, so a device can delete a copy older than an
  /// edit made elsewhere. Keeping then keeps that edit (this device's copy is saved again),
  /// not the deleting device's older copy, which stays in Recently Deleted.
  func testKeepingKeepsAnEditTheDeletingDeviceNeverSaw() async throws {
    let (a, closeA) = store(.keyValue, "a")
    let now = Date(timeIntervalSince1970: 1_790_000_000)
    try await a.importBookmarks(
      (0..<60).map {
        Bookmark(id: "id-\($0)", name: "B\($0)", url: "https://\($0).example", created: now, modified: now)
      })
    await a.sync()
    await closeA()
    let (b, closeB) = store(.keyValue, "b")
    await b.sync()
    _ = try await b.update(id: "id-0", with: BookmarkDraft(name: "Edited on B", url: "https://0.example"))
    await b.sync()
    await closeB()
    // A, offline since before B's edit, deletes 55 and then pushes.
    let offline = KeyValueBookmarkStore(
      keyValueStore: BookmarkStoreImplementation.keyValueStore(root: home.path, device: "a", online: false))
    for id in (0..<55).map({ "id-\($0)" }) { try await offline.delete(id: id) }
    await offline.keyValueStore.close()
    let online = store(.keyValue, "a").store
    await online.sync()

    let again = store(.keyValue, "b").store
    await again.sync()
    let snapshot = await again.snapshot()
    let shown = try XCTUnwrap(snapshot?.heldDeletes)
    try await again.settleHeldDeletes(shown, keeping: true)
    let kept = try await again.load()
    XCTAssertEqual(kept.count, 60)
    XCTAssertEqual(kept.first { $0.id == "id-0" }?.name, "Edited on B")
    let trash = try await again.recentlyDeleted().map(\.bookmark.name)
    XCTAssertEqual(trash, [], "A's older copy is kept, not shown: the bookmark is listed (issue 36.11)")
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
