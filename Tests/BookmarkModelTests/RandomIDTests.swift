import RandomIDs
import Synchronization
import XCTest

/// The ids of bookmarks, folders and document versions: version-4 UUIDs from the system's
/// generator, drawn a block of bytes at a time.
final class RandomIDTests: XCTestCase {
  func testEachIDIsAVersion4UUIDAndNoneRepeats() {
    var seen = Set<String>()
    // More than one block of bytes (256 ids a block), from two threads at once.
    let ids = Mutex<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 2) { _ in
      let made = (0..<3_000).map { _ in RandomID.uuid() }
      ids.withLock { $0 += made }
    }
    for id in ids.withLock({ $0 }) {
      XCTAssertTrue(seen.insert(id).inserted, "repeated: \(id)")
      let uuid = UUID(uuidString: id)
      XCTAssertEqual(uuid?.uuidString.lowercased(), id, "a lower-case UUID")
      let bytes = Array(id.utf8)
      XCTAssertEqual(bytes.count, 36)
      XCTAssertEqual(bytes[14], UInt8(ascii: "4"), "version 4: \(id)")
      XCTAssertTrue("89ab".utf8.contains(bytes[19]), "the RFC 4122 variant: \(id)")
    }
    let upper = RandomID.uuid(uppercase: true)
    XCTAssertEqual(UUID(uuidString: upper)?.uuidString, upper)
  }
}
