import Cloud
import CloudSQLite
import KeyValueStore
import PropertyLists
import TestSupport
import XCTest

/// Syncing between devices: external-change events and their reasons, no events for
/// one's own writes, last-writer-wins in the cloud's order, the durable offline queue.
final class KeyValueSyncTests: XCTestCase {
  private var devices: KeyValueDevices!

  override func setUp() async throws {
    devices = try KeyValueDevices()
  }

  override func tearDown() async throws {
    await devices.tearDown()
  }

  /// Devices a and b on one cloud, once b has synced.
  private func twoDevicesWithBSynced() async -> (UbiquitousKeyValueStore, UbiquitousKeyValueStore) {
    let a = devices.device("a")
    let b = devices.device("b")
    let ready = await waitForStatus(b) { $0.state == .synced }
    XCTAssertTrue(ready)
    return (a, b)
  }

  func testTheReasonsCarryApplesNumbers() {
    XCTAssertEqual(KeyValueChange.Reason.serverChange.rawValue, 0)
    XCTAssertEqual(KeyValueChange.Reason.initialSync.rawValue, 1)
    XCTAssertEqual(KeyValueChange.Reason.quotaViolation.rawValue, 2)
    XCTAssertEqual(KeyValueChange.Reason.accountChange.rawValue, 3)
  }

  func testAnotherDevicesWriteArrivesAsAServerChangeWithItsKeys() async throws {
    let (a, b) = await twoDevicesWithBSynced()
    let events = b.externalChanges()
    try a.set("https://swift.org", forKey: "bookmark.1")
    XCTAssertTrue(a.synchronize())
    let event = await next(events) { $0.reason == .serverChange }
    XCTAssertEqual(event?.changedKeys, ["bookmark.1"])
    XCTAssertEqual(b.string(forKey: "bookmark.1"), "https://swift.org")
  }

  /// A fetched change is shown before the cache file holds it; writing the file afterwards
  /// must not report it again.
  func testAFetchedChangeIsReportedOnceThoughItIsShownBeforeTheFileIsWritten() async throws {
    let (a, b) = await twoDevicesWithBSynced()
    let events = b.externalChanges()
    try a.set("first", forKey: "one")
    XCTAssertTrue(a.synchronize())
    let first = await next(events)
    XCTAssertEqual(first, KeyValueChange(reason: .serverChange, changedKeys: ["one"]))
    await b.syncNow()
    try a.set("second", forKey: "two")
    XCTAssertTrue(a.synchronize())
    let second = await next(events)
    XCTAssertEqual(second, KeyValueChange(reason: .serverChange, changedKeys: ["two"]))
    XCTAssertEqual(b.string(forKey: "one"), "first")
    await b.close()
    XCTAssertEqual(devices.device("b", online: false).string(forKey: "two"), "second", "and the file holds it")
  }

  /// Fetched changes shown before the cache file holds them go away again if the file
  /// can't take them (here its lock can't be taken), and come back once it can.
  func testFetchedChangesTheCacheCannotTakeAreShownAgainOnlyOnceItHoldsThem() async throws {
    let (a, b) = await twoDevicesWithBSynced()
    let directory = devices.cacheDirectory("b")
    let lock = try XCTUnwrap(
      FileManager.default.contentsOfDirectory(atPath: directory).first { $0.hasSuffix(".plist.lock") })
    XCTAssertTrue(LockBlocker.block(directory + "/" + lock), "the lock path could not be turned into a folder")
    try a.set("from a", forKey: "k")
    XCTAssertTrue(a.synchronize())
    await a.syncNow()
    await b.syncNow()
    // A background fetch of b's (a late signal, a retry) shows it for the moment it tries
    // the file, then takes it away again: what must not happen is that it stays.
    let hidden = await eventually(within: .seconds(5)) { b.string(forKey: "k") == nil }
    XCTAssertTrue(hidden, "not shown while the file can't hold it")
    try FileManager.default.removeItem(atPath: directory + "/" + lock)
    await b.syncNow()
    XCTAssertEqual(b.string(forKey: "k"), "from a")
  }

  func testOwnWritesSendNoEvent() async throws {
    let a = devices.device("a")
    let b = devices.device("b")
    let ready2 = await waitForStatus(a) { $0.state == .synced }
    XCTAssertTrue(ready2)
    let events = a.externalChanges()
    try a.set("mine", forKey: "own")
    a.synchronize()
    await a.syncNow()
    let ready3 = await waitForStatus(a) { $0.pending == 0 }
    XCTAssertTrue(ready3)
    // Then another device writes: the first event a sees must be that one, not its own.
    try b.set("theirs", forKey: "other")
    b.synchronize()
    let event = await next(events)
    XCTAssertEqual(event, KeyValueChange(reason: .serverChange, changedKeys: ["other"]))
  }

