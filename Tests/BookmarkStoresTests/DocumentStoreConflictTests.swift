import BookmarkModel
import BookmarkStoreInterface
import DocumentBookmarks
import Foundation
import TestSupport
import XCTest

/// The document backend's conflicts as the list sees them: marked in the snapshot and the
/// status, their versions listed, and one kept.
final class DocumentStoreConflictTests: XCTestCase {
  private var home: TemporaryFolder!

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() {
    home.remove()
  }

  private func store(_ device: String, online: Bool = true) -> DocumentBookmarkStore {
    DocumentBookmarkStore(
      container: BookmarkStoreImplementation.documentContainer(root: home.path, device: device, online: online))
  }

  func testAConflictIsMarkedListedAndResolvedOnBothDevices() async throws {
    let first = store("a")
    let added = try await first.add(BookmarkDraft(name: "Original", url: "https://o.example"))
    await first.sync()
    await first.container.close()
    let offlineA = store("a", online: false)
    _ = try await offlineA.update(id: added.id, with: BookmarkDraft(name: "From A", url: "https://o.example"))
    await offlineA.container.close()
    let b = store("b")
    await b.sync()
    _ = try await b.update(id: added.id, with: BookmarkDraft(name: "From B", url: "https://o.example"))
    await b.sync()
    let a = store("a")
    await a.sync()

    let snapshotA = await a.snapshot()
    XCTAssertEqual(snapshotA?.conflicted, [added.id])
    XCTAssertEqual(snapshotA?.status.conflicts, 1)
    XCTAssertTrue(snapshotA?.status.summary.hasSuffix("1 conflict") ?? false, snapshotA?.status.summary ?? "")
    let versions = try await a.conflictVersions(of: added.id)
    guard versions.count == 2 else { return XCTFail("versions: \(versions)") }
    XCTAssertEqual(versions.map(\.bookmark.name), ["From B", "From A"])
    XCTAssertEqual(versions.map(\.isCurrent), [true, false])
    XCTAssertEqual(versions.map(\.device), ["b", "a"])

    await b.sync()
    let snapshotB = await b.snapshot()
    XCTAssertEqual(snapshotB?.conflicted, [added.id], "the other device sees the conflict too")

    let onB = try await b.conflictVersions(of: added.id)
    try await b.resolveConflict(of: added.id, .keep(versionID: versions[1].id), seen: onB.map(\.id))
    await b.sync()
    await a.sync()
    for device in [a, b] {
      let snapshot = await device.snapshot()
      XCTAssertEqual(snapshot?.conflicted, [])
      let names = try await device.load().map(\.name)
      XCTAssertEqual(names, ["From A"])
      let left = try await device.conflictVersions(of: added.id)
      XCTAssertEqual(left, [])
    }
  }

  /// A bookmark A edited offline while B edited it: A comes back with both versions.
  private func conflict(urlOnB: String = "https://o.example") async throws -> (
    a: DocumentBookmarkStore, b: DocumentBookmarkStore, id: Bookmark.ID, versions: [BookmarkVersion]
  ) {
    let first = store("a")
    let added = try await first.add(BookmarkDraft(name: "Original", url: "https://o.example", tags: ["one"]))
    await first.sync()
    await first.container.close()
    let offlineA = store("a", online: false)
    _ = try await offlineA.update(
      id: added.id, with: BookmarkDraft(name: "From A", url: "https://o.example", tags: ["one", "a"]))
    await offlineA.container.close()
    let b = store("b")
    await b.sync()
    _ = try await b.update(id: added.id, with: BookmarkDraft(name: "From B", url: urlOnB, tags: ["b"]))
    await b.sync()
    let a = store("a")
    await a.sync()
    await b.sync()
    let versions = try await a.conflictVersions(of: added.id)
    XCTAssertEqual(versions.map(\.bookmark.name), ["From B", "From A"])
    return (a, b, added.id, versions)
  }

  /// Keep both: the kept version stays under the id, the other becomes a bookmark of its
  /// own; both devices doing it at once make one copy, and no new conflict.
  func testKeepBothMakesTheOtherVersionABookmarkOnceEvenWhenBothDevicesDoIt() async throws {
    let (a, b, id, versions) = try await conflict()
    let seen = versions.map(\.id)
    let made = try await a.resolveConflict(of: id, .keepAll(versionID: versions[0].id), seen: seen)
    XCTAssertEqual(made.map(\.name), ["From A"])
    XCTAssertEqual(made.map(\.id), [ConflictResolution.copyID(of: id, version: versions[1].id)])
    XCTAssertEqual(made.first?.tags, ["one", "a"])
    let onB = try await b.conflictVersions(of: id)
    _ = try await b.resolveConflict(of: id, .keepAll(versionID: onB[0].id), seen: onB.map(\.id))
    for _ in 0..<2 {
      await a.sync()
      await b.sync()
    }
    for device in [a, b] {
      let bookmarks = try await device.load()
      XCTAssertEqual(bookmarks.map(\.name).sorted(), ["From A", "From B"])
      XCTAssertEqual(Set(bookmarks.map(\.id)), [id, made[0].id])
      let snapshot = await device.snapshot()
      XCTAssertEqual(snapshot?.conflicted, [], "no conflict left, and none made")
    }
  }

  /// A merge is saved as a new version that replaces them all, on both devices.
  func testAMergeReplacesTheVersionsEverywhere() async throws {
    let (a, b, id, versions) = try await conflict(urlOnB: "https://b.example")
    var merged = versions[1].bookmark
    merged.url = versions[0].bookmark.url
    merged.tags = ["one", "a", "b"]
    let made = try await a.resolveConflict(of: id, .merge(merged), seen: versions.map(\.id))
    XCTAssertEqual(made, [])
    await a.sync()
    await b.sync()
    for device in [a, b] {
      let bookmarks = try await device.load()
      XCTAssertEqual(bookmarks.map(\.name), ["From A"])
      XCTAssertEqual(bookmarks.first?.url, "https://b.example")
      XCTAssertEqual(bookmarks.first?.tags, ["one", "a", "b"])
      let left = try await device.conflictVersions(of: id)
      XCTAssertEqual(left, [])
    }
  }

  /// Versions other than the ones seen (one arrived, or the conflict was resolved
  /// elsewhere) change nothing, and say so.
  func testAResolveOfVersionsNotSeenChangesNothing() async throws {
    let (a, _, id, versions) = try await conflict()
    for seen in [[versions[0].id], versions.map(\.id) + ["v-unseen"]] {
      do {
        try await a.resolveConflict(of: id, .keepAll(versionID: versions[0].id), seen: seen)
        XCTFail("resolved versions it hadn't seen: \(seen)")
      } catch let error as StoreError {
        XCTAssertEqual(error, .versionsChanged("From B"))
      }
    }
    let left = try await a.conflictVersions(of: id)
    XCTAssertEqual(left.map(\.id), versions.map(\.id))
    let names = try await a.load().map(\.name)
    XCTAssertEqual(names, ["From B"])
  }
}
