import BookmarkModel
import XCTest

final class FolderPathSetTests: XCTestCase {
  func testAPathBringsItsParentsAndCountsOnlyWhatIsNew() {
    var set = FolderPathSet([["A", "B"]])
    XCTAssertTrue(set.contains(["A"]))
    XCTAssertTrue(set.contains(["A", "B"]))
    XCTAssertEqual(set.insert(["A", "B", "C"]), 1)
    XCTAssertEqual(set.insert(["A", "D"]), 1)
    XCTAssertEqual(set.insert(["E", "F"]), 2)
    XCTAssertEqual(set.insert([]), 0, "the top level is no folder")
    XCTAssertEqual(set.insert(["A"]), 0)
  }
}
