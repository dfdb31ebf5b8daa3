import BookmarkModel
import Foundation
import KeyValueBookmarks
import TestSupport
import XCTest

/// Issue 16.3: a bookmark whose URL breaks the one URL rule, arriving through the key-value
/// store from another device by way of the cloud, is quarantined — never listed, said in the
/// status — and left as it is.
final class HostileEntryTests: XCTestCase {
  private var home: TemporaryFolder!
  private var opened: [KeyValueBookmarkStore] = []

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() async throws {
    for store in opened { await store.keyValueStore.close() }
    opened = []
    home.remove()
  }

  private func device(_ name: String) -> KeyValueBookmarkStore {
    let store = KeyValueBookmarkStore(
      keyValueStore: BookmarkStoreImplementation.keyValueStore(root: home.path, device: name))
    opened.append(store)
    return store
  }

  func testAHostileEntryFromAnotherDeviceIsQuarantinedVisibly() async throws {
    let sender = device("a")
    let receiver = device("b")
    let time = Date(timeIntervalSince1970: 1_700_000_000)
    for (index, url) in ["https://d.example/\u{1B}]0;X\u{7}", "https://d.example/\u{202E}gpj", "javascript:\u{9B}"]
      .enumerated()
    {
      let hostile = Bookmark(id: "evil\(index)", name: "Evil", url: url, created: time, modified: time)
      try sender.keyValueStore.set(.dictionary(hostile.propertyListEntries), forKey: "bookmark.evil\(index)")
    }
    _ = try await sender.add(BookmarkDraft(name: "Fine", url: "https://fine.example"))
    await sender.sync()

    let status = await receiver.sync()
    let listed = try await receiver.load()
    XCTAssertEqual(listed.map(\.name), ["Fine"], "only the safe bookmark is listed")
    XCTAssertEqual(status?.problem, "3 stored entries could not be read; they are kept as they are.")
    XCTAssertNotNil(receiver.keyValueStore.object(forKey: "bookmark.evil0"), "kept as it is, not deleted")
  }
}
