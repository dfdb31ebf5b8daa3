import Cloud
import CloudyTestDoubles
import DocumentContainer
import DocumentIndexSQLite
import Foundation
import PropertyLists
import TestSupport
import XCTest

@testable import KeyValueStore

/// A cloud that went back in time (a failover to an asynchronous standby that had not
/// received the last changes; issue 42.2): each device pushes again, from its own copy,
/// what the cloud lost, and fetches what the cloud wrote since under reused sequence numbers.
/// The in-memory server fails over as PostgreSQL does (``InMemoryCloudServer/failOver(to:)``).
final class FailoverRepushTests: XCTestCase {
  private var root: String!
  private var closers: [() async -> Void] = []

  override func setUpWithError() throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("cloudy-failover-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
  }

  override func tearDown() async throws {
    for close in closers { await close() }
    try? FileManager.default.removeItem(atPath: root)
  }

  private func keyValue(_ name: String, on server: InMemoryCloudServer) -> UbiquitousKeyValueStore {
    let store = UbiquitousKeyValueStore(
      directory: root + "/" + name + "/key-value", account: "alice", cloudName: "memory:test",
      cloud: server.connect(account: "alice"), device: name)
    closers.append { await store.close() }
    store.start()
    return store
  }

  private func documents(_ name: String, on server: InMemoryCloudServer) throws -> DocumentContainer {
    let folder = root + "/" + name + "/documents"
    let container = DocumentContainer(
      root: folder, index: try SQLiteDocumentIndex(path: folder + "/index.sqlite"),
      cloud: server.connect(account: "alice"), device: name)
    closers.append { await container.close() }
    return container
  }

  // MARK: - The decision, without a cloud

  /// Given a cache that synced through 12, when the cloud kept only through 10, then the
  /// records after 10 are queued again as the device has them (a removal too), to be written
  /// only where the cloud holds at most 10; a change already queued stays as it was; the
  /// token goes back to 10.
  func testAKeyValueCacheQueuesAgainWhatTheCloudMayHaveLost() {
    var cache = KeyValueCache(account: "alice", cloud: "memory:test")
    cache.token = 12
    cache.records = [
      "kept": .init(sequence: 9, value: .string("k")),
      "lost": .init(sequence: 11, value: .string("l")),
      "removed": .init(sequence: 12, value: nil),
      "edited": .init(sequence: 11, value: .string("e1")),
    ]
    cache.pending = ["edited": .init(value: .string("e2")), "new": .init(value: .string("n"))]
    var expected = cache
    expected.records = ["kept": .init(sequence: 9, value: .string("k"))]
    expected.pending["lost"] = .init(value: .string("l"), atMost: 10)
    expected.pending["removed"] = .init(value: nil, atMost: 10)
    expected.token = 10
    cache.rewind(keptThrough: 10)
    XCTAssertEqual(cache, expected)
    XCTAssertEqual(cache.pending["lost"]?.condition, .atMost(10))
    XCTAssertEqual(cache.pending["edited"]?.condition, .always)
  }

  func testACacheFollowsTheLineAndRewindsOnlyWhenItBroke() {
    let one = CloudLine(system: "s", timeline: 1)
    let two = CloudLine(system: "s", timeline: 2)
    var cache = KeyValueCache(account: "alice", cloud: "memory:test")
    XCTAssertEqual(cache.follow(CloudHistory(line: one, lastSequence: 0)), 0, "nothing fetched yet")
    XCTAssertEqual(cache.line, one.description)
    cache.token = 5
    cache.records = ["a": .init(sequence: 5, value: .integer(1))]
    XCTAssertEqual(cache.follow(CloudHistory(line: one, lastSequence: 5)), 0)
    XCTAssertEqual(cache.records.count, 1)
    XCTAssertEqual(cache.follow(CloudHistory(line: two, lastSequence: 4)), 1, "one record queued again")
    XCTAssertEqual(cache.line, two.description)
    XCTAssertEqual(cache.pending["a"], .init(value: .integer(1), atMost: 4))
    XCTAssertEqual(cache.token, 4)
  }

