import Cloud
import Foundation
import XCTest

/// Changes since a token: the latest record per key, in sequence order, paged.
extension CloudContractTests {
  func testChangesFromBeginningReturnLatestRecordPerKeyInSequenceOrder() async {
    await forEachImplementation { store in
      let name = store.name
      let phone = store.device()
      let laptop = store.device()
      try await phone.put("a", "a1")
      try await laptop.put("b", "b1")
      try await phone.put("c", "c1")
      try await laptop.put("a", "a2")
      try await phone.put("other-zone", "x", in: .documents)
      let changes = try await laptop.changes(in: .keyValue, since: .beginning, limit: 100)
      XCTAssertEqual(changes.records.map(\.key), ["b", "c", "a"], "\(name): one record per key, in sequence order")
      XCTAssertEqual(changes.records.map(\.value), [bytes("b1"), bytes("c1"), bytes("a2")], "\(name): newest values")
      let sequences = changes.records.map(\.sequence)
      XCTAssertEqual(sequences, sequences.sorted(), "\(name): sequence order")
      XCTAssertEqual(changes.token.sequence, sequences.last, "\(name): the token is the last record's sequence")
      XCTAssertFalse(changes.hasMore, "\(name): nothing more")
    }
  }

  func testChangesSinceTokenReturnOnlyNewerAndOverwrittenKeysOnce() async {
    await forEachImplementation { store in
      let name = store.name
      let phone = store.device()
      let laptop = store.device()
      for key in ["a", "b", "c"] { try await phone.put(key, "1") }
      let first = try await laptop.changes(in: .keyValue, since: .beginning, limit: 100)
      XCTAssertEqual(first.records.count, 3, "\(name): three keys at first")
      try await phone.put("b", "2")
      try await phone.put("d", "1")
      try await phone.put("b", "3")
      let second = try await laptop.changes(in: .keyValue, since: first.token, limit: 100)
      XCTAssertEqual(second.records.map(\.key), ["d", "b"], "\(name): only keys changed since the token, each once")
      XCTAssertEqual(second.records.last?.value, bytes("3"), "\(name): an overwritten key has its newest value")
      XCTAssertGreaterThan(second.token, first.token, "\(name): the token moves forward")
      let third = try await laptop.changes(in: .keyValue, since: second.token, limit: 100)
      XCTAssertEqual(third.records, [], "\(name): nothing since the latest token")
      XCTAssertEqual(third.token, second.token, "\(name): an empty page keeps the token")
      XCTAssertFalse(third.hasMore, "\(name): an empty page has no more")
    }
  }

  func testEmptyZoneKeepsTheBeginningToken() async {
    await forEachImplementation { store in
      let name = store.name
      let cloud = store.device()
      let fresh = try await cloud.changes(in: .keyValue, since: .beginning, limit: 10)
      XCTAssertEqual(
        fresh, CloudChanges(records: [], token: .beginning, hasMore: false), "\(name): a new cloud is empty")
      try await cloud.put("doc", "x", in: .documents)
      let other = try await cloud.changes(in: .keyValue, since: .beginning, limit: 10)
      XCTAssertEqual(other.records, [], "\(name): another zone's writes don't show")
      XCTAssertEqual(other.token, .beginning, "\(name): the token stays where it was")
    }
  }

