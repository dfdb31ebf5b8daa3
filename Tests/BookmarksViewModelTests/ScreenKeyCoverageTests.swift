import BookmarkModel
import BookmarkStoreInterface
import BookmarksViewModel
import XCTest

/// Nothing a screen accepts is missing from its key table (and so from the help): every key
/// outside the table leaves the screen as it was and asks for nothing.
final class ScreenKeyCoverageTests: XCTestCase {
  /// Every key a person can press, bar Ctrl-C, which quits from anywhere.
  private let allKeys: [Key] =
    (0x20...0x7E).map { Key.character(Character(UnicodeScalar(UInt8($0)))) }
    + "abdefghijklmnopqstuvwxyz".map { Key.control($0) }
    + [
      .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .enter, .escape, .tab, .backTab, .backspace,
      .delete, .wordLeft, .wordRight, .deleteWordBackward, .deleteWordForward, .other,
    ] + (1...12).map { Key.function($0) }

  func testRecentlyDeletedAcceptsOnlyTheKeysInItsTable() {
    var model = Fixtures.model()
    var snapshot = Fixtures.snapshot(Fixtures.three)
    snapshot.deleted = [
      DeletedBookmark(
        bookmark: Fixtures.bookmark("b", "Blog", "https://b.example"), deleted: Fixtures.date, device: "a"),
      DeletedBookmark(
        bookmark: Fixtures.bookmark("c", "Cafe", "https://c.example"), deleted: Fixtures.date, device: "a"),
    ]
    _ = model.send(.storeChanged(snapshot))
    model.press(.character("D"))
    guard case .recentlyDeleted = model.state.modal else { return XCTFail("D did not open Recently Deleted") }
    assertOnlyTableKeysAct(model, table: KeyBindings.recentlyDeleted)
  }

  func testTheShelfAcceptsOnlyTheKeysInItsTable() {
    var model = Fixtures.model()
    model.offerShelf()
    model.press(.tab)
    XCTAssertTrue(model.state.showsShelf)
    assertOnlyTableKeysAct(model, table: KeyBindings.shelf)
  }

  private func assertOnlyTableKeysAct(
    _ model: BookmarksViewModel, table: [ScreenKey], file: StaticString = #filePath, line: UInt = #line
  ) {
    let listed = Set(table.flatMap(\.keys))
    for key in allKeys where !listed.contains(key) {
      var pressed = model
      let effects = pressed.press(key)
      XCTAssertTrue(
        effects.isEmpty && pressed.state == model.state, "\(key) acts but is not in the table", file: file,
        line: line)
    }
  }
}
