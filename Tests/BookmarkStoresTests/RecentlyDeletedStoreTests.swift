import BookmarkModel
import BookmarkStoreInterface
import CloudSQLite
import DefaultsBookmarks
import DocumentBookmarks
import DocumentContainer
import DocumentIndexSQLite
import Foundation
import KeyValueBookmarks
import KeyValueStore
import PropertyLists
import Synchronization
import TestSupport
import XCTest

/// What Recently Deleted does beyond the contract: it keeps a bookmark its days and no more,
/// counts against the key-value store's quota (and says so), and survives the document
/// store's cache and two devices deleting one bookmark at once.
final class RecentlyDeletedStoreTests: XCTestCase {
  private var home: TemporaryFolder!
  private var keyValueStores: [UbiquitousKeyValueStore] = []

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() async throws {
    for store in keyValueStores { await store.close() }
    keyValueStores = []
    home.remove()
  }

  private let start = Date(timeIntervalSince1970: 1_790_000_000)
  private static let day: TimeInterval = 24 * 60 * 60

  /// Each backend on a clock the test moves, keeping deleted bookmarks `keepDays`.
  private func stores(clock: MovingClock, keepDays: Int) -> [(String, any BookmarkStore)] {
    let environment = BookmarkEnvironment(
      now: { clock.now }, newID: { UUID().uuidString.lowercased() })
    let rules = RecentlyDeletedRules(device: "test", keepDays: keepDays)
    let keyValue = BookmarkStoreImplementation.keyValueStore(root: home.path, device: "kv", online: false)
    keyValueStores.append(keyValue)
    let index = try! SQLiteDocumentIndex(path: home.path + "/docs/index.sqlite")
    return [
      (
        "user-defaults",
        UserDefaultsStore(path: home.path + "/defaults.plist", environment: environment, recentlyDeleted: rules)
      ),
      ("key-value", KeyValueBookmarkStore(keyValueStore: keyValue, environment: environment, recentlyDeleted: rules)),
      (
        "documents",
        DocumentBookmarkStore(
          container: DocumentContainer(root: home.path + "/docs", index: index, cloud: nil, device: "d"),
          environment: environment, recentlyDeleted: rules)
      ),
    ]
  }

  func testADeletedBookmarkIsKeptItsDaysThenGoesWithTheNextDelete() async throws {
    let clock = MovingClock(start)
    for (name, store) in stores(clock: clock, keepDays: 30) {
      clock.set(start)
      let first = try await store.add(BookmarkDraft(name: "First", url: "https://first.example"))
      let second = try await store.add(BookmarkDraft(name: "Second", url: "https://second.example"))
      try await store.delete(id: first.id)
      clock.move(29 * Self.day)
      var kept = try await store.recentlyDeleted()
      XCTAssertEqual(kept.map(\.id), [first.id], "\(name): gone before its 30 days")
      XCTAssertEqual(kept.first?.device, "test", name)
      clock.move(2 * Self.day)
      kept = try await store.recentlyDeleted()
      XCTAssertEqual(kept.map(\.id), [], "\(name): shown after its 30 days")
      try await store.delete(id: second.id)
      kept = try await store.recentlyDeleted()
      XCTAssertEqual(kept.map(\.id), [second.id], name)
      // The expired one can't be brought back (gone from the store, or, on a key-value store
      // that isn't synced, left until a delete made synced removes it).
      let restored = try await store.restoreDeleted([first.id])
      XCTAssertEqual(restored, [], "\(name): the expired bookmark was still stored")
    }
  }

