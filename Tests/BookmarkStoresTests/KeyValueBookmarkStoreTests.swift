import BookmarkModel
import BookmarkStoreInterface
import Foundation
import KeyValueBookmarks
import KeyValueStore
import PropertyLists
import Synchronization
import TestSupport
import XCTest

/// What only the key-value backend does: its layout, its quota, its status line, and two
/// devices changing different bookmarks at once.
final class KeyValueBookmarkStoreTests: XCTestCase {
  private var home: TemporaryFolder!
  private var opened: [KeyValueBookmarkStore] = []

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() async throws {
    // Stop syncing and close the cloud before the folder goes.
    for store in opened { await store.keyValueStore.close() }
    opened = []
    home.remove()
  }

  private func device(_ name: String, online: Bool = true) -> KeyValueBookmarkStore {
    let store = KeyValueBookmarkStore(
      keyValueStore: BookmarkStoreImplementation.keyValueStore(root: home.path, device: name, online: online))
    opened.append(store)
    return store
  }

  /// The store keeps each entry's decoded bookmark between changes: a changed, removed or
  /// damaged entry must still be read afresh.
  func testEveryChangeToAnEntryIsReadThoughUnchangedEntriesAreNotDecodedAgain() async throws {
    let store = device("a", online: false)
    let first = try await store.add(BookmarkDraft(name: "First", url: "https://first.example"))
    let second = try await store.add(BookmarkDraft(name: "Second", url: "https://second.example"))
    let third = try await store.add(BookmarkDraft(name: "Third", url: "https://third.example"))
    let loaded = try await store.load()
    XCTAssertEqual(loaded.map(\.name), ["First", "Second", "Third"])
    var entry = try XCTUnwrap(store.keyValueStore.dictionaryRepresentation["bookmark." + first.id]?.dictionary)
    entry["name"] = .string("Renamed by hand")
    try store.keyValueStore.set(.dictionary(entry), forKey: "bookmark." + first.id)
    store.keyValueStore.removeObject(forKey: "bookmark." + second.id)
    try store.keyValueStore.set("not a bookmark", forKey: "bookmark." + third.id)
    let now = try await store.load()
    XCTAssertEqual(now.map(\.name), ["Renamed by hand"])
    try store.keyValueStore.set(
      .dictionary(entry.merging(["name": .string("Again")]) { $1 }), forKey: "bookmark." + first.id)
    let again = try await store.load()
    XCTAssertEqual(again.map(\.name), ["Again"])
  }

  func testEachBookmarkIsOneKeyAndOtherKeysAreLeftAlone() async throws {
    let store = device("a")
    try store.keyValueStore.set("someone else's", forKey: "settings.theme")
    let added = try await store.add(BookmarkDraft(name: "Swift", url: "https://swift.org"))
    let values = store.keyValueStore.dictionaryRepresentation
    XCTAssertEqual(Set(values.keys), ["settings.theme", "bookmark." + added.id])
    let entry = try XCTUnwrap(values["bookmark." + added.id]?.dictionary)
    XCTAssertEqual(entry.filter { $0.key != "addedMicroseconds" }, added.propertyListEntries)
    XCTAssertNotNil(entry["addedMicroseconds"])
    try await store.delete(id: added.id)
    XCTAssertEqual(store.keyValueStore.string(forKey: "settings.theme"), "someone else's")
  }

  func testAnAddBeyondTheQuotaIsRefusedInPlainWordsAndLosesNothing() async throws {
    let store = device("a", online: false)
    var batch: [String: PropertyList?] = [:]
    for index in 0..<KeyValueLimits.maximumKeys {
      let bookmark = Bookmark(
        id: String(format: "id-%04d", index), name: "B\(index)", url: "https://example.com/\(index)",
        created: Date(timeIntervalSince1970: Double(index)), modified: Date(timeIntervalSince1970: Double(index)))
      batch["bookmark." + bookmark.id] = .dictionary(bookmark.propertyListEntries)
    }
    try store.keyValueStore.setValues(batch)
    do {
      _ = try await store.add(BookmarkDraft(name: "One more", url: "https://more.example"))
      XCTFail("the 1025th key was accepted")
    } catch let error as StoreError {
      guard case .quotaExceeded(.keys(1024)) = error else { return XCTFail("\(error)") }
      let sentence = error.description
      XCTAssertTrue(sentence.contains("at most 1024"), sentence)
      XCTAssertTrue(sentence.contains("--store documents"), sentence)
    }
    let loaded = try await store.load()
    XCTAssertEqual(loaded.count, 1024)
    XCTAssertEqual(loaded.first?.name, "B0")
    let summary = await store.status().summary
    XCTAssertTrue(summary.contains("1024/1024 keys"), summary)
  }

