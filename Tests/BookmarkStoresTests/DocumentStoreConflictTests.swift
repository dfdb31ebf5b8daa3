import BookmarkModel
import BookmarkStores
import Foundation
import TestSupport
import Ubiquity
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

    try await b.resolveConflict(of: added.id, keeping: versions[1].id)
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
}
