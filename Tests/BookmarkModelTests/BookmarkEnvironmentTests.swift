import BookmarkModel
import XCTest

/// The ids a store makes are random version-4 UUIDs in lower case, as they always were (made
/// from the system generator now, not Foundation's `UUID()`).
final class BookmarkEnvironmentTests: XCTestCase {
  func testNewIDsAreLowerCaseVersionFourUUIDsAndDistinct() {
    let ids = (0..<10_000).map { _ in BookmarkEnvironment.live.newID() }
    XCTAssertEqual(Set(ids).count, ids.count)
    let hex = Set("0123456789abcdef")
    for id in ids.prefix(1_000) {
      let characters = Array(id)
      XCTAssertEqual(characters.count, 36, id)
      XCTAssertEqual([8, 13, 18, 23].map { characters[$0] }, ["-", "-", "-", "-"], id)
      XCTAssertTrue(
        characters.enumerated().allSatisfy { [8, 13, 18, 23].contains($0.offset) || hex.contains($0.element) }, id)
      XCTAssertEqual(characters[14], "4", "version 4: \(id)")
      XCTAssertTrue("89ab".contains(characters[19]), "RFC 4122 variant: \(id)")
      XCTAssertNotNil(UUID(uuidString: id), id)
    }
  }
}
