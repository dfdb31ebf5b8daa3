import Cloud
import Foundation
import TestSupport
import XCTest

/// No change is ever missed: a device that fetches on every signal sees every key's final
/// value while several devices write at once.
extension CloudContractTests {
  func testNoChangeIsEverMissedWhileDevicesWriteConcurrently() async {
    await forEachImplementation { store in
      let name = store.name
      let writers = (0..<4).map { _ in store.device() }
      let reader = ChangeReader(cloud: store.device())
      var expected: [String: Data] = [:]
      for device in writers.indices {
        for index in 0..<50 { expected["d\(device)-\(index)"] = bytes(index % 5 == 0 ? "second" : "first") }
      }
      let target = expected
      let readerTask = Task { try await reader.run(until: target) }
      try await withThrowingTaskGroup(of: Void.self) { group in
        for (device, writer) in writers.enumerated() {
          // Every fifth key is rewritten a little later by the next device, in this task so
          // that the rewrite comes after the first write.
          let rewriter = writers[(device + 1) % writers.count]
          group.addTask {
            for index in 0..<50 {
              try await writer.put("d\(device)-\(index)", "first", origin: "d\(device)")
              if index >= 5, index % 5 == 0 {
                try await rewriter.put("d\(device)-\(index - 5)", "second", origin: "rewriter")
              }
            }
            try await rewriter.put("d\(device)-45", "second", origin: "rewriter")
          }
        }
        try await group.waitForAll()
      }
      let bySignals = await withTimeout(.seconds(15)) { (try? await readerTask.value) != nil } ?? false
      readerTask.cancel()
      _ = try? await readerTask.value
      let signalled = await reader.summary()
      XCTAssertTrue(
        bySignals,
        "\(name): fetching on signals alone saw every final value within 15 s "
          + "(\(signalled.matching(expected)) of \(expected.count) keys right)")
      let final = try await reader.fetch()
      XCTAssertEqual(final.latest, expected, "\(name): after a final fetch the reader has every key's final value")
      XCTAssertEqual(final.duplicates, [], "\(name): no sequence was seen twice")
      XCTAssertEqual(final.outOfOrder, [], "\(name): sequences seen strictly increase")
    }
  }
}
