import BookmarkModel
import BookmarkStoreInterface
import BookmarksDrawing
import BookmarksState
import Foundation
import XCTest

/// Deletes from another device held back (issue 19.5): asked once, on the bottom line; `Y`
/// applies them here, `R` keeps the bookmarks, any other key decides later and `D` asks again.
/// The list's own keys (`y` copies, `k` moves up) never answer.
final class HeldDeletesTests: XCTestCase {
  private let held = HeldDeletes(count: 55, total: 60)

  private func heldSnapshot() -> StoreSnapshot {
    var snapshot = Fixtures.snapshot(Fixtures.three)
    snapshot.heldDeletes = held
    snapshot.status.problem = held.sentence
    return snapshot
  }

  func testHeldDeletesAreAskedAboutOnceAndRIsKeeping() {
    var model = Fixtures.model()
    _ = model.send(.storeChanged(heldSnapshot()))
    XCTAssertEqual(model.state.modal, .confirmHeldDeletes(held))
    let bottom = BookmarksScreen.render(model.state).lines.last ?? ""
    XCTAssertTrue(bottom.contains("55 of 60 deleted elsewhere: Y delete here · R keep · other: later"), bottom)

    XCTAssertEqual(model.press(.character("R")), [.settleHeldDeletes(held, keeping: true)])
    XCTAssertNil(model.state.modal)
    _ = model.send(.storeChanged(heldSnapshot()))
    XCTAssertNil(model.state.modal, "not asked again while it is being settled")
    _ = model.send(.heldDeletesSettled(keeping: true, .success(0)))
    XCTAssertEqual(model.state.message?.text, "Kept them: 55 bookmarks are back on every device.")
  }

  func testYAppliesThemAndAnyOtherKeyDecidesLaterAndDAsksAgain() {
    var model = Fixtures.model()
    _ = model.send(.storeChanged(heldSnapshot()))
    // `k`, moving up in the list, is no answer.
    XCTAssertEqual(model.press(.character("k")), [])
    XCTAssertNil(model.state.modal)
    XCTAssertEqual(model.state.message?.text, "Held back for now; D asks again.")
    _ = model.send(.storeChanged(heldSnapshot()))
    XCTAssertNil(model.state.modal, "the same held deletes are not asked about again")
    model.press(.character("j"))
    let bottom = BookmarksScreen.render(model.state).lines.last ?? ""
    XCTAssertTrue(bottom.contains("55 of 60 deleted elsewhere are held back: D chooses"), bottom)
    model.press(.character("D"))
    XCTAssertEqual(model.state.modal, .confirmHeldDeletes(held))
    XCTAssertEqual(model.press(.character("y")), [], "y copies in the list; it answers nothing here")

    var more = heldSnapshot()
    more.heldDeletes = HeldDeletes(count: 58, total: 60)
    _ = model.send(.storeChanged(more))
    XCTAssertEqual(model.state.modal, .confirmHeldDeletes(HeldDeletes(count: 58, total: 60)))
    XCTAssertEqual(
      model.press(.character("Y")), [.settleHeldDeletes(HeldDeletes(count: 58, total: 60), keeping: false)])
    // Keys typed meanwhile wait for the store, then apply.
    XCTAssertEqual(model.press(.down), [])
    XCTAssertEqual(model.state.selection, 1, "where `j` left it")
    XCTAssertEqual(model.state.message?.text, "Deleting them here too…")
    _ = model.send(.heldDeletesSettled(keeping: false, .success(0)))
    XCTAssertEqual(model.state.selection, 2, "the key that waited")
  }

  /// Given deletes held back that came without Recently Deleted copies (the other device
  /// took its import back), when `Y` applies them, then the message does not send the user to
  /// an empty Recently Deleted; with copies, it does, saying how many it has.
  func testTheMessageAfterYSaysWhatRecentlyDeletedHas() {
    for (copies, said) in [
      (0, "Deleted them here too; the other device kept no copies in Recently Deleted."),
      (55, "Deleted them here too; Recently Deleted (D) has them."),
      (20, "Deleted them here too; Recently Deleted (D) has 20 of them."),
    ] {
      var model = Fixtures.model()
      var snapshot = heldSnapshot()
      snapshot.heldDeletes = HeldDeletes(count: 55, total: 60, inRecentlyDeleted: copies)
      _ = model.send(.storeChanged(snapshot))
      XCTAssertEqual(model.press(.character("Y")).count, 1)
      _ = model.send(.heldDeletesSettled(keeping: false, .success(copies)))
      XCTAssertEqual(model.state.message?.text, said)
    }
  }

  /// Found by the model (seed 70487): the copies were shown as 1, then a third device
  /// emptied Recently Deleted before Y; the message says what the store has after the deletes,
  /// not what the held deletes said when shown.
  func testTheMessageAfterYCountsTheCopiesTheStoreHasNow() {
    var model = Fixtures.model()
    var snapshot = heldSnapshot()
    snapshot.heldDeletes = HeldDeletes(count: 55, total: 60, inRecentlyDeleted: 1)
    _ = model.send(.storeChanged(snapshot))
    XCTAssertEqual(model.press(.character("Y")).count, 1)
    _ = model.send(.heldDeletesSettled(keeping: false, .success(0)))
    XCTAssertEqual(
      model.state.message?.text, "Deleted them here too; the other device kept no copies in Recently Deleted.")
  }

  func testAFailureIsSaidAndAskedAgainLater() {
    var model = Fixtures.model()
    _ = model.send(.storeChanged(heldSnapshot()))
    model.press(.character("R"))
    _ = model.send(.heldDeletesSettled(keeping: true, .failure(FailureMessage("The cloud can't be reached."))))
    XCTAssertEqual(model.state.message?.text, "The cloud can't be reached.")
    _ = model.send(.storeChanged(heldSnapshot()))
    XCTAssertEqual(model.state.modal, .confirmHeldDeletes(held))
  }
}
