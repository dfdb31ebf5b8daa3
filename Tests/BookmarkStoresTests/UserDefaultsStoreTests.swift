import BookmarkModel
import BookmarkStoreInterface
import DefaultsBookmarks
import Foundation
import PropertyLists
import Synchronization
import TestSupport
import XCTest

final class UserDefaultsStoreTests: XCTestCase {
  private var home: TemporaryFolder!
  private var path: String { home.path + "/config/cloudy.plist" }

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() {
    home.remove()
  }

  private func makeStore(ids: [String] = []) -> UserDefaultsStore {
    let counter = Counter(ids)
    let environment = BookmarkEnvironment(
      now: { Date(timeIntervalSince1970: 1_700_000_000) }, newID: { counter.next() })
    return UserDefaultsStore(path: path, environment: environment, pollInterval: .milliseconds(20))
  }

  // MARK: - Round trip

  func testAddUpdateDeleteRoundTrip() async throws {
    let store = makeStore(ids: ["a", "b"])
    let apple = try await store.add(BookmarkDraft(name: "Apple", url: "https://www.apple.com"))
    XCTAssertEqual(
      apple,
      Bookmark(id: "a", name: "Apple", url: "https://www.apple.com", created: apple.created, modified: apple.created))
    _ = try await store.add(BookmarkDraft(name: "東京", url: "https://東京.jp"))
    let renamed = try await store.update(id: "a", with: BookmarkDraft(name: "Apple Inc.", url: "https://apple.com"))
    XCTAssertEqual(renamed.name, "Apple Inc.")
    let fresh = makeStore()
    let loaded = try await fresh.load()
    XCTAssertEqual(loaded.map(\.id), ["a", "b"])
    XCTAssertEqual(loaded[0].url, "https://apple.com")
    XCTAssertEqual(loaded[1].name, "東京")
    try await store.delete(id: "a")
    let remaining = try await fresh.load()
    XCTAssertEqual(remaining.map(\.id), ["b"])
  }

  func testMissingFileIsAnEmptyList() async throws {
    let bookmarks = try await makeStore().load()
    XCTAssertEqual(bookmarks, [])
    XCTAssertFalse(FileManager.default.fileExists(atPath: path), "reading creates nothing")
  }

  func testUpdatingOrDeletingAnUnknownIDFails() async throws {
    let store = makeStore()
    do {
      _ = try await store.update(id: "nope", with: BookmarkDraft(name: "x", url: "https://x.org"))
      XCTFail("expected notFound")
    } catch let error as StoreError { XCTAssertEqual(error, .notFound("nope")) }
    do {
      try await store.delete(id: "nope")
      XCTFail("expected notFound")
    } catch let error as StoreError { XCTAssertEqual(error, .notFound("nope")) }
  }

  // MARK: - Format