  func testTheFirstDownloadOnANewDeviceIsAnInitialSync() async throws {
    let a = devices.device("a")
    try a.set(Int64(1), forKey: "one")
    try a.set(Int64(2), forKey: "two")
    a.synchronize()
    await a.syncNow()
    let b = devices.device("b", start: false)
    let events = b.externalChanges()
    b.start()
    let event = await next(events)
    XCTAssertEqual(event, KeyValueChange(reason: .initialSync, changedKeys: ["one", "two"]))
    XCTAssertEqual(b.longLong(forKey: "two"), 2)
  }

  func testTheCloudsOrderDecidesNotTheOrderOfLocalEdits() async throws {
    // a edits first but offline; b edits later online. When a comes online its queued
    // edit reaches the cloud last, so it wins on both devices.
    let offlineA = devices.device("a", online: false)
    try offlineA.set("from a", forKey: "title")
    offlineA.synchronize()
    let b = devices.device("b")
    try b.set("from b", forKey: "title")
    b.synchronize()
    await b.syncNow()
    XCTAssertEqual(b.string(forKey: "title"), "from b")
    await offlineA.close()

    let events = b.externalChanges()
    let a = devices.device("a")
    await a.syncNow()
    XCTAssertEqual(a.string(forKey: "title"), "from a")
    let event = await next(events) { $0.changedKeys.contains("title") }
    XCTAssertNotNil(event)
    XCTAssertEqual(b.string(forKey: "title"), "from a")

    // And a later write from b wins again: the last one the cloud sequenced.
    try b.set("b again", forKey: "title")
    b.synchronize()
    await b.syncNow()
    await a.syncNow()
    XCTAssertEqual(a.string(forKey: "title"), "b again")
  }

  func testAQueueWrittenOfflineSurvivesARestartAndIsPushedOnline() async throws {
    let offline = devices.device("a", online: false)
    try offline.set(true, forKey: "queued")
    XCTAssertTrue(offline.synchronize())
    XCTAssertEqual(offline.status.state, .offline)
    XCTAssertEqual(offline.status.pending, 1)
    await offline.close()

    // A new run, still offline, reads its values from the cache.
    let restarted = devices.device("a", online: false)
    XCTAssertTrue(restarted.bool(forKey: "queued"))
    XCTAssertEqual(restarted.status.pending, 1)
    await restarted.close()

    let b = devices.device("b")
    let online = devices.device("a")
    await online.syncNow()
    XCTAssertEqual(online.status.pending, 0)
    await b.syncNow()
    XCTAssertTrue(b.bool(forKey: "queued"))
  }

  func testDevicesWritingDifferentKeysAtOnceLoseNothing() async throws {
    let names = ["a", "b", "c"]
    let stores = names.map { devices.device($0) }
    await withTaskGroup(of: Void.self) { group in
      for (name, store) in zip(names, stores) {
        group.addTask {
          for index in 0..<30 {
            try? store.set(Int64(index), forKey: "\(name)-\(index)")
            store.synchronize()
          }
          await store.syncNow()
        }
      }
    }
    for store in stores { await store.syncNow() }
    for store in stores {
      XCTAssertEqual(store.dictionaryRepresentation.count, 90)
      XCTAssertEqual(store.status.pending, 0)
    }
  }

  func testSwitchingAccountsIsAnAccountChangeAndKeepsEachAccountsValues() async throws {
    let alice = devices.device("a", account: "alice")
    try alice.set("alice's", forKey: "k")
    alice.synchronize()
    await alice.syncNow()
    await alice.close()

    let bob = devices.device("a", account: "bob", start: false)
    let events = bob.externalChanges()
    bob.start()
    let event = await next(events) { $0.reason == .accountChange }
    XCTAssertNotNil(event)
    await bob.syncNow()
    XCTAssertNil(bob.object(forKey: "k"), "bob does not see alice's values")
    await bob.close()

    let aliceAgain = devices.device("a", account: "alice")
    XCTAssertEqual(aliceAgain.string(forKey: "k"), "alice's")
  }

