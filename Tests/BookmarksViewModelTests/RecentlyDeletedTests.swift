import BookmarkModel
import BookmarkStoreInterface
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

  func testDShowsRecentlyDeletedAndEnterPutsTheChosenOneBack() {
    var model = model()
    model.press(.character("D"))
    guard case .recentlyDeleted = model.state.modal else { return XCTFail("D did not open Recently Deleted") }
    XCTAssertEqual(model.press(.enter), [.restoreDeleted([forums])])
    // Keys wait for the store's answer; Esc alone closes.
    XCTAssertEqual(model.press(.enter), [])
    _ = model.send(.deletedRestored([forums], .success([forums.bookmark])))
    XCTAssertNil(model.state.modal)
    XCTAssertEqual(model.state.message?.text, "Restored “Swift Forums” to Work › Swift.")
    XCTAssertEqual(model.state.deleted, [blog])
    // An ordinary change: `u` takes it back.
    XCTAssertEqual(model.press(.character("u")), [.applyChange(.remove(forums.bookmark))])
  }

  func testDeletingForGoodAndEmptyingAskFirst() {
    var model = model()
    model.press(.character("D"), .down, .character("d"))
    XCTAssertTrue(BookmarksScreen.render(model.state).lines.last!.contains("Delete “Swift Blog” for good? Press y"))
    // Any other key keeps it.
    XCTAssertEqual(model.press(.character("n")), [])
    XCTAssertEqual(model.press(.character("d"), .character("y")), [.removeDeleted(["b"])])
    _ = model.send(.deletedRemoved(["b"], .success(1)))
    XCTAssertEqual(model.state.message?.text, "Deleted “Swift Blog” for good.")
    XCTAssertEqual(model.state.deleted, [forums])
    XCTAssertEqual(model.press(.character("E"), .character("y")), [.removeDeleted(nil)])
    _ = model.send(.deletedRemoved(nil, .success(1)))
    XCTAssertEqual(model.state.message?.text, "Emptied Recently Deleted: 1 bookmark.")
    XCTAssertEqual(model.state.deleted, [])
    guard case .recentlyDeleted = model.state.modal else { return XCTFail("the view closed") }
    model.press(.escape)
    XCTAssertNil(model.state.modal)
  }

  func testAFailureIsOneSentenceInTheViewAndNothingElseChanges() {
    var model = model()
    model.press(.character("D"), .enter)
    _ = model.send(.deletedRestored([forums], .failure(FailureMessage("The disk is full."))))
    guard case .recentlyDeleted(let view) = model.state.modal else { return XCTFail("the view closed") }
    XCTAssertEqual(view.error, "The disk is full.")
    XCTAssertEqual(model.state.deleted, [forums, blog])
    XCTAssertEqual(model.state.bookmarks, Fixtures.three)
  }

  func testABookmarkRestoredOnAnotherDeviceMeanwhileIsSaidSo() {
    var model = model()
    model.press(.character("D"), .enter)
    _ = model.send(.deletedRestored([forums], .success([])))
    XCTAssertEqual(model.state.message?.text, "“Swift Forums” was back already (restored on another device).")
  }

  func testTheListFollowsTheStoreWhileOpen() {
    var model = model()
    model.press(.character("D"), .character("G"))
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
