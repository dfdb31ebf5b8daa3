import Cloud
import Foundation
import XCTest

/// Conditional writes: `.absent` and `.sequence(n)`, alone and in batches.
extension CloudContractTests {
  func testAbsentSucceedsOnNewAndDeletedKeysAndConflictsOnExisting() async {
    await forEachImplementation { store in
      let name = store.name
      let phone = store.device()
      let laptop = store.device()
      let new = try await phone.write(
        [CloudWrite(key: "k", value: bytes("1"), condition: .absent)], in: .keyValue, origin: "p")
      XCTAssertEqual(new.first?.written?.value, bytes("1"), "\(name): .absent writes a new key")
      let existing = try await laptop.write(
        [CloudWrite(key: "k", value: bytes("2"), condition: .absent)], in: .keyValue, origin: "l")
      XCTAssertEqual(
        existing.first?.conflictingRecord, new.first?.written, "\(name): .absent conflicts with the record")
      let deleted = try await phone.put("k", nil)
      let afterDelete = try await laptop.write(
        [CloudWrite(key: "k", value: bytes("3"), condition: .absent)], in: .keyValue, origin: "l")
      XCTAssertEqual(afterDelete.first?.written?.value, bytes("3"), "\(name): .absent writes over a deleted key")
      XCTAssertGreaterThan(afterDelete.first?.written?.sequence ?? 0, deleted.sequence, "\(name): with a new sequence")
      let current = try await phone.record(for: "k", in: .keyValue)
      XCTAssertEqual(current?.value, bytes("3"), "\(name): the conflicting write stored nothing; the last one did")
    }
  }

  func testSequenceConditionSucceedsWhenCurrentAndConflictsWhenStale() async {
    await forEachImplementation { store in
      let name = store.name
      let phone = store.device()
      let laptop = store.device()
      let first = try await phone.put("k", "1")
      let update = try await laptop.write(
        [CloudWrite(key: "k", value: bytes("2"), condition: .sequence(first.sequence))], in: .keyValue, origin: "l")
      let second = update.first?.written
      XCTAssertEqual(second?.value, bytes("2"), "\(name): .sequence(current) writes")
      let stale = try await phone.write(
        [CloudWrite(key: "k", value: bytes("3"), condition: .sequence(first.sequence))], in: .keyValue, origin: "p")
      XCTAssertTrue(stale.first?.isConflict == true, "\(name): .sequence(stale) conflicts")
      XCTAssertEqual(stale.first?.conflictingRecord, second, "\(name): the conflict carries the current record")
      let never = try await phone.write(
        [CloudWrite(key: "new", value: bytes("x"), condition: .sequence(first.sequence))], in: .keyValue, origin: "p")
      XCTAssertEqual(never.first, .conflict(current: nil), "\(name): .sequence on a missing key conflicts with nil")
      let current = try await laptop.record(for: "k", in: .keyValue)
      XCTAssertEqual(current, second, "\(name): a conflict writes nothing")
      let deleted = try await phone.write(
        [CloudWrite(key: "k", value: nil, condition: .sequence(second?.sequence ?? -1))], in: .keyValue, origin: "p")
      XCTAssertEqual(deleted.first?.written?.isDeleted, true, "\(name): a conditional delete")
      let changes = try await laptop.allChanges(in: .keyValue, since: CloudToken(sequence: second?.sequence ?? 0))
      XCTAssertEqual(changes.records.map(\.key), ["k"], "\(name): conflicts leave no change behind")
    }
  }

  func testConflictsInABatchDoNotStopTheOtherWrites() async {
    await forEachImplementation { store in
      let name = store.name
      let cloud = store.device()
      let taken = try await cloud.put("taken", "old")
      let outcomes = try await cloud.write(
        [
          CloudWrite(key: "free", value: bytes("1"), condition: .absent),
          CloudWrite(key: "taken", value: bytes("2"), condition: .absent),
          CloudWrite(key: "always", value: bytes("3")),
          CloudWrite(key: "taken", value: bytes("4"), condition: .sequence(taken.sequence - 1)),
          CloudWrite(key: "taken", value: bytes("5"), condition: .sequence(taken.sequence)),
          CloudWrite(key: "free", value: bytes("6"), condition: .absent),
        ], in: .keyValue, origin: "batch")
      XCTAssertEqual(outcomes.count, 6, "\(name): one outcome per write")
      XCTAssertEqual(
        outcomes.map(\.isConflict), [false, true, false, true, false, true], "\(name): conflicts where due: \(outcomes)"
      )
      XCTAssertEqual(outcomes[1].conflictingRecord, taken, "\(name): the conflict carries the record then current")
      XCTAssertEqual(outcomes[5].conflictingRecord, outcomes[0].written, "\(name): later writes see earlier ones")
      let values = try await cloud.allChanges(in: .keyValue, since: .beginning).records.map { $0.value }
      XCTAssertEqual(values, [bytes("1"), bytes("3"), bytes("5")], "\(name): the stored writes, in order")
    }
  }
}

/// `.atMost(n)`: what a device pushes again after the cloud went back in time (issue 42.2).
extension CloudContractTests {
  func testAtMostWritesOverOlderOrMissingRecordsAndConflictsWithNewerOnes() async {
    await forEachImplementation { store in
      let name = store.name
      let phone = store.device()
      let kept = try await phone.put("old", "1")
      let newer = try await phone.put("new", "2")
      let outcomes = try await phone.write(
        [
          CloudWrite(key: "old", value: bytes("a"), condition: .atMost(kept.sequence)),
          CloudWrite(key: "new", value: bytes("b"), condition: .atMost(kept.sequence)),
          CloudWrite(key: "gone", value: bytes("c"), condition: .atMost(kept.sequence)),
        ], in: .keyValue, origin: "p")
      XCTAssertEqual(outcomes[0].written?.value, bytes("a"), "\(name): a record at most n is replaced")
      XCTAssertEqual(outcomes[1], .conflict(current: newer), "\(name): one written after n stays")
      XCTAssertEqual(outcomes[2].written?.value, bytes("c"), "\(name): a missing key is written")
    }
  }
}