  func testAnImportIsOneWriteAndIsRefusedWholeWhenItWouldNotFit() async throws {
    let store = device("a", online: false)
    _ = try await store.add(BookmarkDraft(name: "Already here", url: "https://here.example"))
    let sameSecond = Date(timeIntervalSince1970: 1_700_000_000)
    let imported = (0..<KeyValueLimits.maximumKeys).map { index in
      Bookmark(
        id: "import-\(1_000 - index)", name: "I\(index)", url: "https://i.example/\(index)", created: sameSecond,
        modified: sameSecond)
    }
    do {
      try await store.importBookmarks(imported)
      XCTFail("1024 more bookmarks were accepted beside one stored")
    } catch {
      XCTAssertEqual(error as? StoreError, .wouldNotFit(.keyValue, fitting: 1023, requested: 1024))
    }
    let afterRefusal = try await store.load()
    XCTAssertEqual(afterRefusal.map(\.name), ["Already here"])
    let capacity = await store.remainingCapacity()
    XCTAssertEqual(capacity, 1023)

    try await store.importBookmarks(Array(imported.prefix(3)))
    let loaded = try await store.load()
    // The list is in the order of adding: the import after the bookmark already there, in
    // the file's order (not their ids' or their creation dates' order).
    XCTAssertEqual(loaded.map(\.name), ["Already here", "I0", "I1", "I2"])
  }

  func testAFailedSaveIsForgottenAndHidesNothingFromOtherDevices() async throws {
    let a = device("a")
    let b = device("b")
    let original = try await a.add(BookmarkDraft(name: "Original", url: "https://original.example"))
    await a.sync()
    await b.sync()
    // Block a's cache: its lock path becomes a folder, so saving fails.
    let folder = home.path + "/a/key-value"
    let cacheName = try XCTUnwrap(
      FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(".plist") })
    let lock = folder + "/" + cacheName + ".lock"
    XCTAssertTrue(LockBlocker.block(lock), "the lock path could not be turned into a folder")
    do {
      _ = try await a.update(id: original.id, with: BookmarkDraft(name: "Failed", url: "https://original.example"))
      XCTFail("the update was saved")
    } catch {
      guard case .writeFailed = error as? StoreError else { return XCTFail("\(error)") }
    }
    let afterFailure = try await a.load()
    XCTAssertEqual(afterFailure.map(\.name), ["Original"])
    XCTAssertEqual(a.keyValueStore.status.pending, 0, "nothing is queued for the failed change")

