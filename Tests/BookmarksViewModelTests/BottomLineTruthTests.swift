import BookmarksDrawing
import BookmarksState
import BookmarksViewModel
import ScreenRendering
import XCTest

/// The bottom line tells the truth about what works here: the hint offers only working keys
/// and the shelf when there is one, and the status says a sort that isn't your own order.
final class BottomLineTruthTests: XCTestCase {
  /// With no bookmarks, the hint offers only what works: nothing to open, copy or edit.
  func testTheEmptyListHintsOnlyWhatWorks() {
    let model = Fixtures.model([])
    XCTAssertTrue(bottom(model).hasSuffix("+ add · I import · ? help · q quit "), bottom(model))
    XCTAssertFalse(bottom(model).contains("Enter open"), bottom(model))
  }

  /// When a team shelf is offered, the hint says `Tab` shows it; without one, it doesn't.
  func testTheHintOffersTheShelfWhenThereIsOne() {
    var model = Fixtures.model()
    XCTAssertFalse(bottom(model).contains("Tab shelf"), bottom(model))
    model.offerShelf()
    XCTAssertTrue(bottom(model).contains("Tab shelf"), bottom(model))
  }

  /// A sort other than your own order is said on the bottom line, also right after a start
  /// that restored it (no `s` pressed, so no message).
  func testARememberedSortIsShownAfterStart() {
    var state = AppState(backend: .userDefaults, size: ScreenSize(columns: 80, rows: 24))
    state.sortOrder = .name
    var model = BookmarksViewModel(state: state)
    _ = model.send(.storeChanged(Fixtures.snapshot(Fixtures.three)))
    XCTAssertNil(model.state.message)
    XCTAssertTrue(bottom(model).contains("by name"), bottom(model))
    XCTAssertFalse(bottom(Fixtures.model()).contains("by "), bottom(Fixtures.model()))
  }

  private func bottom(_ model: BookmarksViewModel) -> String {
    BookmarksScreen.render(model.state).lines[model.state.size.rows - 1]
  }
}
