import BookmarkModel
import BookmarksState
import XCTest

/// `J` and `K` in Edit mode (issue 18.5): the selected bookmark changes places with its
/// neighbour in the store, one step at a time, keys waiting while the store works.
final class ReorderTests: XCTestCase {
  private let abc = [
    Fixtures.bookmark("a", "Alpha", "https://a.example"),
    Fixtures.bookmark("b", "Bravo", "https://b.example"),
    Fixtures.bookmark("c", "Charlie", "https://c.example"),
  ]

  func testJAsksTheStoreAndTheListFollowsItsAnswer() {
    var model = Fixtures.model(abc)
    model.press(.character("e"))
    XCTAssertEqual(model.press(.character("J")), [.applyChange(.reorder("a", after: true, "b"))])
    XCTAssertTrue(model.state.isWaitingForStore)
    // A second J waits for the store's answer to the first.
    XCTAssertEqual(model.press(.character("J")), [])
    XCTAssertEqual(model.send(.changeApplied(nil)), [.applyChange(.reorder("a", after: true, "c"))])
    XCTAssertEqual(model.rowNames, ["Bravo", "Alpha", "Charlie"])
    XCTAssertEqual(model.state.selectedBookmark?.id, "a", "the moved bookmark stays selected")
    _ = model.send(.changeApplied(nil))
    XCTAssertEqual(model.rowNames, ["Bravo", "Charlie", "Alpha"])
    XCTAssertEqual(model.press(.character("J")), [], "the last one goes no further")
    XCTAssertEqual(model.press(.character("K")), [.applyChange(.reorder("a", after: false, "c"))])
  }

  func testTheStoresOwnChangeEventArrivingFirstIsNotAppliedTwice() {
    var model = Fixtures.model(abc)
    model.press(.character("e"), .character("J"))
    _ = model.send(.storeChanged(Fixtures.snapshot([abc[1], abc[0], abc[2]])))
    _ = model.send(.changeApplied(nil))
    XCTAssertEqual(model.rowNames, ["Bravo", "Alpha", "Charlie"])
    XCTAssertEqual(model.state.selectedBookmark?.id, "a")
  }

  func testAFailureSaysWhyAndDropsTheKeysThatWaited() {
    var model = Fixtures.model(abc)
    model.press(.character("e"), .character("J"), .character("J"))
    XCTAssertEqual(model.send(.changeApplied(FailureMessage("The disk is full."))), [])
    XCTAssertEqual(model.state.message, StatusMessage("The disk is full.", isError: true))
    XCTAssertEqual(model.rowNames, ["Alpha", "Bravo", "Charlie"])
    XCTAssertEqual(model.state.typeAhead, [])
  }

  func testJAndKExplainWhenTheyCannotAct() {
    var model = Fixtures.model(abc)
    XCTAssertEqual(model.press(.character("J")), [])
    XCTAssertEqual(model.state.message?.text, "Press e for Edit mode to move bookmarks with J and K.")
    model.press(.character("s"), .character("e"), .character("J"))
    XCTAssertEqual(
      model.state.message?.text, "J and K move bookmarks in your own order; press s until the list says so.")
  }

  func testInAFolderTheNeighbourIsTheNextBookmarkOfThatFolder() {
    var filed = abc
    filed[0].folder = ["Work"]
    filed[2].folder = ["Work"]
    var model = Fixtures.model(filed)
    model.press(.enter)  // into Work: Alpha, Charlie
    XCTAssertEqual(model.rowNames, ["Alpha", "Charlie"])
    model.press(.character("e"))
    XCTAssertEqual(model.press(.character("J")), [.applyChange(.reorder("a", after: true, "c"))])
    _ = model.send(.changeApplied(nil))
    XCTAssertEqual(model.rowNames, ["Charlie", "Alpha"])
    model.press(.left, .character("J"))
    XCTAssertEqual(model.state.message?.text, "Folders are listed by name; J and K move bookmarks.")
  }
}
