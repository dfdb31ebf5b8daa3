import BookmarkModel
import BookmarkStoreInterface
import BookmarksDrawing
import BookmarksState
import BookmarksViewModel
import ScreenRendering
import XCTest

/// Recently Deleted in the app (issue 19.2): `D` shows what any device deleted, newest first;
/// Enter puts one back (and `u` takes that back), `d` deletes it for good and `E` empties the
/// list, each after `y`.
final class RecentlyDeletedTests: XCTestCase {
  private let forums = DeletedBookmark(
    bookmark: Bookmark(
      id: "f", name: "Swift Forums", url: "https://forums.swift.org", created: Fixtures.date,
      modified: Fixtures.date, folder: ["Work", "Swift"], notes: "Ask here", tags: ["swift"]),
    deleted: Fixtures.date.addingTimeInterval(3_600), device: "laptop · home")
  private let blog = DeletedBookmark(
    bookmark: Fixtures.bookmark("b", "Swift Blog", "https://swift.org/blog"),
    deleted: Fixtures.date.addingTimeInterval(60), device: "desk")

  private func model(deleted: [DeletedBookmark]? = nil) -> BookmarksViewModel {
    var model = Fixtures.model()
    var snapshot = Fixtures.snapshot(Fixtures.three)
    snapshot.deleted = deleted ?? [forums, blog]
    _ = model.send(.storeChanged(snapshot))
    return model
  }

  /// The store's snapshot after a change: in the app it usually comes before the answer.
  private func snapshot(_ bookmarks: [Bookmark], deleted: [DeletedBookmark]) -> StoreSnapshot {
    var snapshot = Fixtures.snapshot(bookmarks)
    snapshot.deleted = deleted
    return snapshot
  }

  func testDShowsRecentlyDeletedAndEnterPutsTheChosenOneBack() {
    for snapshotFirst in [true, false] {
      var model = model()
      model.press(.character("D"))
      guard case .recentlyDeleted = model.state.modal else { return XCTFail("D did not open Recently Deleted") }
      XCTAssertEqual(model.press(.enter), [.restoreDeleted([forums])])
      // Keys wait for the store's answer.
      XCTAssertTrue(model.state.isWaitingForStore)
      if snapshotFirst { _ = model.send(.storeChanged(snapshot(Fixtures.three + [forums.bookmark], deleted: [blog]))) }
      _ = model.send(.deletedRestored([forums], .success([forums.bookmark])))
      XCTAssertNil(model.state.modal)
      XCTAssertEqual(model.state.message?.text, "Restored “Swift Forums” to Work › Swift.")
      XCTAssertEqual(model.state.deleted, [blog])
      XCTAssertFalse(model.state.isWaitingForStore)
      // An ordinary change: `u` takes it back, whichever came first.
      XCTAssertEqual(
        model.press(.character("u")), [.applyChange(.remove(forums.bookmark))], "snapshot first: \(snapshotFirst)")
    }
  }

  func testDeletingForGoodAndEmptyingAskFirstAndNameWhatWent() {
    var model = model()
    model.press(.character("D"), .down, .character("d"))
    XCTAssertTrue(BookmarksScreen.render(model.state).lines.last!.contains("Delete “Swift Blog” for good? Press y"))
    // Any other key keeps it.
    XCTAssertEqual(model.press(.character("n")), [])
    XCTAssertEqual(model.press(.character("d"), .character("y")), [.removeDeleted([blog])])
    _ = model.send(.storeChanged(snapshot(Fixtures.three, deleted: [forums])))
    _ = model.send(.deletedRemoved([blog], .success(1)))
    XCTAssertEqual(model.state.message?.text, "Deleted “Swift Blog” for good.")
    XCTAssertEqual(model.state.deleted, [forums])
    model.press(.character("E"))
    // A deletion on another device while the question waits is not emptied with the rest.
    let late = DeletedBookmark(
      bookmark: Fixtures.bookmark("l", "Late", "https://late.example"),
      deleted: Fixtures.date.addingTimeInterval(7_200),
      device: "desk")
    _ = model.send(.storeChanged(snapshot(Fixtures.three, deleted: [late, forums])))
    XCTAssertEqual(model.press(.character("y")), [.removeDeleted([forums])])
    _ = model.send(.deletedRemoved([forums], .success(1)))
    XCTAssertEqual(model.state.message?.text, "Deleted “Swift Forums” for good.")
    XCTAssertEqual(model.state.deleted, [late])
    guard case .recentlyDeleted = model.state.modal else { return XCTFail("the view closed") }
    model.press(.escape)
    XCTAssertNil(model.state.modal)
  }