  func testAPendingConditionSurvivesTheCacheFile() throws {
    var cache = KeyValueCache(account: "alice", cloud: "memory:test")
    cache.line = "s:2"
    cache.pending["lost"] = .init(value: .string("l"), atMost: 10)
    XCTAssertEqual(try KeyValueCache(propertyList: cache.propertyList), cache)
  }

  // MARK: - Devices through a failover

  /// Given two devices whose last changes the new primary never received, when each syncs
  /// after the failover, then nothing either had is lost, another device's write since
  /// (under a sequence number one of them had seen for a lost change) is not overwritten,
  /// and all three converge.
  func testKeyValueDevicesPushAgainWhatAFailoverLost() async throws {
    let server = InMemoryCloudServer()
    let a = keyValue("a", on: server)
    let b = keyValue("b", on: server)
    try a.set("kept", forKey: "shared")
    XCTAssertTrue(a.synchronize())
    await a.syncNow()
    let standby = server.standbyCopy()
    // Acknowledged by the old primary, never received by the standby:
    try a.set("from a", forKey: "a.1")
    try a.set("edited", forKey: "shared")
    XCTAssertTrue(a.synchronize())
    await a.syncNow()
    try b.set("from b", forKey: "b.1")
    XCTAssertTrue(b.synchronize())
    await b.syncNow()
    XCTAssertEqual(a.status.pending, 0)
    XCTAssertEqual(b.status.pending, 0)

    server.failOver(to: standby)
    // A third device writes first on the new primary, reusing the lost sequence numbers.
    let c = keyValue("c", on: server)
    try c.set("from c", forKey: "c.1")
    XCTAssertTrue(c.synchronize())
    await c.syncNow()
    XCTAssertTrue(a.synchronize())
    await a.syncNow()
    XCTAssertTrue(b.synchronize())
    await b.syncNow()
    XCTAssertTrue(a.synchronize())
    await a.syncNow()
    XCTAssertTrue(c.synchronize())
    await c.syncNow()

    for store in [a, b, c] {
      XCTAssertEqual(store.string(forKey: "a.1"), "from a")
      XCTAssertEqual(store.string(forKey: "b.1"), "from b")
      XCTAssertEqual(store.string(forKey: "c.1"), "from c")
      XCTAssertEqual(store.string(forKey: "shared"), "edited", "the lost edit came back over the older value")
      XCTAssertEqual(store.status.pending, 0)
    }
  }

  /// Given an account the new primary never received at all, when one device writes on it
  /// first (making the account anew), then the other still pushes again everything it had,
  /// and fetches that device's writes, whose sequence numbers it had seen for others.
  func testAnAccountAFailoverLostWholeIsPushedAgainWhole() async throws {
    let server = InMemoryCloudServer()
    let standby = server.standbyCopy()
    let a = keyValue("a", on: server)
    let b = keyValue("b", on: server)
    try a.set("from a", forKey: "a.1")
    XCTAssertTrue(a.synchronize())
    await a.syncNow()
    try b.set("from b", forKey: "b.1")
    XCTAssertTrue(b.synchronize())
    await b.syncNow()
    await a.syncNow()

    server.failOver(to: standby)
    try b.set("again", forKey: "b.2")
    XCTAssertTrue(b.synchronize())
    await b.syncNow()
    await a.syncNow()
    await b.syncNow()

    for store in [a, b] {
      XCTAssertEqual(store.string(forKey: "a.1"), "from a")
      XCTAssertEqual(store.string(forKey: "b.1"), "from b")
      XCTAssertEqual(store.string(forKey: "b.2"), "again")
    }
  }

