import BookmarkModel
import BookmarkStoreInterface
import StoreWiring
import TestSupport
import XCTest

/// The stamp of what a store holds (issue 39's opening frame): a store stamps its snapshot
/// with what a start reads without opening it, and any write, by this store or another
/// process's, moves the stamp a start reads.
final class OpeningStampTests: XCTestCase {
  private var home: TemporaryFolder!

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() {
    home.remove()
  }

  private func choice(_ store: StoreBackend) -> StoreChoice {
    StoreChoice(store: store, home: home.path, account: "tester", environment: [:])
  }

  func testAStoreStampsItsSnapshotAsAStartReadsItWithoutOpeningTheStore() async throws {
    for backend in [StoreBackend.userDefaults, .documents] {
      let choice = choice(backend)
      let store = try choice.makeStore(connected: false, watching: false)
      let first = try await store.add(BookmarkDraft(name: "First", url: "https://first.example"))
      let stampedFirst = await store.stampedSnapshot()
      let stamped = try XCTUnwrap(stampedFirst, "\(backend)")
      XCTAssertEqual(stamped.stamp, choice.openingStamp(), "\(backend): as a start reads it")
      XCTAssertEqual(try stamped.snapshot.bookmarks.get().map(\.id), [first.id], "\(backend)")

      // Another process's write (a second store on the same files).
      let other = try choice.makeStore(connected: false, watching: false)
      let second = try await other.add(BookmarkDraft(name: "Second", url: "https://second.example"))
      XCTAssertNotEqual(choice.openingStamp(), stamped.stamp, "\(backend): the write moved the stamp")
      let stampedAgain = await store.stampedSnapshot()
      let again = try XCTUnwrap(stampedAgain, "\(backend)")
      XCTAssertEqual(again.stamp, choice.openingStamp(), "\(backend): stamped as it is now")
      XCTAssertEqual(
        Set(try again.snapshot.bookmarks.get().map(\.id)), [first.id, second.id], "\(backend): and holding the write")

      // This store's own write moves it too.
      try await store.delete(id: first.id)
      XCTAssertNotEqual(choice.openingStamp(), again.stamp, "\(backend): a delete moved the stamp")
    }
  }

  func testTheKeyValueStoreAndAStoreNeverOpenedHaveNoStamp() async throws {
    XCTAssertNil(choice(.userDefaults).openingStamp(), "no domain file yet")
    XCTAssertNil(choice(.documents).openingStamp(), "no index yet")
    XCTAssertFalse(FileManager.default.fileExists(atPath: home.path + "/data"), "asking made nothing")
    let keyValue = try choice(.keyValue).makeStore(connected: false, watching: false)
    _ = try await keyValue.add(BookmarkDraft(name: "One", url: "https://one.example"))
    XCTAssertNil(choice(.keyValue).openingStamp())
    let stamped = await keyValue.stampedSnapshot()
    XCTAssertNil(stamped)
  }
}
