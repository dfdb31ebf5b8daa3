import BookmarkModel
import BookmarkStoreInterface
import BookmarksState
import BookmarksViewModel
import XCTest

/// Nothing a screen accepts is missing from its key table (and so from the help): every key
/// outside the table leaves the screen as it was and asks for nothing.
final class ScreenKeyCoverageTests: XCTestCase {
  /// Every key a person can press, bar Ctrl-C, which quits from anywhere.
  static let allKeys: [Key] =
    (0x20...0x7E).map { Key.character(Character(UnicodeScalar(UInt8($0)))) }
    + "abdefghijklmnopqstuvwxyz".map { Key.control($0) }
    + [
      .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .enter, .escape, .tab, .backTab, .backspace,
      .delete, .wordLeft, .wordRight, .deleteWordBackward, .deleteWordForward, .other,
    ] + (1...12).map { Key.function($0) }

  func testRecentlyDeletedAcceptsOnlyTheKeysInItsTable() {
    let model = Fixtures.recentlyDeletedOpen()
    guard case .recentlyDeleted = model.state.modal else { return XCTFail("D did not open Recently Deleted") }
    assertOnlyTableKeysAct(model, table: KeyBindings.recentlyDeleted.keys)
  }

  func testTheShelfAcceptsOnlyTheKeysInItsTable() {
    var model = Fixtures.model()
    model.offerShelf()
    model.press(.tab)
    XCTAssertTrue(model.state.showsShelf)
    assertOnlyTableKeysAct(model, table: KeyBindings.shelf.keys)
  }

  /// Resolve, and its merge (whose keys are in the same table).
  func testResolveAcceptsOnlyTheKeysInItsTable() {
    var model = Fixtures.resolveOpen()
    guard case .resolve = model.state.modal else { return XCTFail("Enter did not open Resolve") }
    assertOnlyTableKeysAct(model, table: KeyBindings.resolve.keys)
    model.press(.character("m"))
    assertOnlyTableKeysAct(model, table: KeyBindings.resolve.keys)
  }

  func testNoRoomBindsAKeyTwice() {
    func check<C>(_ table: KeyTable<C>, _ name: String) {
      let keys = table.entries.flatMap(\.keys)
      XCTAssertEqual(Set(keys).count, keys.count, "\(name) binds a key twice")
    }
    check(KeyBindings.dialog, "the dialog")
    check(KeyBindings.filter, "the filter")
    check(KeyBindings.resolve, "Resolve")
    check(KeyBindings.recentlyDeleted, "Recently Deleted")
    check(KeyBindings.history, "History")
    check(KeyBindings.shelf, "the shelf")
    check(KeyBindings.reader, "the reader")
    check(KeyBindings.folderPicker, "the folder picker")
  }
}

/// Asserts that every key outside `listed` leaves the screen as it was and asks for nothing.
func assertOnlyTableKeysAct(
  _ model: BookmarksViewModel, table listed: Set<Key>, file: StaticString = #filePath, line: UInt = #line
) {
  for key in ScreenKeyCoverageTests.allKeys where !listed.contains(key) {
    var pressed = model
    let effects = pressed.press(key)
    XCTAssertTrue(
      effects.isEmpty && pressed.state == model.state, "\(key) acts but is not in the table", file: file,
      line: line)
  }
}
