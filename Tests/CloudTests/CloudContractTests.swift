import Cloud
import Foundation
import XCTest

/// The cloud contract, run against every implementation in ``CloudImplementations``.
///
/// Each test method loops over the implementations itself (XCTest on Linux does not
/// reliably discover inherited test methods), gives each a fresh store, and puts the
/// implementation's name in every assertion message. The tests live in extensions in the
/// `CloudContractTests+….swift` files, grouped by topic.
final class CloudContractTests: XCTestCase {
  /// Runs `body` once per implementation with a fresh store; an error thrown by the body
  /// fails the test with the implementation's name.
  func forEachImplementation(
    file: StaticString = #filePath, line: UInt = #line, _ body: (CloudTestStore) async throws -> Void
  ) async {
    for implementation in CloudImplementations.all() {
      let store: CloudTestStore
      do {
        store = try implementation.makeStore()
      } catch {
        XCTFail("\(implementation.name): can't make a store: \(error)", file: file, line: line)
        continue
      }
      do {
        try await body(store)
      } catch {
        XCTFail("\(implementation.name): unexpected error: \(error)", file: file, line: line)
      }
      await store.cleanup()
    }
  }
}

/// The bytes of a string, for short record values.
func bytes(_ text: String) -> Data {
  Data(text.utf8)
}

extension CloudWriteOutcome {
  /// The stored record, if the write was stored.
  var written: CloudRecord? {
    if case .written(let record) = self { return record }
    return nil
  }

  /// Whether the write was refused for its condition.
  var isConflict: Bool {
    if case .conflict = self { return true }
    return false
  }

  /// The current record a conflict carries (`nil` for a stored write, or a conflict on a
  /// key that has no record).
  var conflictingRecord: CloudRecord? {
    if case .conflict(let current) = self { return current }
    return nil
  }
}

extension CloudService {
  /// Writes one unconditional value and returns the stored record.
  @discardableResult
  func put(_ key: String, _ value: String?, in zone: CloudZone = .keyValue, origin: String = "test") async throws
    -> CloudRecord
  {
    let outcomes = try await write([CloudWrite(key: key, value: value.map(bytes))], in: zone, origin: origin)
    guard outcomes.count == 1, let record = outcomes[0].written else {
      throw CloudError.refused(reason: "test write of \(key) was not stored: \(outcomes)")
    }
    return record
  }
}
