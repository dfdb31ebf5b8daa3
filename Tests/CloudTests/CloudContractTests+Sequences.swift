import Cloud
import Foundation
import XCTest

/// Sequences: every stored write gets one, increasing per account across zones and devices.
extension CloudContractTests {
  func testEveryWriteGetsAStrictlyIncreasingSequenceAcrossZonesAndDevices() async {
    await forEachImplementation { store in
      let name = store.name
      let phone = store.device()
      let laptop = store.device()
      var sequences: [Int64] = []
      for round in 0..<3 {
        sequences.append(try await phone.put("k\(round)", "phone", in: .keyValue).sequence)
        sequences.append(try await laptop.put("d\(round)", "laptop", in: .documents).sequence)
        sequences.append(try await laptop.put("k\(round)", "laptop", in: .keyValue).sequence)
        sequences.append(try await phone.put("d\(round)", nil, in: .documents).sequence)
      }
      XCTAssertTrue(sequences.allSatisfy { $0 > 0 }, "\(name): sequences are positive: \(sequences)")
      XCTAssertEqual(sequences, sequences.sorted(), "\(name): sequences increase in write order: \(sequences)")
      XCTAssertEqual(Set(sequences).count, sequences.count, "\(name): no sequence is handed out twice: \(sequences)")
    }
  }

  func testBatchOutcomesComeBackInOrderWithIncreasingSequences() async {
    await forEachImplementation { store in
      let name = store.name
      let cloud = store.device()
      let keys = (0..<20).map { "key-\(19 - $0)" }
      let writes = keys.map { CloudWrite(key: $0, value: bytes("value of \($0)")) }
      let outcomes = try await cloud.write(writes, in: .keyValue, origin: "batcher")
      XCTAssertEqual(outcomes.count, writes.count, "\(name): one outcome per write")
      let records = outcomes.compactMap(\.written)
      XCTAssertEqual(records.map(\.key), keys, "\(name): outcomes in the order of the writes")
      XCTAssertEqual(records.map(\.value), writes.map(\.value), "\(name): outcomes carry the written values")
      XCTAssertTrue(records.allSatisfy { $0.origin == "batcher" }, "\(name): outcomes carry the origin")
      let sequences = records.map(\.sequence)
      XCTAssertTrue(
        zip(sequences, sequences.dropFirst()).allSatisfy { $0 < $1 }, "\(name): strictly increasing: \(sequences)")
      let next = try await cloud.put("after", "x")
      XCTAssertGreaterThan(next.sequence, sequences.last ?? .max, "\(name): the next write continues the sequence")
    }
  }

  func testConcurrentDevicesNeverShareASequence() async {
    await forEachImplementation { store in
      let name = store.name
      let devices = (0..<4).map { _ in store.device() }
      let sequences = try await withThrowingTaskGroup(of: [Int64].self) { group in
        for (index, device) in devices.enumerated() {
          group.addTask {
            var mine: [Int64] = []
            for round in 0..<15 {
              mine.append(
                try await device.put("d\(index)-\(round)", "v", in: round % 2 == 0 ? .keyValue : .documents).sequence)
            }
            return mine
          }
        }
        var all: [[Int64]] = []
        for try await mine in group { all.append(mine) }
        return all
      }
      for mine in sequences {
        XCTAssertEqual(mine, mine.sorted(), "\(name): each device's sequences increase: \(mine)")
      }
      let all = sequences.flatMap { $0 }
      XCTAssertEqual(Set(all).count, 60, "\(name): 60 writes, 60 distinct sequences")
    }
  }

  func testRecordKeepsValueOriginAndSequence() async {
    await forEachImplementation { store in
      let name = store.name
      let cloud = store.device()
      let missing = try await cloud.record(for: "never", in: .keyValue)
      XCTAssertNil(missing, "\(name): a key never written has no record")
      let large = Data((0..<1_048_576).map { UInt8(truncatingIfNeeded: $0 &* 7) })
      let written = try await cloud.write(
        [
          CloudWrite(key: "empty", value: Data()),
          CloudWrite(key: "large", value: large),
          CloudWrite(key: "ünïcødé 🔑", value: Data([0, 255, 0])),
        ], in: .keyValue, origin: "device-1")
      let empty = try await cloud.record(for: "empty", in: .keyValue)
      XCTAssertEqual(empty?.value, Data(), "\(name): an empty value is stored as empty, not as a delete")
      XCTAssertEqual(empty?.isDeleted, false, "\(name): an empty value is not a delete")
      let stored = try await cloud.record(for: "large", in: .keyValue)
      XCTAssertEqual(stored?.value, large, "\(name): a 1 MB value round-trips")
      XCTAssertEqual(stored?.origin, "device-1", "\(name): the origin is kept")
      XCTAssertEqual(stored?.sequence, written[1].written?.sequence, "\(name): the sequence is the write's")
      let unicode = try await cloud.record(for: "ünïcødé 🔑", in: .keyValue)
      XCTAssertEqual(unicode?.value, Data([0, 255, 0]), "\(name): a Unicode key and binary value round-trip")
      let changes = try await cloud.allChanges(in: .keyValue, since: .beginning)
      XCTAssertEqual(changes.records.first?.value, Data(), "\(name): changes keep an empty value empty")
    }
  }
}
