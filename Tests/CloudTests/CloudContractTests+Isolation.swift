import Cloud
import Foundation
import XCTest

/// Isolation between accounts and zones, durability across instances, refused batches.
extension CloudContractTests {
  func testAccountsSeeNothingOfEachOther() async {
    await forEachImplementation { store in
      let name = store.name
      let alice = store.device(account: "alice")
      let bob = store.device(account: "bob")
      let aliceRecord = try await alice.put("shared-key", "alice's")
      try await alice.put("only-alice", "x", in: .documents)
      let bobChanges = try await bob.allChanges(in: .keyValue, since: .beginning)
      XCTAssertEqual(bobChanges.records, [], "\(name): bob sees none of alice's changes")
      let bobDocuments = try await bob.allChanges(in: .documents, since: .beginning)
      XCTAssertEqual(bobDocuments.records, [], "\(name): in no zone")
      let bobRecord = try await bob.record(for: "shared-key", in: .keyValue)
      XCTAssertNil(bobRecord, "\(name): bob can't read alice's record")
      let bobWrite = try await bob.write(
        [CloudWrite(key: "shared-key", value: bytes("bob's"), condition: .absent)], in: .keyValue, origin: "b")
      XCTAssertEqual(bobWrite.first?.written?.value, bytes("bob's"), "\(name): the key is absent for bob")
      let aliceAgain = try await alice.record(for: "shared-key", in: .keyValue)
      XCTAssertEqual(aliceAgain, aliceRecord, "\(name): bob's write left alice's record alone")
      let next = try await alice.put("after", "x")
      let aliceChanges = try await alice.allChanges(in: .keyValue, since: .beginning)
      XCTAssertEqual(aliceChanges.records, [aliceRecord, next], "\(name): alice sees none of bob's changes")
    }
  }

  func testZonesAreIsolated() async {
    await forEachImplementation { store in
      let name = store.name
      let cloud = store.device()
      let value = try await cloud.put("same", "key-value", in: .keyValue)
      let document = try await cloud.put("same", "documents", in: .documents)
      let custom = CloudZone(rawValue: "custom")
      let inKeyValue = try await cloud.record(for: "same", in: .keyValue)
      let inDocuments = try await cloud.record(for: "same", in: .documents)
      let inCustom = try await cloud.record(for: "same", in: custom)
      XCTAssertEqual(inKeyValue, value, "\(name): one key, one record per zone")
      XCTAssertEqual(inDocuments, document, "\(name): one key, one record per zone")
      XCTAssertNil(inCustom, "\(name): a third zone is empty")
      let conditional = try await cloud.write(
        [CloudWrite(key: "same", value: bytes("x"), condition: .absent)], in: custom, origin: "o")
      XCTAssertNotNil(conditional.first?.written, "\(name): .absent looks in its own zone only")
      let changes = try await cloud.allChanges(in: .documents, since: .beginning)
      XCTAssertEqual(changes.records, [document], "\(name): a zone's changes are its own")
    }
  }

  func testDataAndSequenceSurviveClosingAndReopening() async {
    await forEachImplementation { store in
      let name = store.name
      let first = store.device()
      try await first.put("a", "1")
      let last = try await first.put("b", "2", in: .documents)
      await first.close()
      do {
        _ = try await first.record(for: "a", in: .keyValue)
        XCTFail("\(name): a closed cloud refuses calls")
      } catch let error as CloudError {
        XCTAssertEqual(error, .closed, "\(name): with CloudError.closed")
      }
      let reopened = store.device()
      let a = try await reopened.record(for: "a", in: .keyValue)
      XCTAssertEqual(a?.value, bytes("1"), "\(name): the record is still there")
      let documents = try await reopened.allChanges(in: .documents, since: .beginning)
      XCTAssertEqual(documents.records, [last], "\(name): and the changes")
      let next = try await reopened.put("c", "3")
      XCTAssertGreaterThan(next.sequence, last.sequence, "\(name): the sequence continues")
    }
  }

  func testARefusedBatchWritesNothing() async {
    await forEachImplementation { store in
      let name = store.name
      let cloud = store.device()
      let before = try await cloud.put("existing", "old")
      let longest = String(repeating: "é", count: CloudError.maximumKeyBytes / 2)
      let tooLong = String(repeating: "é", count: CloudError.maximumKeyBytes / 2) + "x"
      for badKey in ["", tooLong] {
        do {
          _ = try await cloud.write(
            [
              CloudWrite(key: "fine", value: bytes("1")), CloudWrite(key: "existing", value: bytes("new")),
              CloudWrite(key: badKey, value: bytes("2")),
            ], in: .keyValue, origin: "o")
          XCTFail("\(name): a key of \(badKey.utf8.count) bytes is refused")
        } catch let error as CloudError {
          guard case .refused = error else { return XCTFail("\(name): refused, not \(error)") }
        }
      }
      let changes = try await cloud.allChanges(in: .keyValue, since: .beginning)
      XCTAssertEqual(changes.records, [before], "\(name): nothing of a refused batch was written")
      let accepted = try await cloud.put(longest, "ok")
      XCTAssertGreaterThan(accepted.sequence, before.sequence, "\(name): a key of exactly the maximum is stored")
    }
  }

  func testCloseEndsSignalsAndLaterCallsFail() async {
    await forEachImplementation { store in
      let name = store.name
      let cloud = store.device()
      try await cloud.put("a", "1")
      let recorder = SignalRecorder(cloud.signals())
      await cloud.close()
      let ended = await recorder.waitUntilFinished()
      XCTAssertTrue(ended, "\(name): close() ends the signal stream")
      let late = SignalRecorder(cloud.signals())
      let lateEnded = await late.waitUntilFinished()
      XCTAssertTrue(lateEnded, "\(name): signals() after close() ends at once")
      for call in ["write", "changes"] {
        do {
          if call == "write" {
            try await cloud.put("b", "2")
          } else {
            _ = try await cloud.changes(in: .keyValue, since: .beginning, limit: 1)
          }
          XCTFail("\(name): \(call) after close() fails")
        } catch let error as CloudError {
          XCTAssertEqual(error, .closed, "\(name): \(call) after close() fails with .closed")
        }
      }
    }
  }
}
