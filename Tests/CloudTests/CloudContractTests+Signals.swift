import Cloud
import Foundation
import XCTest

/// Signals: every change committed to the account reaches every subscribed device.
extension CloudContractTests {
  func testWriteByAnotherDeviceSignals() async {
    await forEachImplementation { store in
      let name = store.name
      let phone = store.device()
      let laptop = store.device()
      // Subscribed before the store holds anything at all.
      let recorder = SignalRecorder(phone.signals())
      for round in 0..<3 {
        let seen = recorder.count
        let record = try await laptop.put("k\(round)", "v\(round)", origin: "laptop")
        let signalled = await recorder.wait(forMoreThan: seen)
        XCTAssertTrue(signalled, "\(name): round \(round): the laptop's write signals the phone within 5 s")
        let current = try await phone.record(for: "k\(round)", in: .keyValue)
        XCTAssertEqual(current, record, "\(name): round \(round): and the phone then reads it")
      }
    }
  }

  func testWriteByAnotherProcessSignals() async {
    await forEachImplementation { store in
      let name = store.name
      guard let writer = store.externalWriter else { return print("\(name): no external writer; skipped") }
      let phone = store.device()
      let first = try await phone.put("before", "x")
      let recorder = SignalRecorder(phone.signals())
      let seen = recorder.count
      let sequence = try await writer.write(
        account: "alice", zone: .keyValue, key: "from-outside", value: bytes("hello"), origin: "process")
      let signalled = await recorder.wait(forMoreThan: seen)
      XCTAssertTrue(signalled, "\(name): another process's write signals within 5 s")
      XCTAssertGreaterThan(sequence, first.sequence, "\(name): the other process continued the sequence")
      let changes = try await phone.changes(in: .keyValue, since: first.token, limit: 10)
      XCTAssertEqual(
        changes.records,
        [CloudRecord(key: "from-outside", value: bytes("hello"), sequence: sequence, origin: "process")],
        "\(name): and its record is the change since the token")
      let next = try await phone.put("after", "y")
      XCTAssertGreaterThan(next.sequence, sequence, "\(name): this device continues after it")
    }
  }

  func testOwnAccountWriteSignalsAfterAnotherAccountsWrites() async {
    await forEachImplementation { store in
      let name = store.name
      let phone = store.device(account: "alice")
      let laptop = store.device(account: "alice")
      let stranger = store.device(account: "bob")
      let recorder = SignalRecorder(phone.signals())
      for round in 0..<3 {
        // Another account's writes may signal or not; they must not swallow the next one.
        try await stranger.put("b\(round)", "x")
        try await stranger.put("c\(round)", "x", in: .documents)
        let seen = recorder.count
        try await laptop.put("a\(round)", "x", in: round == 1 ? .documents : .keyValue)
        let signalled = await recorder.wait(forMoreThan: seen)
        XCTAssertTrue(signalled, "\(name): round \(round): alice's write signals alice's other device")
      }
    }
  }

  func testEverySubscriberIsSignalled() async {
    await forEachImplementation { store in
      let name = store.name
      let phone = store.device()
      let laptop = store.device()
      let first = SignalRecorder(phone.signals())
      let second = SignalRecorder(phone.signals())
      let (seenFirst, seenSecond) = (first.count, second.count)
      try await laptop.put("k", "v")
      let firstSignalled = await first.wait(forMoreThan: seenFirst)
      let secondSignalled = await second.wait(forMoreThan: seenSecond)
      XCTAssertTrue(firstSignalled, "\(name): the first subscriber is signalled")
      XCTAssertTrue(secondSignalled, "\(name): the second subscriber is signalled")
      second.cancel()
      let seen = first.count
      try await laptop.put("k2", "v")
      let stillSignalled = await first.wait(forMoreThan: seen)
      XCTAssertTrue(stillSignalled, "\(name): one subscriber leaving does not stop the others")
    }
  }
}

extension CloudRecord {
  /// A token just after this record.
  var token: CloudToken { CloudToken(sequence: sequence) }
}
