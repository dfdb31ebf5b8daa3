import BookmarksDrawing
import ScreenRendering
import XCTest

/// What the text snapshots cannot show: attributes and the cursor.
final class ScreenStyleTests: XCTestCase {
  func testSelectedRowIsReverseVideoOnBothLines() {
    var model = Fixtures.model()
    model.press(.down)
    let buffer = BookmarksScreen.render(model.state)
    // Bookmark 2 occupies rows 3 and 4 (the bar is row 0, two lines a bookmark).
    for row in [3, 4] {
      XCTAssertTrue(buffer[row, 10].style.attributes.contains(.reverse), "row \(row)")
    }
    for row in [1, 2, 5, 6] {
      XCTAssertFalse(buffer[row, 10].style.attributes.contains(.reverse), "row \(row)")
    }
  }

  func testURLLineIsDimAndNameIsNot() {
    let buffer = BookmarksScreen.render(Fixtures.model().state)
    XCTAssertTrue(buffer[2, 2].style.attributes.contains(.dim))
    XCTAssertFalse(buffer[1, 2].style.attributes.contains(.dim))
  }

  func testDialogShowsCursorAfterTypedTextAndWideCharacters() {
    var model = Fixtures.model()
    model.press(.character("a"))
    model.type("東京")
    let buffer = BookmarksScreen.render(model.state)
    let cursor = try! XCTUnwrap(buffer.cursor)
    XCTAssertEqual(buffer[cursor.row, cursor.column - 4].content, .character("東"))
    XCTAssertEqual(buffer[cursor.row, cursor.column - 2].content, .character("京"))
  }

  func testLongFieldScrollsToKeepTheCursorVisible() {
    var model = Fixtures.model()
    model.press(.character("a"))
    model.type("https://example.com/" + String(repeating: "x", count: 100) + "END")
    let buffer = BookmarksScreen.render(model.state)
    let cursor = try! XCTUnwrap(buffer.cursor)
    XCTAssertTrue(buffer.lines[cursor.row].contains("xxEND"), buffer.lines[cursor.row])
    XCTAssertLessThan(cursor.column, 80)
    model.press(.home)
    let home = BookmarksScreen.render(model.state)
    XCTAssertTrue(home.lines[cursor.row].contains("https://example.com/"))
  }

  func testNoCursorOnTheList() {
    XCTAssertNil(BookmarksScreen.render(Fixtures.model().state).cursor)
  }
}