    try FileManager.default.removeItem(atPath: lock)
    _ = try await b.update(id: original.id, with: BookmarkDraft(name: "From b", url: "https://original.example"))
    await b.sync()
    await a.sync()
    let onA = try await a.load()
    XCTAssertEqual(onA.map(\.name), ["From b"], "the failed change hid b's edit")
    _ = try await a.add(BookmarkDraft(name: "Later", url: "https://later.example"))
    await a.sync()
    await b.sync()
    let onB = try await b.load()
    XCTAssertEqual(onB.map(\.name), ["From b", "Later"], "the failed change was pushed later")
  }

  func testTheBottomLineShowsSyncStateAndQuota() async throws {
    let offline = device("a", online: false)
    _ = try await offline.add(BookmarkDraft(name: "Queued", url: "https://queued.example"))
    let offlineSummary = await offline.status().summary
    XCTAssertEqual(offlineSummary, "key-value · offline · 1 pending · 1/1024 keys · <1% of 1 MB")

    let online = device("b")
    _ = try await online.add(BookmarkDraft(name: "Pushed", url: "https://pushed.example"))
    await online.sync()
    let onlineSummary = await online.status().summary
    XCTAssertEqual(onlineSummary, "key-value · synced · 1/1024 keys · <1% of 1 MB")

    // A 400,000-byte value: the line shows whole percent of 1 MB.
    try online.keyValueStore.set(String(repeating: "x", count: 400_000), forKey: "notes")
    let fuller = await online.status().summary
    XCTAssertEqual(fuller, "key-value · syncing · 1 pending · 2/1024 keys · 38% of 1 MB")
  }

  func testTwoDevicesAddingEditingAndDeletingDifferentBookmarksAtOnceLoseNothing() async throws {
    let a = device("a")
    let b = device("b")
    let shared = try await a.add(BookmarkDraft(name: "Doomed on a", url: "https://doomed-a.example"))
    let sharedB = try await a.add(BookmarkDraft(name: "Doomed on b", url: "https://doomed-b.example"))
    let editedOnA = try await a.add(BookmarkDraft(name: "Edit me on a", url: "https://edit-a.example"))
    let editedOnB = try await a.add(BookmarkDraft(name: "Edit me on b", url: "https://edit-b.example"))
    await a.sync()
    await b.sync()
    async let fromA: [Bookmark.ID] = Self.addMany(a, prefix: "a", deleting: shared.id, editing: editedOnA.id)
    async let fromB: [Bookmark.ID] = Self.addMany(b, prefix: "b", deleting: sharedB.id, editing: editedOnB.id)
    let added = try await Set(fromA + fromB).union([editedOnA.id, editedOnB.id])
    await a.sync()
    await b.sync()
    await a.sync()
    let onA = Set(try await a.load().map(\.id))
    let onB = Set(try await b.load().map(\.id))
    XCTAssertEqual(onA, added)
    XCTAssertEqual(onB, added)
    for store in [a, b] {
      let names = Set(try await store.load().map(\.name))
      XCTAssertTrue(names.isSuperset(of: ["Edited on a", "Edited on b"]), "\(names)")
    }
  }

  /// The cloud's last write wins: an edit B made without having seen A's replaces A's, and
  /// A is told once, with both versions. An edit B makes after seeing A's is not news of that
  /// kind; neither is a delete.
  func testAnEditReplacedUnseenIsReportedOnceAndOneMadeOnItIsNot() async throws {
    let a = device("a")
    let first = device("b")
    let added = try await a.add(BookmarkDraft(name: "Original", url: "https://o.example"))
    await a.sync()
    await first.sync()
    await first.keyValueStore.close()
    // B is offline while A edits, and edits without having seen A's edit; back online, its
    // edit goes to the cloud after A's, and wins.
    let offline = device("b", online: false)
    let mine = try await a.update(id: added.id, with: BookmarkDraft(name: "From A", url: "https://o.example"))
    await a.sync()
    _ = try await offline.update(id: added.id, with: BookmarkDraft(name: "From B", url: "https://b.example"))
    await offline.keyValueStore.close()
    let b = device("b")
    await b.sync()
    await a.sync()
    let replaced = await arrives(at: a) { $0.replacedEdits.count == 1 }
    XCTAssertTrue(replaced)
    let reported = await a.snapshot()?.replacedEdits ?? []
    XCTAssertEqual(reported.map(\.mine.name), ["From A"])
    XCTAssertEqual(reported.map(\.mine), [mine])
    XCTAssertEqual(reported.map(\.theirs.name), ["From B"])
    XCTAssertEqual(reported.map(\.theirs.url), ["https://b.example"])

    // A edits again; B fetches it and edits on top of it, then deletes another: no news.
    _ = try await a.update(id: added.id, with: BookmarkDraft(name: "A again", url: "https://o.example"))
    let other = try await a.add(BookmarkDraft(name: "Other", url: "https://other.example"))
    _ = try await a.update(id: other.id, with: BookmarkDraft(name: "Other edited", url: "https://other.example"))
    await a.sync()
    await b.sync()
    _ = try await b.update(id: added.id, with: BookmarkDraft(name: "B on top", url: "https://o.example"))
    try await b.delete(id: other.id)
    await b.sync()
    await a.sync()
    let arrived = await snapshot(of: a) { $0.map(\.name) == ["B on top"] }
    XCTAssertEqual(arrived?.replacedEdits.map(\.mine.name), ["From A"], "still the one, told once")
  }

  private static func addMany(
    _ store: KeyValueBookmarkStore, prefix: String, deleting id: Bookmark.ID, editing edited: Bookmark.ID
  ) async throws -> [Bookmark.ID] {
    var ids: [Bookmark.ID] = []
    for index in 0..<20 {
      ids.append(
        try await store.add(BookmarkDraft(name: "\(prefix)\(index)", url: "https://\(prefix).example/\(index)")).id)
      if index == 5 {
        _ = try await store.update(
          id: edited, with: BookmarkDraft(name: "Edited on \(prefix)", url: "https://edit-\(prefix).example"))
      }
      if index == 10 { try await store.delete(id: id) }
    }
    return ids
  }

  /// A deleted folder's record (its tombstone) takes a key of the quota: it goes with the
  /// next write once it is 30 days old and nothing points at it, and not before.
  func testTombstonesOfDeletedFoldersExpire() async throws {
    let clock = Mutex(Date(timeIntervalSince1970: 1_790_000_000))
    let environment = BookmarkEnvironment(now: { clock.withLock { $0 } }, newID: { UUID().uuidString.lowercased() })
    let store = KeyValueBookmarkStore(
      keyValueStore: BookmarkStoreImplementation.keyValueStore(root: home.path, device: "a", online: false),
      environment: environment)
    opened.append(store)
    func folderKeys() -> Int { store.keyValueStore.dictionaryRepresentation.keys.count { $0.hasPrefix("folder.") } }
    try await store.changeFolder(.create(["Old"]))
    let kept = try await store.add(BookmarkDraft(name: "kept", url: "https://kept.example", folder: ["Kept"]))
    try await store.changeFolder(.create(["Kept", "Gone"]))
    try await store.changeFolder(.delete(["Old"]))
    try await store.changeFolder(.delete(["Kept"]))  // Kept's bookmark and Gone still point at it
    XCTAssertEqual(folderKeys(), 3)
    clock.withLock { $0 += 29 * 24 * 60 * 60 }
    _ = try await store.add(BookmarkDraft(name: "a", url: "https://a.example"))
    XCTAssertEqual(folderKeys(), 3, "not yet 30 days")
    clock.withLock { $0 += 2 * 24 * 60 * 60 }
    _ = try await store.add(BookmarkDraft(name: "b", url: "https://b.example"))
    XCTAssertEqual(folderKeys(), 2, "Old's tombstone went; Kept's stays while something points at it")
    let bookmarks = try await store.load()
    XCTAssertEqual(bookmarks.first { $0.id == kept.id }?.folder, [], "Kept's bookmark is at the top")
  }
}