  func testFileIsAnXMLPropertyListInTheUserDefaultsLayout() async throws {
    _ = try await makeStore(ids: ["a"]).add(BookmarkDraft(name: "Apple", url: "https://www.apple.com"))
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    XCTAssertTrue(String(decoding: data, as: UTF8.self).hasPrefix("<?xml"))
    let plist = try XCTUnwrap(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
    let entries = try XCTUnwrap(plist["bookmarks"] as? [[String: Any]])
    XCTAssertEqual(entries.count, 1)
    XCTAssertEqual(entries[0]["id"] as? String, "a")
    XCTAssertEqual(entries[0]["name"] as? String, "Apple")
    XCTAssertEqual(entries[0]["url"] as? String, "https://www.apple.com")
    XCTAssertEqual(entries[0]["created"] as? Date, Date(timeIntervalSince1970: 1_700_000_000))
    XCTAssertEqual(entries[0]["modified"] as? Date, Date(timeIntervalSince1970: 1_700_000_000))
  }

  func testOtherKeysAndUnreadableEntriesSurviveEveryWrite() async throws {
    try FileManager.default.createDirectory(atPath: home.path + "/config", withIntermediateDirectories: true)
    let original: [String: Any] = [
      "otherSetting": "keep me",
      "bookmarks": [
        ["id": "old", "name": "Old", "url": "https://old.example", "tags": ["a", "b"]],
        ["not": "a bookmark"],
        42,
      ],
    ]
    try PropertyListSerialization.data(fromPropertyList: original, format: .xml, options: 0)
      .write(to: URL(fileURLWithPath: path))
    let store = makeStore(ids: ["new"])
    let before = try await store.load()
    XCTAssertEqual(before.map(\.id), ["old"])
    _ = try await store.add(BookmarkDraft(name: "New", url: "https://new.example"))
    _ = try await store.update(id: "old", with: BookmarkDraft(name: "Older", url: "https://old.example"))
    let status = await store.status()
    XCTAssertEqual(status.problem, "2 stored entries could not be read; they are kept as they are.")

    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let plist = try XCTUnwrap(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
    XCTAssertEqual(plist["otherSetting"] as? String, "keep me")
    let entries = try XCTUnwrap(plist["bookmarks"] as? [Any])
    XCTAssertEqual(entries.count, 4)
    let old = try XCTUnwrap(entries[0] as? [String: Any])
    XCTAssertEqual(old["name"] as? String, "Older")
    XCTAssertEqual(old["tags"] as? [String], ["a", "b"], "fields Cloudy does not know are kept")
    XCTAssertEqual((entries[1] as? [String: String])?["not"], "a bookmark")
    XCTAssertEqual(entries[2] as? Int, 42)
  }

  // MARK: - Damaged files

  func testCorruptFileIsReportedAndNeverOverwritten() async throws {
    for garbage in [
      Data("not a plist {{{".utf8), Data(), Data([0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30, 0xFF]),
    ] {
      try FileManager.default.createDirectory(atPath: home.path + "/config", withIntermediateDirectories: true)
      try garbage.write(to: URL(fileURLWithPath: path))
      let store = makeStore(ids: ["x"])
      do {
        _ = try await store.load()
        XCTFail("expected unreadable")
      } catch let error as StoreError {
        guard case .unreadable(let where_, _) = error else { return XCTFail("\(error)") }
        XCTAssertEqual(where_, path)
        XCTAssertTrue(error.description.contains("left untouched"))
      }
      do {
        _ = try await store.add(BookmarkDraft(name: "x", url: "https://x.org"))
        XCTFail("a write over an unreadable file must fail")
      } catch {}
      XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), garbage, "the file is untouched")
      let snapshot = await firstSnapshot(store)
      XCTAssertNotNil(snapshot.status.problem)
      if case .success = snapshot.bookmarks { XCTFail("snapshot should carry the error") }
    }
  }