  /// Found by the model (seed 410011): C, offline for a month, still had its own Recently
  /// Deleted copy of X, which A had restored meanwhile; A then deleted X again. C's next delete
  /// removed its expired copy, and the cloud's last write took A's new one with it: X was in
  /// neither the list nor Recently Deleted. A store that isn't synced removes nothing expired.
  func testAnExpiredCopyRemovedOfflineDoesNotTakeANewerDeleteWithIt() async throws {
    let clock = MovingClock(start)
    let environment = BookmarkEnvironment(now: { clock.now }, newID: { UUID().uuidString.lowercased() })
    func device(_ name: String, online: Bool) -> KeyValueBookmarkStore {
      let keyValue = BookmarkStoreImplementation.keyValueStore(root: home.path, device: name, online: online)
      keyValueStores.append(keyValue)
      return KeyValueBookmarkStore(
        keyValueStore: keyValue, environment: environment, recentlyDeleted: RecentlyDeletedRules(device: name))
    }
    let a = device("a", online: true)
    let c = device("c", online: true)
    let x = try await c.add(BookmarkDraft(name: "X", url: "https://x.example"))
    try await c.delete(id: x.id)
    await c.sync()
    await a.sync()
    await c.keyValueStore.close()
    let offlineC = device("c", online: false)
    let restored = try await a.restoreDeleted([x.id])
    XCTAssertEqual(restored.map(\.id), [x.id])
    await a.sync()
    clock.move(31 * Self.day)
    let y = try await offlineC.add(BookmarkDraft(name: "Y", url: "https://y.example"))
    try await offlineC.delete(id: y.id)
    try await a.delete(id: x.id)
    await a.sync()
    await offlineC.keyValueStore.close()
    let onlineC = device("c", online: true)
    await onlineC.sync()
    await a.sync()
    for (name, store) in [("a", a), ("c", onlineC)] {
      let kept = try await store.recentlyDeleted().map(\.bookmark.name)
      XCTAssertEqual(Set(kept), ["X", "Y"], "\(name): X's newest delete is kept its 30 days")
    }
  }

  /// A key-value store filled to its 1,024 keys with bookmarks.
  private func fullKeyValueStore() throws -> KeyValueBookmarkStore {
    let keyValue = BookmarkStoreImplementation.keyValueStore(root: home.path, device: "full", online: false)
    keyValueStores.append(keyValue)
    var batch: [String: PropertyList?] = [:]
    for index in 0..<KeyValueLimits.maximumKeys {
      let bookmark = Bookmark(
        id: String(format: "id-%04d", index), name: "B\(index)", url: "https://example.com/\(index)",
        created: Date(timeIntervalSince1970: Double(index)), modified: Date(timeIntervalSince1970: Double(index)))
      batch["bookmark." + bookmark.id] = .dictionary(bookmark.propertyListEntries)
    }
    try keyValue.setValues(batch)
    return KeyValueBookmarkStore(keyValueStore: keyValue)
  }

  func testRecentlyDeletedCountsInTheKeyValueQuotaAndTheRefusalSaysHowToMakeRoom() async throws {
    let store = try fullKeyValueStore()
    try await store.delete(id: "id-0007")
    var summary = await store.status().summary
    XCTAssertTrue(summary.contains("1024/1024 keys (1 deleted)"), summary)
    do {
      _ = try await store.add(BookmarkDraft(name: "One more", url: "https://more.example"))
      XCTFail("the 1025th key was accepted")
    } catch let error as StoreError {
      guard case .quotaExceededWithDeleted(.keys(1024), deleted: 1) = error else { return XCTFail("\(error)") }
      XCTAssertTrue(error.description.contains("1 of its keys is a bookmark in Recently Deleted"), error.description)
      XCTAssertTrue(error.description.contains("cloudy trash empty"), error.description)
    }
    let removed = try await store.removeDeleted(nil)
    XCTAssertEqual(removed, 1)
    _ = try await store.add(BookmarkDraft(name: "One more", url: "https://more.example"))
    summary = await store.status().summary
    XCTAssertTrue(summary.contains("1024/1024 keys ·"), summary)
  }

  func testADeleteThatRecentlyDeletedHasNoRoomForIsRefusedAndDeletesNothing() async throws {
    let store = try fullKeyValueStore()
    let keyValue = store.keyValueStore
    // Fill the bytes up to a few short of the limit with one key's value.
    keyValue.removeObject(forKey: "bookmark.id-1023")
    let room = KeyValueLimits.maximumTotalBytes - keyValue.status.bytes
    let padding = String(
      repeating: "x", count: max(0, room - 30 - KeyValueLimits.entrySize(key: "padding", value: .string(""))))
    try keyValue.set(.string(padding), forKey: "padding")
    XCTAssertLessThan(KeyValueLimits.maximumTotalBytes - keyValue.status.bytes, 40)
    do {
      try await store.delete(id: "id-0001")
      XCTFail("the delete went through without room in Recently Deleted")
    } catch let error as StoreError {
      XCTAssertEqual(error, .noRoomInRecentlyDeleted)
      XCTAssertTrue(error.description.hasPrefix("Nothing was deleted"), error.description)
    }
    let loaded = try await store.load()
    XCTAssertTrue(loaded.contains { $0.id == "id-0001" })
    let deleted = try await store.recentlyDeleted()
    XCTAssertEqual(deleted, [])
  }

