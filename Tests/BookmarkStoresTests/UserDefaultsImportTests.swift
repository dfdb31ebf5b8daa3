import BookmarkModel
import BookmarkStoreInterface
import DefaultsBookmarks
import Foundation
import TestSupport
import XCTest

final class UserDefaultsImportTests: XCTestCase {
  private var home: TemporaryFolder!
  private var path: String { home.path + "/config/cloudy.plist" }

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() {
    home.remove()
  }

  private func bookmark(_ id: String, folder: [String] = []) -> Bookmark {
    Bookmark(
      id: id, name: "Name \(id)", url: "https://\(id).example", created: Date(timeIntervalSince1970: 1_700_000_000),
      modified: Date(timeIntervalSince1970: 1_700_000_001), folder: folder, notes: folder.isEmpty ? "" : "n",
      tags: folder.isEmpty ? [] : ["t"])
  }

  func testImportAppendsEverythingInOneWriteAndKeepsStoredIDs() async throws {
    let store = UserDefaultsStore(path: path)
    let existing = try await store.add(BookmarkDraft(name: "Kept", url: "https://kept.example"))
    var changes = store.changes().makeAsyncIterator()
    _ = await changes.next()
    let before = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int)
    let conflicting = Bookmark(
      id: existing.id, name: "Not stored", url: "https://other.example", created: Date(), modified: Date())
    try await store.importBookmarks([bookmark("x", folder: ["F", "G"]), conflicting, bookmark("y")])
    let after = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int)
    XCTAssertNotEqual(before, after, "replaced by rename")
    let loaded = try await UserDefaultsStore(path: path).load()
    XCTAssertEqual(loaded.map(\.id), [existing.id, "x", "y"])
    XCTAssertEqual(loaded[0].name, "Kept", "a stored id is never overwritten")
    XCTAssertEqual(loaded[1], bookmark("x", folder: ["F", "G"]), "folder, notes and tags are stored")
    let snapshot = await changes.next()
    XCTAssertEqual(try snapshot?.bookmarks.get().count, 3, "subscribers see the import at once")
  }

  func testUserDefaultsHaveNoCapacityLimit() async throws {
    let store = UserDefaultsStore(path: path)
    let capacity = await store.remainingCapacity()
    XCTAssertNil(capacity, "user defaults have no limit")
    XCTAssertEqual(
      StoreError.wouldNotFit(.keyValue, fitting: 12, requested: 40).description,
      "Only 12 of the 40 bookmarks would fit in the key-value store; nothing was imported; the document store"
        + " (--store documents) has no such limit.")
  }

  func testUnreadableDomainIsNotOverwrittenByAnImport() async throws {
    try FileManager.default.createDirectory(atPath: home.path + "/config", withIntermediateDirectories: true)
    try Data("not a plist".utf8).write(to: URL(fileURLWithPath: path))
    do {
      try await UserDefaultsStore(path: path).importBookmarks([bookmark("a")])
      XCTFail("expected unreadable")
    } catch StoreError.unreadable {}
    XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "not a plist")
  }
}
