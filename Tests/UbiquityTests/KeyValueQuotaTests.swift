import KeyValueStore
import PropertyLists
import XCTest

/// The quotas, exactly at their edges: 1024 keys, 1 MB per value and in all, 128 UTF-16
/// code units per key. A refused write stores nothing and reports a quota violation.
final class KeyValueQuotaTests: XCTestCase {
  private var devices: KeyValueDevices!

  override func setUp() async throws {
    devices = try KeyValueDevices()
  }

  override func tearDown() async throws {
    await devices.tearDown()
  }

  func testKeysUpTo128UTF16CodeUnitsAreAcceptedAndLongerOnesRefused() throws {
    let store = devices.device("a", online: false)
    try store.set("ok", forKey: String(repeating: "k", count: 128))
    // 64 emoji are 128 UTF-16 code units (and 256 UTF-8 bytes): still allowed.
    try store.set("ok", forKey: String(repeating: "🚀", count: 64))
    XCTAssertThrowsError(try store.set("no", forKey: String(repeating: "k", count: 129))) { error in
      XCTAssertEqual(error as? KeyValueStoreError, .invalidKey(String(repeating: "k", count: 129)))
    }
    XCTAssertThrowsError(try store.set("no", forKey: String(repeating: "🚀", count: 65)))
    XCTAssertThrowsError(try store.set("no", forKey: ""))
    XCTAssertEqual(store.dictionaryRepresentation.count, 2)
  }

  func testThe1024thKeyFitsAndThe1025thIsRefusedWithAQuotaViolation() async throws {
    let store = devices.device("a", online: false)
    var batch: [String: PropertyList?] = [:]
    for index in 0..<1023 { batch["key\(index)"] = .integer(index) }
    try store.setValues(batch)
    try store.set(Int64(1023), forKey: "key1023")
    XCTAssertEqual(store.status.keys, 1024)

    let events = store.externalChanges()
    XCTAssertThrowsError(try store.set(Int64(0), forKey: "one-too-many")) { error in
      XCTAssertEqual(error as? KeyValueStoreError, .tooManyKeys(wouldHave: 1025))
    }
    let event = await next(events)
    XCTAssertEqual(event, KeyValueChange(reason: .quotaViolation, changedKeys: ["one-too-many"]))
    XCTAssertNil(store.object(forKey: "one-too-many"))
    XCTAssertEqual(store.status.keys, 1024)

    // Replacing an existing key and removing one are still allowed at the limit.
    try store.set(Int64(-1), forKey: "key0")
    XCTAssertEqual(store.longLong(forKey: "key0"), -1)
    store.removeObject(forKey: "key1")
    try store.set(Int64(7), forKey: "now-it-fits")
    XCTAssertEqual(store.status.keys, 1024)
  }

  /// Given a device whose copy is behind the cloud (it could not write what it fetched: a
  /// full disk) and another device that filled the cloud to 1,000 keys, when the first adds
  /// 100 keys its copy has room for and syncs, then the cloud holds 1,024 keys, never more,
  /// and the other 76 wait on the device, said on its status line, none dropped.
  func testTheKeyQuotaIsCheckedAgainstWhatTheCloudWillHold() async throws {
    let filler = devices.device("b", start: false)
    var batch: [String: PropertyList?] = [:]
    for index in 0..<1000 { batch["b\(index)"] = .integer(index) }
    try filler.setValues(batch)
    try filler.save()
    await filler.syncNow()

    let behind = devices.device("a", start: false)
    batch = [:]
    for index in 0..<100 { batch["a\(index)"] = .integer(index) }
    try behind.setValues(batch)
    try behind.save()
    await behind.syncNow()

    let reader = devices.device("c", start: false)
    await reader.syncNow()
    XCTAssertEqual(reader.dictionaryRepresentation.count, 1024, "the cloud holds no more than the quota")
    XCTAssertEqual(behind.dictionaryRepresentation.count, 1100, "nothing saved on the device was dropped")
    XCTAssertEqual(behind.status.pending, 76)
    XCTAssertTrue(behind.status.problem?.contains("76 new keys wait on this device") ?? false, "\(behind.status)")

    // Room made elsewhere lets the rest through.
    batch = [:]
    for index in 0..<76 { batch["b\(index)"] = .some(nil) }
    try filler.setValues(batch)
    try filler.save()
    await filler.syncNow()
    await behind.syncNow()
    await reader.syncNow()
    XCTAssertEqual(reader.dictionaryRepresentation.count, 1024)
    XCTAssertEqual(behind.status.pending, 0)
    XCTAssertNil(behind.status.problem)
  }

  func testABatchThatWouldBreakTheQuotaStoresNothing() throws {
    let store = devices.device("a", online: false)
    var batch: [String: PropertyList?] = [:]
    for index in 0..<1000 { batch["key\(index)"] = .bool(true) }
    try store.setValues(batch)
    var tooBig: [String: PropertyList?] = [:]
    for index in 0..<26 { tooBig["more\(index)"] = .bool(true) }
    tooBig.updateValue(nil, forKey: "key0")  // one removal makes room for 25, not 26
    XCTAssertThrowsError(try store.setValues(tooBig))
    XCTAssertEqual(store.status.keys, 1000)
    XCTAssertTrue(store.bool(forKey: "key0"))
    XCTAssertNil(store.object(forKey: "more0"))
  }

  func testTotalSizeIsAllowedUpToExactly1MBAndRefusedOneByteBeyond() throws {
    let store = devices.device("a", online: false)
    // A string value's size is its text plus <string></string> (17 bytes); the key adds
    // its UTF-8 length. Fill the store to exactly 1,048,576 bytes with two entries.
    let first = String(repeating: "a", count: 600_000)
    try store.set(first, forKey: "a")
    let used = 1 + 600_000 + 17
    let rest = KeyValueLimits.maximumTotalBytes - used - 1 - 17
    try store.set(String(repeating: "b", count: rest), forKey: "b")
    XCTAssertEqual(store.status.bytes, KeyValueLimits.maximumTotalBytes)
    XCTAssertThrowsError(try store.set(String(repeating: "b", count: rest + 1), forKey: "b")) { error in
      XCTAssertEqual(error as? KeyValueStoreError, .storeTooLarge(wouldUse: KeyValueLimits.maximumTotalBytes + 1))
    }
    XCTAssertEqual(store.string(forKey: "b")?.count, rest, "the refused write left the old value")
    XCTAssertThrowsError(try store.set(true, forKey: "c"))
  }

  func testOneValueLargerThan1MBIsRefused() throws {
    let store = devices.device("a", online: false)
    let text = String(repeating: "x", count: KeyValueLimits.maximumValueBytes - 17 + 1)
    XCTAssertThrowsError(try store.set(text, forKey: "big")) { error in
      XCTAssertEqual(
        error as? KeyValueStoreError, .valueTooLarge(key: "big", bytes: KeyValueLimits.maximumValueBytes + 1))
    }
    XCTAssertEqual(KeyValueLimits.size(of: .string("abc")), 20)
    XCTAssertEqual(KeyValueLimits.size(of: .bool(true)), 7)
  }
}