  func testValuesAreAvailableOfflineFromTheCacheAfterARestart() async throws {
    let a = devices.device("a")
    try a.set(["x": .integer(1)], forKey: "dict")
    try a.set(Data([0, 1, 2]), forKey: "data")
    try a.set(Date(timeIntervalSince1970: 1_700_000_000), forKey: "date")
    try a.set(2.5, forKey: "double")
    try a.set([.string("a"), .bool(false)], forKey: "array")
    a.synchronize()
    await a.close()
    let again = devices.device("a", online: false)
    XCTAssertEqual(again.dictionary(forKey: "dict"), ["x": .integer(1)])
    XCTAssertEqual(again.data(forKey: "data"), Data([0, 1, 2]))
    XCTAssertEqual(again.date(forKey: "date"), Date(timeIntervalSince1970: 1_700_000_000))
    XCTAssertEqual(again.double(forKey: "double"), 2.5)
    XCTAssertEqual(again.array(forKey: "array"), [.string("a"), .bool(false)])
    XCTAssertEqual(again.longLong(forKey: "missing"), 0)
    XCTAssertFalse(again.bool(forKey: "missing"))
  }

  /// A session keeps what it wrote without parsing the file back, so it must already hold
  /// each value as the file does: a date with a fraction of a second, a real, a carriage
  /// return and a control character read the same here, in a session started afterwards,
  /// and on another device.
  func testASessionHoldsEachValueExactlyAsTheFileAndTheCloudGiveItBack() async throws {
    let a = devices.device("a")
    let tricky: [String: PropertyList] = [
      "date": .date(Date(timeIntervalSince1970: 1_700_000_000.75)), "real": .real(0.1),
      "text": .string("line\r\nnext\u{1}"),
      "entry": .dictionary(["modified": .date(Date(timeIntervalSince1970: 12.5)), "ratio": .real(1e300)]),
    ]
    for (key, value) in tricky { try a.set(value, forKey: key) }
    XCTAssertEqual(a.date(forKey: "date"), Date(timeIntervalSince1970: 1_700_000_000), "kept as the file keeps it")
    XCTAssertTrue(a.synchronize())
    await a.syncNow()
    let b = devices.device("b")
    await b.syncNow()
    let later = devices.device("a", online: false)
    XCTAssertEqual(later.dictionaryRepresentation, a.dictionaryRepresentation)
    XCTAssertEqual(b.dictionaryRepresentation, a.dictionaryRepresentation)
    XCTAssertEqual(Set(a.dictionaryRepresentation.keys), Set(tricky.keys))
  }

  /// A value the cache file could not give back would make the file unreadable, and with it
  /// every change queued beside it: it is refused, and nothing changes.
  func testAValueTheCacheCouldNotReadBackIsRefusedAndNothingChanges() async throws {
    let a = devices.device("a", online: false)
    try a.set("kept", forKey: "kept")
    XCTAssertTrue(a.synchronize())
    var nested = PropertyList.array([.integer(1)])
    for _ in 1..<(PropertyListReader.maximumDepth - 1) { nested = .array([nested]) }
    let refused: [String: PropertyList?] = [
      "date": .date(Date(timeIntervalSince1970: 253_402_300_800)), "nested": nested, "fine": .string("x"),
    ]
    for (key, value) in refused where key != "fine" {
      XCTAssertThrowsError(try a.setValues(refused)) { error in
        guard case KeyValueStoreError.unstorableValue = error else { return XCTFail("\(error)") }
      }
      XCTAssertThrowsError(try a.set(value!, forKey: key))
    }
    XCTAssertEqual(Set(a.dictionaryRepresentation.keys), ["kept"])
    XCTAssertTrue(a.synchronize())
    XCTAssertEqual(Set(devices.device("a", online: false).dictionaryRepresentation.keys), ["kept"])
  }

  func testAnUnreadableCacheIsKeptAsideAndTheValuesComeBackFromTheCloud() async throws {
    let a = devices.device("a")
    try a.set("kept", forKey: "k")
    a.synchronize()
    await a.syncNow()
    await a.close()
    let directory = devices.cacheDirectory("a")
    let cacheName = try XCTUnwrap(
      FileManager.default.contentsOfDirectory(atPath: directory).first { $0.hasSuffix(".plist") })
    let garbage = Data("not a property list".utf8)
    try garbage.write(to: URL(fileURLWithPath: directory + "/" + cacheName))

    let again = devices.device("a")
    XCTAssertNotNil(again.status.problem)
    let aside = try XCTUnwrap(
      FileManager.default.contentsOfDirectory(atPath: directory).first { $0.contains(".unreadable-") })
    XCTAssertEqual(FileManager.default.contents(atPath: directory + "/" + aside), garbage)
    await again.syncNow()
    XCTAssertEqual(again.string(forKey: "k"), "kept")
  }