  func testPagesWithLimitNeitherSkipNorRepeat() async {
    await forEachImplementation { store in
      let name = store.name
      let writer = store.device()
      let reader = store.device()
      let keys = (0..<23).map { "key-\($0)" }
      _ = try await writer.write(keys.map { CloudWrite(key: $0, value: bytes($0)) }, in: .keyValue, origin: "w")
      var seen: [String] = []
      var token = CloudToken.beginning
      var pages = 0
      while true {
        let page = try await reader.changes(in: .keyValue, since: token, limit: 5)
        pages += 1
        XCTAssertLessThanOrEqual(page.records.count, 5, "\(name): a page holds at most `limit` records")
        seen += page.records.map(\.key)
        token = page.token
        if !page.hasMore { break }
        XCTAssertEqual(page.records.count, 5, "\(name): a page followed by more is full")
        // A write between pages shows up in a later page.
        if pages == 2 { try await writer.put("key-0", "rewritten") }
        if pages > 20 { return XCTFail("\(name): paging does not end") }
      }
      XCTAssertEqual(seen, keys + ["key-0"], "\(name): every key once, then the rewritten one")
      let rest = try await reader.changes(in: .keyValue, since: token, limit: 5)
      XCTAssertEqual(rest.records, [], "\(name): nothing after the last page")
    }
  }

  func testLimitLargerThanTheChangesReturnsThemAll() async {
    await forEachImplementation { store in
      let name = store.name
      let cloud = store.device()
      for key in ["a", "b", "c"] { try await cloud.put(key, key) }
      for limit in [3, 4, 1_000_000, Int.max] {
        let page = try await cloud.changes(in: .keyValue, since: .beginning, limit: limit)
        XCTAssertEqual(page.records.map(\.key), ["a", "b", "c"], "\(name): limit \(limit) returns all three")
        XCTAssertFalse(page.hasMore, "\(name): limit \(limit) leaves nothing more")
      }
      let two = try await cloud.changes(in: .keyValue, since: .beginning, limit: 2)
      XCTAssertTrue(two.hasMore, "\(name): limit 2 of 3 has more")
    }
  }

  func testAllChangesGathersEveryPage() async {
    await forEachImplementation { store in
      let name = store.name
      let cloud = store.device()
      let keys = (0..<57).map { "k\($0)" }
      _ = try await cloud.write(keys.map { CloudWrite(key: $0, value: bytes($0)) }, in: .documents, origin: "o")
      let all = try await cloud.allChanges(in: .documents, since: .beginning, pageSize: 10)
      XCTAssertEqual(all.records.map(\.key), keys, "\(name): every record once, in order")
      XCTAssertFalse(all.hasMore, "\(name): allChanges ends with no more")
      let tail = try await cloud.allChanges(in: .documents, since: CloudToken(sequence: all.records[49].sequence))
      XCTAssertEqual(tail.records.map(\.key), Array(keys[50...]), "\(name): from a token in the middle")
      XCTAssertEqual(tail.token, all.token, "\(name): both end at the same token")
    }
  }

  func testDeleteComesBackAsDeletedRecord() async {
    await forEachImplementation { store in
      let name = store.name
      let phone = store.device()
      let laptop = store.device()
      let created = try await phone.put("gone", "here", origin: "phone")
      let before = try await laptop.changes(in: .keyValue, since: .beginning, limit: 10)
      let deleted = try await phone.put("gone", nil, origin: "phone")
      XCTAssertTrue(deleted.isDeleted, "\(name): the delete's outcome is a deleted record")
      XCTAssertGreaterThan(deleted.sequence, created.sequence, "\(name): a delete gets a new sequence")
      let record = try await laptop.record(for: "gone", in: .keyValue)
      XCTAssertEqual(record?.isDeleted, true, "\(name): record(for:) returns the deleted record")
      XCTAssertEqual(record?.sequence, deleted.sequence, "\(name): with the delete's sequence")
      XCTAssertEqual(record?.origin, "phone", "\(name): and the deleter's origin")
      let after = try await laptop.changes(in: .keyValue, since: before.token, limit: 10)
      XCTAssertEqual(after.records, [deleted], "\(name): the delete comes back as a change")
      let all = try await laptop.changes(in: .keyValue, since: .beginning, limit: 10)
      XCTAssertEqual(all.records, [deleted], "\(name): from the beginning, only the delete")
      let again = try await laptop.put("gone", "back")
      XCTAssertEqual(again.value, bytes("back"), "\(name): a deleted key can be written again")
    }
  }
}