  func testAFailureIsOneSentenceInTheViewAndTheKeysThatWaitedAreDropped() {
    var model = model()
    model.press(.character("D"), .enter, .escape)
    _ = model.send(.deletedRestored([forums], .failure(FailureMessage("The disk is full."))))
    guard case .recentlyDeleted(let view) = model.state.modal else { return XCTFail("the view closed") }
    XCTAssertEqual(view.error, "The disk is full.")
    XCTAssertEqual(model.state.deleted, [forums, blog])
    XCTAssertEqual(model.state.bookmarks, Fixtures.three)
  }

  func testKeysTypedWhileTheStoreWorksApplyInTurnAfterIt() {
    var model = model()
    model.press(.character("D"), .enter, .character("D"), .character("G"))
    _ = model.send(.deletedRestored([forums], .success([forums.bookmark])))
    // The restore closed the view; `D` opened it again and `G` chose the last.
    guard case .recentlyDeleted(let view) = model.state.modal else { return XCTFail("D did not apply after it") }
    XCTAssertEqual(view.selectedID, "b")
  }

  func testWhenNothingIsPutBackTheBottomLineSaysWhy() {
    var model = model()
    model.press(.character("D"), .enter)
    _ = model.send(.storeChanged(snapshot(Fixtures.three + [forums.bookmark], deleted: [blog])))
    _ = model.send(.deletedRestored([forums], .success([])))
    XCTAssertEqual(
      model.state.message?.text,
      "“Swift Forums” is in the list already (put back on another device, or imported); nothing was replaced.")
    model.press(.character("D"), .enter)
    _ = model.send(.storeChanged(snapshot(Fixtures.three + [forums.bookmark], deleted: [])))
    _ = model.send(.deletedRestored([blog], .success([])))
    XCTAssertEqual(
      model.state.message?.text,
      "“Swift Blog” wasn't put back: it is gone from Recently Deleted, or an entry that can't be read holds its id.")
  }

  func testTheChoiceStaysOnItsBookmarkWhenTheListChangesUnderIt() {
    var model = model()
    model.press(.character("D"), .down)
    // Another device deletes one: it comes in at the top.
    let late = DeletedBookmark(
      bookmark: Fixtures.bookmark("l", "Late", "https://late.example"),
      deleted: Fixtures.date.addingTimeInterval(7_200),
      device: "desk")
    _ = model.send(.storeChanged(snapshot(Fixtures.three, deleted: [late, forums, blog])))
    XCTAssertEqual(model.press(.enter), [.restoreDeleted([blog])])
    _ = model.send(.deletedRestored([blog], .failure(FailureMessage("x"))))
    // Another device emptied it.
    _ = model.send(.storeChanged(Fixtures.snapshot(Fixtures.three)))
    guard case .recentlyDeleted(let view) = model.state.modal else { return XCTFail("the view closed") }
    XCTAssertEqual(view.selection, 0)
    XCTAssertEqual(model.press(.enter), [])
    XCTAssertEqual(model.press(.character("E")), [])
  }

  func testGoldenScreens() {
    var model = model()
    model.press(.character("D"), .down)
    assertScreen(BookmarksScreen.render(model.state), named: "recently-deleted")
    model.press(.character("E"))
    assertScreen(BookmarksScreen.render(model.state), named: "recently-deleted-empty-question")
    var empty = self.model(deleted: [])
    empty.press(.character("D"))
    assertScreen(BookmarksScreen.render(empty.state), named: "recently-deleted-nothing")
  }
}
