import BookmarkModel
import BookmarksState
import XCTest

/// Clicks select rows (a second click acts as Enter), the wheel moves the selection, and the mouse
/// does nothing over a dialog.
final class MouseTests: XCTestCase {
  func testAClickSelectsTheRowUnderItAndASecondClickActsAsEnter() {
    var model = Fixtures.model(Fixtures.many(30))
    XCTAssertEqual(
      model.send(.mouse(MouseEvent(.click, row: 2, column: 10))), [.openURL("https://example.com/1")],
      "a click on the selected row opens it, as Enter does")
    model.press(.character("e"))  // in Edit mode, a second click edits
    // Rows 1–2 are the first bookmark, 3–4 the second …
    XCTAssertEqual(model.send(.mouse(MouseEvent(.click, row: 6, column: 10))), [])
    XCTAssertEqual(model.state.selection, 2)
    _ = model.send(.mouse(MouseEvent(.click, row: 3, column: 70)))
    XCTAssertEqual(model.state.selection, 1)
    XCTAssertNil(model.state.modal)
    _ = model.send(.mouse(MouseEvent(.click, row: 4, column: 2)))
    XCTAssertEqual(model.state.dialog?.purpose, .edit("id-2"))
    // Over the dialog the mouse does nothing.
    _ = model.send(.mouse(MouseEvent(.click, row: 8, column: 2)))
    XCTAssertEqual(model.state.dialog?.purpose, .edit("id-2"))
  }

  func testClicksBelowTheListOrOnTheBottomLineDoNothing() {
    var model = Fixtures.model(Fixtures.three)
    _ = model.send(.mouse(MouseEvent(.click, row: 12, column: 10)))
    _ = model.send(.mouse(MouseEvent(.click, row: 23, column: 10)))
    XCTAssertEqual(model.state.selection, 0)
    XCTAssertNil(model.state.modal)
  }

  func testClicksOnTheTopBarButtonsActLikeTheirKeys() {
    var model = Fixtures.model(Fixtures.three)
    _ = model.send(.mouse(MouseEvent(.click, row: 0, column: 2)))
    XCTAssertTrue(model.state.isEditing)
    _ = model.send(.mouse(MouseEvent(.click, row: 0, column: 2)))
    XCTAssertFalse(model.state.isEditing)
    _ = model.send(.mouse(MouseEvent(.click, row: 0, column: 78)))
    XCTAssertEqual(model.state.dialog?.purpose, .add)
  }

  func testTheWheelMovesTheSelectionAndScrolls() {
    var model = Fixtures.model(Fixtures.many(30))
    for _ in 0..<5 { _ = model.send(.mouse(MouseEvent(.wheelDown, row: 5, column: 5))) }
    XCTAssertEqual(model.state.selection, 15)
    XCTAssertEqual(model.state.scrollTop, 5)
    _ = model.send(.mouse(MouseEvent(.wheelUp, row: 5, column: 5)))
    XCTAssertEqual(model.state.selection, 12)
    for _ in 0..<20 { _ = model.send(.mouse(MouseEvent(.wheelDown, row: 5, column: 5))) }
    XCTAssertEqual(model.state.selection, 29)
  }

  func testAClickInAFilteredListSelectsTheShownBookmark() {
    var model = Fixtures.model(Fixtures.many(30))
    model.press(.character("/"))
    model.type("2")
    _ = model.send(.mouse(MouseEvent(.click, row: 3, column: 5)))
    XCTAssertEqual(model.state.selectedBookmark?.name, "Bookmark 12")
  }
}
