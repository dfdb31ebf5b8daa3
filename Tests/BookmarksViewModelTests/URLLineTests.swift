import BookmarkModel
import Foundation
import XCTest

@testable import BookmarksDrawing

final class URLLineTests: XCTestCase {
  private func bookmark(folder: [String], url: String = "https://swift.org/documentation") -> Bookmark {
    Bookmark(
      id: "a", name: "Swift", url: url, created: Date(timeIntervalSince1970: 0),
      modified: Date(timeIntervalSince1970: 0), folder: folder)
  }

  func testTopLevelShowsTheURLOnly() {
    XCTAssertEqual(BookmarksScreen.urlLine(bookmark(folder: []), width: 60), "https://swift.org/documentation")
  }

  func testFolderPathComesFirst() {
    XCTAssertEqual(
      BookmarksScreen.urlLine(bookmark(folder: ["Toolbar", "Dev"]), width: 60),
      "Toolbar › Dev › https://swift.org/documentation")
  }

  func testLongPathsTakeAtMostHalfTheWidthAndAreSanitized() {
    let folder = [String(repeating: "Folder ", count: 20), "\u{1B}[31m"]
    let line = BookmarksScreen.urlLine(bookmark(folder: folder), width: 40)
    XCTAssertEqual(line, "Folder Folder Folde… › https://swift.or…", "the path gets 20 of the 40 cells")
    XCTAssertEqual(
      BookmarksScreen.urlLine(bookmark(folder: ["\u{1B}[31m"]), width: 40), "␛[31m › https://swift.org/documentation")
  }
}