  func testTheDocumentStoresCacheKeepsRecentlyDeleted() async throws {
    func open() -> DocumentBookmarkStore {
      DocumentBookmarkStore(
        container: BookmarkStoreImplementation.documentContainer(root: home.path, device: "a", online: false))
    }
    var store: DocumentBookmarkStore? = open()
    let gone = try await store!.add(BookmarkDraft(name: "Gone", url: "https://gone.example", folder: ["F"]))
    try await store!.delete(id: gone.id)
    // An import this large writes the cache, which then holds the deleted bookmark's document.
    let many = (0..<1_000).map { index in
      Bookmark(
        id: "many-\(index)", name: "M\(index)", url: "https://m.example/\(index)", created: start, modified: start)
    }
    try await store!.importBookmarks(many)
    store = nil
    let reopened = open()
    let kept = try await reopened.recentlyDeleted()
    XCTAssertEqual(kept.map(\.bookmark.folder), [["F"]])
    let problem = await reopened.status().problem
    XCTAssertNil(problem)
    let restored = try await reopened.restoreDeleted([gone.id])
    XCTAssertEqual(restored.map(\.id), [gone.id])
  }

  func testADeleteFromAStaleListChangesNothingInRecentlyDeleted() async throws {
    let folder = home.path + "/stale"
    func session(_ device: String) throws -> DocumentBookmarkStore {
      let index = try SQLiteDocumentIndex(path: folder + "/index.sqlite")
      return DocumentBookmarkStore(
        container: DocumentContainer(root: folder, index: index, cloud: nil, device: "d"),
        recentlyDeleted: RecentlyDeletedRules(device: device), watching: false)
    }
    let stale = try session("stale")
    let added = try await stale.add(BookmarkDraft(name: "Once", url: "https://once.example"))
    let other = try session("other")
    try await other.delete(id: added.id)
    do {
      // `stale` has not read the index since its add.
      try await stale.delete(id: added.id)
      XCTFail("a delete from a stale list went through")
    } catch let error as StoreError {
      XCTAssertEqual(error, .notFound(added.id))
    }
    let kept = try await other.recentlyDeleted()
    XCTAssertEqual(kept.map(\.device), ["other"])
  }

  /// A device's document store over the shared cloud, or without it (`online` false).
  private func device(_ name: String, online: Bool) -> DocumentBookmarkStore {
    DocumentBookmarkStore(
      container: BookmarkStoreImplementation.documentContainer(root: home.path, device: name, online: online))
  }

  func testTwoDevicesDeletingOneBookmarkAtOnceLeaveOneDeletionAndNoConflict() async throws {
    let first = device("a", online: true)
    let added = try await first.add(BookmarkDraft(name: "Twice", url: "https://twice.example"))
    await first.sync()
    let firstOnB = device("b", online: true)
    await firstOnB.sync()
    let onB = try await firstOnB.load()
    XCTAssertEqual(onB.map(\.id), [added.id])
    // Both delete it before either hears of the other's delete: no session of either
    // device is online meanwhile (an online session's engine pushes what another session
    // of its device wrote, whenever it likes).
    await first.container.close()
    await firstOnB.container.close()
    let offlineA = device("a", online: false)
    let offlineB = device("b", online: false)
    try await offlineA.delete(id: added.id)
    try await offlineB.delete(id: added.id)
    let a = device("a", online: true)
    let b = device("b", online: true)
    for _ in 0..<2 {
      await a.sync()
      await b.sync()
    }
    for store in [a, b] {
      let settled = await arrives(at: store, timeout: .seconds(10)) {
        $0.status.conflicts == 0 && $0.deleted.count == 1
      }
      XCTAssertEqual(settled, true, "a conflict, or not one deletion")
    }
  }

