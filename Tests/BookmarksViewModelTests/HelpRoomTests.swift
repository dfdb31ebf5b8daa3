import BookmarkModel
import BookmarkStoreInterface
import BookmarksDrawing
import BookmarksState
import BookmarksViewModel
import XCTest

/// `?` (or F1) in a room opens the help with that room's keys first, drawn from the room's own
/// table; any key that does not scroll closes it, back to the room as it was.
final class HelpRoomTests: XCTestCase {
  private func text(_ model: BookmarksViewModel) -> [String] { BookmarksScreen.render(model.state).lines }

  /// Recently Deleted with two bookmarks, the second chosen.
  private func recentlyDeleted() -> BookmarksViewModel {
    var model = Fixtures.recentlyDeletedOpen()
    model.press(.down)
    return model
  }

  func testHelpInRecentlyDeletedShowsItsKeysFirstAndGoesBack() {
    var model = recentlyDeleted()
    guard case .recentlyDeleted(let before) = model.state.modal else { return XCTFail("D did not open it") }
    XCTAssertEqual(model.press(.character("?")), [])
    guard case .help = model.state.modal else { return XCTFail("? did not open the help") }
    assertScreen(BookmarksScreen.render(model.state), named: "help-in-recently-deleted")
    let lines = text(model)
    let heading = lines.firstIndex { $0.contains("In Recently Deleted") }
    let listKeys = lines.firstIndex { $0.contains("Move up") }
    XCTAssertNotNil(heading, lines.joined(separator: "\n"))
    XCTAssertLessThan(heading ?? .max, listKeys ?? .max, "the room's keys come first")
    for entry in KeyBindings.recentlyDeleted.help {
      XCTAssertTrue(lines.contains { $0.contains(entry.summary) }, "the help lacks “\(entry.summary)”")
    }
    model.press(.character("x"))
    XCTAssertEqual(model.state.modal, .recentlyDeleted(before), "back where it was")
    XCTAssertNil(model.state.helpRoom)
    model.press(.escape)
    XCTAssertNil(model.state.modal)
  }

  func testHelpInTheReaderIsOverTheReaderAndClosesBackToIt() {
    var model = Fixtures.model()
    model.press(.down, .character("r"))
    let page = ReaderPage(
      title: "Tokyo", url: "https://tokyo.example/", fetched: Fixtures.date, text: "The tower.", links: [])
    _ = model.send(.archiveRead(Fixtures.three[1].id, .success(page)))
    XCTAssertNotNil(model.state.reader)
    model.press(.function(1))
    XCTAssertTrue(text(model).contains { $0.contains("In the reader") })
    XCTAssertEqual(model.state.helpRoom, .reader)
    model.press(.character("q"))
    XCTAssertNil(model.state.modal)
    XCTAssertNotNil(model.state.reader, "q closed the help, not the reader")
    XCTAssertTrue(text(model).contains { $0.contains("The tower.") })
  }

  func testHelpOnTheShelfAndInResolvePutsTheirKeysFirst() {
    var model = Fixtures.model()
    model.offerShelf()
    model.press(.tab, .character("?"))
    XCTAssertEqual(model.state.helpRoom, .shelf)
    let shelfLines = text(model)
    XCTAssertLessThan(
      shelfLines.firstIndex { $0.contains("On the team shelf") } ?? .max,
      shelfLines.firstIndex { $0.contains("Move up") } ?? .max)
    model.press(.escape)
    XCTAssertTrue(model.state.showsShelf, "back on the shelf")

    var list = Fixtures.model()
    list.press(.character("?"))
    XCTAssertNil(list.state.helpRoom, "from the list the help is as it always was")
    assertScreen(BookmarksScreen.render(list.state), named: "help")
  }

  /// Help opened over Resolve: when another device resolves the conflict meanwhile, the dialog
  /// goes, so that closing the help does not bring back a bookmark no longer in conflict.
  func testAConflictResolvedElsewhereWhileTheHelpIsOpenDoesNotComeBack() {
    var model = Fixtures.resolveOpen()
    model.press(.character("?"))
    XCTAssertEqual(model.state.helpRoom, .resolve)
    _ = model.send(
      .storeChanged(
        StoreSnapshot(bookmarks: .success(Fixtures.three), status: StoreStatus(backend: .documents, sync: .synced))))
    model.press(.character("x"))
    XCTAssertNil(model.state.modal, "back to the list, not to Resolve")
  }
}