  /// scripts/torture: one flipped bit turned `<key>bookmarks</key>` into `bookmar{s`, and
  /// the list showed no bookmarks and said nothing.
  func testBookmarksUnderADamagedKeyAreReportedAndKept() async throws {
    try FileManager.default.createDirectory(atPath: home.path + "/config", withIntermediateDirectories: true)
    let damaged: [String: Any] = [
      "bookmar{s": [
        ["id": "a", "name": "A", "url": "https://a.example"], ["id": "b", "name": "B", "url": "https://b.example"],
      ],
      "otherSetting": ["not", "bookmarks"],
    ]
    try PropertyListSerialization.data(fromPropertyList: damaged, format: .xml, options: 0)
      .write(to: URL(fileURLWithPath: path))
    let store = makeStore(ids: ["new"])
    let loaded = try await store.load()
    XCTAssertEqual(loaded, [])
    var status = await store.status()
    XCTAssertEqual(status.problem, "2 stored entries could not be read; they are kept as they are.")

    _ = try await store.add(BookmarkDraft(name: "New", url: "https://new.example"))
    status = await store.status()
    XCTAssertEqual(status.problem, "2 stored entries could not be read; they are kept as they are.", "after a write")
    let again = try await makeStore().load()
    XCTAssertEqual(again.map(\.id), ["new"])
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let plist = try XCTUnwrap(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
    XCTAssertEqual((plist["bookmar{s"] as? [Any])?.count, 2, "the damaged entries are kept as they were")
  }

  func testBookmarksThatAreNotAListAreReported() async throws {
    try FileManager.default.createDirectory(atPath: home.path + "/config", withIntermediateDirectories: true)
    let data = try PropertyListSerialization.data(fromPropertyList: ["bookmarks": "oops"], format: .xml, options: 0)
    try data.write(to: URL(fileURLWithPath: path))
    do {
      _ = try await makeStore().add(BookmarkDraft(name: "x", url: "https://x.org"))
      XCTFail("expected unreadable")
    } catch let error as StoreError {
      XCTAssertEqual(error, .unreadable(path: path, reason: "“bookmarks” is not a list"))
    }
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), data)
  }

  // MARK: - Privacy

  func testFilesArePrivateToTheUser() async throws {
    _ = try await makeStore(ids: ["a"]).add(BookmarkDraft(name: "A", url: "https://a.example"))
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
    let lock = try FileManager.default.attributesOfItem(atPath: path + ".lock")
    XCTAssertEqual((lock[.posixPermissions] as? NSNumber)?.intValue, 0o600)
    let folder = try FileManager.default.attributesOfItem(atPath: home.path + "/config")
    XCTAssertEqual((folder[.posixPermissions] as? NSNumber)?.intValue, 0o700)
  }

  // MARK: - Concurrency and change events

  func testTwoWritersInOneProcessLoseNothing() async throws {
    let first = UserDefaultsStore(path: path)
    let second = UserDefaultsStore(path: path)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (index, store) in [first, second].enumerated() {
        group.addTask {
          for n in 0..<40 {
            _ = try await store.add(BookmarkDraft(name: "\(index)-\(n)", url: "https://e.example/\(index)/\(n)"))
          }
        }
      }
      try await group.waitForAll()
    }
    let all = try await first.load()
    XCTAssertEqual(all.count, 80)
    XCTAssertEqual(Set(all.map(\.id)).count, 80)
  }

  func testChangesReportsTheCurrentListThenChangesFromElsewhere() async throws {
    let watched = makeStore()
    let other = UserDefaultsStore(path: path)
    var iterator = watched.changes().makeAsyncIterator()
    let initial = await iterator.next()
    XCTAssertEqual(try initial?.bookmarks.get(), [])
    _ = try await other.add(BookmarkDraft(name: "From elsewhere", url: "https://elsewhere.example"))
    let next = await iterator.next()
    XCTAssertEqual(try next?.bookmarks.get().map(\.name), ["From elsewhere"])
  }

  func testChangesReportsThisStoresOwnWritesOnce() async throws {
    let store = makeStore(ids: ["a", "b"])
    var iterator = store.changes().makeAsyncIterator()
    _ = await iterator.next()
    _ = try await store.add(BookmarkDraft(name: "A", url: "https://a.example"))
    let afterAdd = await iterator.next()
    XCTAssertEqual(try afterAdd?.bookmarks.get().map(\.id), ["a"])
    _ = try await store.add(BookmarkDraft(name: "B", url: "https://b.example"))
    let afterSecond = await iterator.next()
    XCTAssertEqual(try afterSecond?.bookmarks.get().map(\.id), ["a", "b"], "no stale repeat of the first change")
  }

  func testChangesRecoverWhenACorruptFileIsFixed() async throws {
    try FileManager.default.createDirectory(atPath: home.path + "/config", withIntermediateDirectories: true)
    try Data("garbage".utf8).write(to: URL(fileURLWithPath: path))
    let store = makeStore()
    var iterator = store.changes().makeAsyncIterator()
    let broken = await iterator.next()
    XCTAssertNotNil(broken?.status.problem)
    try FileManager.default.removeItem(atPath: path)
    let fixed = await iterator.next()
    XCTAssertEqual(try fixed?.bookmarks.get(), [])
    XCTAssertNil(fixed?.status.problem)
  }

  private func firstSnapshot(_ store: UserDefaultsStore) async -> StoreSnapshot {
    var iterator = store.changes().makeAsyncIterator()
    return await iterator.next()!
  }
}

/// Hands out the given ids in order, then random ones.
private final class Counter: Sendable {
  private let ids: [String]
  private let index = Atomic(0)
  init(_ ids: [String]) { self.ids = ids }
  func next() -> String {
    let i = index.add(1, ordering: .relaxed).oldValue
    return i < ids.count ? ids[i] : UUID().uuidString
  }
}