  /// A newcomer run (issue 36.11): B renamed W offline, then A deleted W; when B came online
  /// its edit beat the delete, yet Recently Deleted still listed W on both devices, and
  /// Enter on it said it was in the list already. A bookmark that is listed is not shown
  /// as deleted, whenever its edit was made.
  func testABookmarkAnEditBroughtBackIsNotListedAsDeleted() async throws {
    let a = device("a", online: true)
    let added = try await a.add(BookmarkDraft(name: "W", url: "https://w.example"))
    await a.sync()
    let firstOnB = device("b", online: true)
    await firstOnB.sync()
    // B goes offline before its edit, so A deletes the bookmark without having seen it (an
    // online session of B would push the edit whenever its engine liked, and A might fetch it
    // first: then A rightly deletes the edited bookmark).
    await firstOnB.container.close()
    _ = try await device("b", online: false).update(
      id: added.id, with: BookmarkDraft(name: "W-edited", url: "https://w.example"))
    try await a.delete(id: added.id)
    await a.sync()
    let b = device("b", online: true)
    for _ in 0..<2 {
      await b.sync()
      await a.sync()
    }
    for (name, store) in [("a", a), ("b", b)] {
      let settled = await arrives(at: store, timeout: .seconds(10)) {
        (try? $0.bookmarks.get().map(\.name)) == ["W-edited"]
      }
      XCTAssertEqual(settled, true, "\(name): the edit did not come back")
      let deleted = try await store.recentlyDeleted()
      XCTAssertEqual(deleted.map(\.bookmark.name), [], name)
    }
  }
}

/// A clock a test moves by hand.
final class MovingClock: Sendable {
  private let date: Mutex<Date>
  init(_ start: Date) { date = Mutex(start) }
  var now: Date { date.withLock { $0 } }
  func set(_ new: Date) { date.withLock { $0 = new } }
  func move(_ interval: TimeInterval) { date.withLock { $0 += interval } }
}

/// A restore never replaces what holds the bookmark's id, even an entry that can't be read.
final class RecentlyDeletedTakenIDTests: XCTestCase {
  private var home: TemporaryFolder!

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() {
    home.remove()
  }

  func testARestoreOverAnUnreadableKeyValueEntryIsRefusedAndKeepsBoth() async throws {
    let keyValue = BookmarkStoreImplementation.keyValueStore(root: home.path, device: "a", online: false)
    let store = KeyValueBookmarkStore(keyValueStore: keyValue)
    let added = try await store.add(BookmarkDraft(name: "Kept", url: "https://kept.example"))
    try await store.delete(id: added.id)
    try keyValue.set("not a bookmark", forKey: "bookmark." + added.id)
    let restored = try await store.restoreDeleted([added.id])
    XCTAssertEqual(restored, [])
    XCTAssertEqual(keyValue.object(forKey: "bookmark." + added.id), .string("not a bookmark"))
    let deleted = try await store.recentlyDeleted()
    XCTAssertEqual(deleted.map(\.id), [added.id])
    await keyValue.close()
  }

  func testDeletingAKeyValueEntryThatCantBeReadKeepsItAsItIs() async throws {
    let keyValue = BookmarkStoreImplementation.keyValueStore(root: home.path, device: "a", online: false)
    let store = KeyValueBookmarkStore(keyValueStore: keyValue)
    try keyValue.set(.dictionary(["id": .string("odd"), "name": .string("No URL")]), forKey: "bookmark.odd")
    try await store.delete(id: "odd")
    XCTAssertNil(keyValue.object(forKey: "bookmark.odd"))
    let kept = keyValue.object(forKey: "deleted.odd")?.dictionary
    XCTAssertEqual(kept?["name"], .string("No URL"))
    XCTAssertNotNil(kept?["deleted"])
    await keyValue.close()
  }

  func testARestoreOverAnUnreadableUserDefaultsEntryIsRefusedAndKeepsBoth() async throws {
    let path = home.path + "/cloudy.plist"
    let store = UserDefaultsStore(path: path)
    let added = try await store.add(BookmarkDraft(name: "Kept", url: "https://kept.example"))
    try await store.delete(id: added.id)
    // An entry with the id but no URL, written by something else.
    var text = try String(contentsOfFile: path, encoding: .utf8)
    text = text.replacingOccurrences(
      of: "<key>bookmarks</key>\n\t<array/>",
      with: "<key>bookmarks</key>\n\t<array><dict><key>id</key><string>\(added.id)</string></dict></array>")
    XCTAssertTrue(text.contains("<array><dict><key>id</key>"), text)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let restored = try await store.restoreDeleted([added.id])
    XCTAssertEqual(restored, [])
    let deleted = try await store.recentlyDeleted()
    XCTAssertEqual(deleted.map(\.id), [added.id])
    let listed = try await store.load()
    XCTAssertEqual(listed, [])
  }
}