  /// The same for documents: a lost new document and a lost edit come back, a document
  /// another device wrote since stays, and nothing turns into a conflict.
  func testDocumentDevicesPushAgainWhatAFailoverLost() async throws {
    let server = InMemoryCloudServer()
    let a = try documents("a", on: server)
    let b = try documents("b", on: server)
    try a.save("shared.bookmark", contents: Data("kept".utf8), for: .forCreating)
    await a.syncNow()
    await b.syncNow()
    let standby = server.standbyCopy()
    try a.save("a.bookmark", contents: Data("from a".utf8), for: .forCreating)
    try a.save("shared.bookmark", contents: Data("edited".utf8), for: .forOverwriting)
    await a.syncNow()
    await b.syncNow()
    XCTAssertEqual(try b.entry("a.bookmark")?.contents, Data("from a".utf8), "b saw a's lost document")

    server.failOver(to: standby)
    let c = try documents("c", on: server)
    try c.save("c.bookmark", contents: Data("from c".utf8), for: .forCreating)
    await c.syncNow()
    await a.syncNow()
    await b.syncNow()
    await c.syncNow()

    for container in [a, b, c] {
      XCTAssertEqual(try container.entry("a.bookmark")?.contents, Data("from a".utf8))
      XCTAssertEqual(try container.entry("c.bookmark")?.contents, Data("from c".utf8))
      let shared = try container.entry("shared.bookmark")
      XCTAssertEqual(shared?.contents, Data("edited".utf8), "the lost edit came back")
      XCTAssertEqual(shared?.conflicts, [], "over the older version, not as a conflict")
      XCTAssertEqual(container.status().pending, 0)
    }
  }

  // MARK: - Another session fetching meanwhile

  /// Given a session on this device that asks the cloud's history, when another session
  /// sharing its folder pushes and fetches before the answer is used, then the token that
  /// session wrote (past the history told) is not taken for a cloud that went back: no
  /// notice, nothing queued again, and every value stays in the list. (Before, the values
  /// after the told point were queued again, refused by the cloud, and gone from the list
  /// until the next fetch: the contract suite once saw a bookmark vanish that way.)
  func testAnotherSessionFetchingMeanwhileIsNotACloudThatWentBack() async throws {
    let server = InMemoryCloudServer()
    let first = keyValue("a", on: server)
    try first.set("one", forKey: "one")
    XCTAssertTrue(first.synchronize())
    await first.syncNow()
    let cloud = HistoryToldEarlyCloud(server.connect(account: "alice")) {
      try first.set("two", forKey: "two")
      XCTAssertTrue(first.synchronize())
      await first.syncNow()
    }
    let second = UbiquitousKeyValueStore(
      directory: root + "/a/key-value", account: "alice", cloudName: "memory:test", cloud: cloud, device: "a")
    closers.append { await second.close() }
    await second.syncNow()
    XCTAssertNil(second.status.problem)
    XCTAssertEqual(second.string(forKey: "one"), "one")
    XCTAssertEqual(second.string(forKey: "two"), "two")
    XCTAssertEqual(try second.file.read().pending, [:], "nothing queued again")
  }

  /// The same for documents: two sessions on one container.
  func testAnotherDocumentSessionFetchingMeanwhileIsNotACloudThatWentBack() async throws {
    let server = InMemoryCloudServer()
    let first = try documents("a", on: server)
    try first.save("one.bookmark", contents: Data("one".utf8), for: .forCreating)
    await first.syncNow()
    let cloud = HistoryToldEarlyCloud(server.connect(account: "alice")) {
      try first.save("two.bookmark", contents: Data("two".utf8), for: .forCreating)
      await first.syncNow()
    }
    let folder = root + "/a/documents"
    let second = DocumentContainer(
      root: folder, index: try SQLiteDocumentIndex(path: folder + "/index.sqlite"), cloud: cloud, device: "a")
    closers.append { await second.close() }
    await second.syncNow()
    XCTAssertNil(second.status().problem)
    XCTAssertEqual(try second.entry("two.bookmark")?.contents, Data("two".utf8))
    XCTAssertEqual(second.status().pending, 0, "nothing pushed again")
  }
}