  func testSynchronizeReportsACacheThatCannotBeWritten() throws {
    let blocker = devices.root + "/blocker"
    XCTAssertTrue(FileManager.default.createFile(atPath: blocker, contents: Data()))
    let store = UbiquitousKeyValueStore(
      directory: blocker + "/key-value", account: "alice", cloudName: "test", cloud: nil, device: "a")
    try store.set("v", forKey: "k")
    XCTAssertFalse(store.synchronize())
    XCTAssertThrowsError(try store.save()) { error in
      guard case .cacheUnwritable = error as? KeyValueStoreError else { return XCTFail("\(error)") }
    }
    XCTAssertEqual(store.string(forKey: "k"), "v", "the value stays in memory, unsaved")
    XCTAssertEqual(store.status.pending, 1)
  }

  func testAnUnreachableCloudMeansOfflineWithAReasonAndTheQueueIsPushedWhenItReturns() async throws {
    let blocker = devices.root + "/not-a-folder"
    XCTAssertTrue(FileManager.default.createFile(atPath: blocker, contents: Data()))
    let cloudPath = blocker + "/cloud.sqlite"
    let store = UbiquitousKeyValueStore(
      directory: devices.cacheDirectory("a"), account: "alice", cloudName: "sqlite:" + cloudPath,
      cloud: SQLiteCloud(path: cloudPath, account: "alice"), device: "a")
    store.start()
    try store.set("queued", forKey: "k")
    store.synchronize()
    let offline = await waitForStatus(store) { $0.state == .offline && $0.problem != nil }
    XCTAssertTrue(offline)
    XCTAssertTrue(store.status.problem?.contains("Can't reach the cloud") == true, "\(store.status)")
    XCTAssertEqual(store.status.pending, 1)

    // The cloud comes back (the obstacle goes; the cloud makes its folder): the retry,
    // with backoff, pushes the queue.
    try FileManager.default.removeItem(atPath: blocker)
    let synced = await waitForStatus(store, timeout: .seconds(10)) { $0.state == .synced && $0.pending == 0 }
    XCTAssertTrue(synced, "\(store.status)")
    let record = try await SQLiteCloud(path: cloudPath, account: "alice").record(for: "k", in: .keyValue)
    XCTAssertEqual(record?.value.map { String(decoding: $0, as: UTF8.self) }, "<string>queued</string>")
    await store.close()
  }

  func testAStalePushFromASessionSharingTheFolderCannotLandAfterANewerOne() async throws {
    // Two sessions share device a's folder. a1's push of k = "old" is held in flight; a2
    // then deletes k and syncs. The delete must be what the cloud keeps.
    let cloudPath = devices.cloudPath
    let slow = SlowCloud(SQLiteCloud(path: cloudPath, account: "alice"))
    let a1 = UbiquitousKeyValueStore(
      directory: devices.cacheDirectory("a"), account: "alice", cloudName: "sqlite:" + cloudPath, cloud: slow,
      device: "a")
    try a1.set("old", forKey: "k")
    a1.synchronize()
    var started = slow.started.makeAsyncIterator()
    let pushing = Task { await a1.syncNow() }
    _ = await started.next()

    let a2 = devices.device("a", start: false)
    XCTAssertEqual(a2.string(forKey: "k"), "old")
    a2.removeObject(forKey: "k")
    a2.synchronize()
    let deleting = Task { await a2.syncNow() }
    // Without a lock between the two pushes, a2's delete reaches the cloud now, before
    // a1's held value; with it, a2 waits for a1. Give a2 a bounded chance either way.
    let cloud = SQLiteCloud(path: cloudPath, account: "alice")
    _ = await withTimeout(.seconds(1)) {
      while !Task.isCancelled, (try? await cloud.record(for: "k", in: .keyValue))??.isDeleted != true {
        try? await Task.sleep(for: .milliseconds(10))
      }
      return true
    }
    slow.letGo()
    await pushing.value
    await deleting.value
    await a1.syncNow()

    let b = devices.device("b")
    await b.syncNow()
    XCTAssertNil(b.object(forKey: "k"), "the older value reached the cloud last")
    XCTAssertNil(a1.object(forKey: "k"))
    let record = try await cloud.record(for: "k", in: .keyValue)
    XCTAssertEqual(record?.isDeleted, true)
    await a1.close()
  }
}
