import BookmarkModel
import BookmarkStoreInterface
import BookmarksDrawing
import BookmarksState
import BookmarksViewModel
import ScreenRendering
import XCTest

/// Folders as things of their own in the list (issue 18.1): `N` makes one; in Edit mode
/// Enter renames a folder, `d` deletes it after asking, `m` moves it; empty folders show.
final class FolderChangeTests: XCTestCase {
  private static let library = [
    Fixtures.filed("1", "Loose", []),
    Fixtures.filed("2", "Forums", ["Toolbar", "Dev"]),
    Fixtures.filed("3", "Docs", ["Toolbar", "Dev"]),
    Fixtures.filed("4", "News", ["Toolbar"]),
  ]

  private func screen(_ model: BookmarksViewModel) -> [String] { BookmarksScreen.render(model.state).lines }

  func testEmptyFoldersTheStoreKeepsAreShown() {
    var model = Fixtures.model(Self.library)
    _ = model.send(
      .storeChanged(
        StoreSnapshot(
          bookmarks: .success(Self.library), status: Fixtures.localStatus, folders: [["Toolbar"], ["Empty"]])))
    // In your own order, folders come in the store's order; sorted by name, by name.
    XCTAssertEqual(model.state.sortOrder, .manual)
    XCTAssertEqual(model.rowNames, ["▸ Toolbar", "▸ Empty", "Loose"])
    XCTAssertTrue(screen(model)[4].contains("0 bookmarks"), screen(model)[4])
    model.press(.character("s"))
    XCTAssertEqual(model.state.sortOrder, .name)
    XCTAssertEqual(model.rowNames, ["▸ Empty", "▸ Toolbar", "Loose"])
  }

  func testNMakesAFolderInTheFolderShown() {
    var model = Fixtures.model(Self.library)
    model.press(.enter)  // into Toolbar
    model.press(.character("N"))
    XCTAssertTrue(screen(model).joined().contains("New folder in “Toolbar”"), screen(model).joined(separator: "\n"))
    model.type("Dev")
    var effects = model.press(.enter)
    XCTAssertEqual(effects, [], "a name taken is refused in the box")
    guard case .folderName(let prompt) = model.state.modal else { return XCTFail("the box closed") }
    XCTAssertEqual(prompt.error, "Toolbar already has a folder named Dev.")
    model.press(.control("u"))
    model.type("a/b")
    XCTAssertEqual(model.press(.enter), [])
    model.press(.control("u"))
    model.type("Reading")
    effects = model.press(.enter)
    XCTAssertEqual(effects, [.changeFolder(.create(["Toolbar", "Reading"]))])
    XCTAssertTrue(model.state.isWaitingForStore)
    _ = model.send(.folderChanged(.create(["Toolbar", "Reading"]), nil))
    XCTAssertEqual(model.rowNames, ["▸ Dev", "▸ Reading", "News"], "a new folder comes last of the folders")
    XCTAssertEqual(model.state.message?.text, "Made the folder “Reading” in Toolbar.")
    XCTAssertEqual(model.state.selection, 1, "the new folder is selected")
  }

  func testKeysTypedBeforeTheStoreAnswersWaitForIt() {
    var model = Fixtures.model(Self.library)
    model.press(.character("N"))
    model.type("Reading")
    _ = model.press(.enter)
    model.press(.down, .down)
    XCTAssertEqual(model.state.selection, 0)
    _ = model.send(.folderChanged(.create(["Reading"]), nil))
    XCTAssertEqual(model.rowNames, ["▸ Toolbar", "▸ Reading", "Loose"])
    XCTAssertEqual(model.state.selection, 2, "the new folder was selected, then the two ↓ ran")
  }

  func testEnterInEditModeRenamesAFolderAndTheListFollows() {
    var model = Fixtures.model(Self.library)
    model.press(.enter)  // into Toolbar; Dev is selected
    model.press(.character("e"), .enter)
    guard case .folderName(let prompt) = model.state.modal else { return XCTFail("no rename box") }
    XCTAssertEqual(prompt.field.text, "Dev", "the box starts with the name")
    model.press(.control("u"))
    model.type("Code")
    let effects = model.press(.enter)
    XCTAssertEqual(effects, [.changeFolder(.rename(["Toolbar", "Dev"], to: "Code"))])
    _ = model.send(.folderChanged(.rename(["Toolbar", "Dev"], to: "Code"), nil))
    XCTAssertEqual(model.rowNames, ["▸ Code", "News"])
    XCTAssertEqual(model.state.selectedFolder?.path, ["Toolbar", "Code"])
    XCTAssertEqual(model.state.message?.text, "Renamed “Dev” to “Code”.")
    model.press(.enter)  // still Edit mode: rename again; Esc cancels
    model.press(.escape)
    XCTAssertNil(model.state.modal)
  }

  /// The store's snapshot usually comes before its answer: the change is not made twice.
  func testASnapshotBeforeTheAnswerIsNotAppliedTwice() {
    let nested = Self.library + [Fixtures.filed("5", "Inner", ["Toolbar", "Toolbar"])]
    var model = Fixtures.model(nested)
    XCTAssertEqual(
      model.press(.character("e"), .character("d"), .character("y")), [.changeFolder(.delete(["Toolbar"]))])
    var after = nested
    after[1].folder = ["Dev"]
    after[2].folder = ["Dev"]
    after[3].folder = []
    after[4].folder = ["Toolbar"]
    _ = model.send(.storeChanged(Fixtures.snapshot(after)))
    _ = model.send(.folderChanged(.delete(["Toolbar"]), nil))
    XCTAssertEqual(model.rowNames, ["▸ Dev", "▸ Toolbar", "Loose", "News"], "Inner moved up once, not twice")
  }

  func testDeleteAsksSayingWhereWhatItHoldsGoes() {
    var model = Fixtures.model(Self.library)
    model.press(.character("e"), .character("d"))
    let bottom = screen(model)[23]
    XCTAssertTrue(
      bottom.contains("Delete the folder “Toolbar”? Its 1 folder · 3 bookmarks go to the top level."), bottom)
    XCTAssertEqual(model.press(.character("n")), [])
    XCTAssertEqual(model.state.message?.text, "Kept the folder “Toolbar”.")
    model.press(.character("d"))
    XCTAssertEqual(model.press(.character("y")), [.changeFolder(.delete(["Toolbar"]))])
    _ = model.send(.folderChanged(.delete(["Toolbar"]), nil))
    XCTAssertEqual(model.rowNames, ["▸ Dev", "Loose", "News"])
    XCTAssertEqual(model.state.message?.text, "Deleted the folder “Toolbar”; what it held is now in the top level.")
  }

  func testMMovesAFolderButNeverIntoItself() {
    var model = Fixtures.model(Self.library + [Fixtures.filed("5", "Old", ["Archive"])])
    model.press(.character("e"), .down, .character("m"))  // Toolbar selected
    guard case .move(let picker) = model.state.modal else { return XCTFail("no picker") }
    XCTAssertEqual(picker.destinations, [[], ["Archive"]], "neither Toolbar nor a folder in it")
    XCTAssertTrue(screen(model).joined().contains("Move “Toolbar” to"))
    let effects = model.press(.down, .enter)
    XCTAssertEqual(effects, [.changeFolder(.move(["Toolbar"], into: ["Archive"]))])
    _ = model.send(.folderChanged(.move(["Toolbar"], into: ["Archive"]), nil))
    XCTAssertEqual(model.rowNames, ["▸ Archive", "Loose"])
    XCTAssertEqual(model.state.message?.text, "Moved the folder “Toolbar” to Archive.")
  }

  func testAFolderCantBeMovedIntoANewFolderInsideItself() {
    var model = Fixtures.model(Self.library)
    model.press(.character("e"), .character("m"))  // Toolbar
    model.type("Toolbar/Inside")
    XCTAssertEqual(model.press(.enter), [])
    guard case .move(let picker) = model.state.modal else { return XCTFail("the picker closed") }
    XCTAssertEqual(picker.error, "A folder can't be moved into itself or into a folder inside it.")
  }

  func testAStoreRefusalIsSaidAndTheListStays() {
    var model = Fixtures.model(Self.library)
    model.press(.character("N"))
    model.type("New")
    _ = model.press(.enter)
    model.press(.down)
    _ = model.send(
      .folderChanged(.create(["New"]), FailureMessage("Couldn't save to /x (disk full); nothing stored was changed.")))
    XCTAssertEqual(model.state.message?.isError, true)
    XCTAssertEqual(model.rowNames, ["▸ Toolbar", "Loose"])
    XCTAssertEqual(model.state.selection, 0, "keys typed after a failed change are dropped")
  }

  func testNInTheFlatListSaysWhere() {
    var model = Fixtures.model(Self.library)
    model.press(.character("A"), .character("N"))
    XCTAssertNil(model.state.modal)
    XCTAssertEqual(model.state.message?.text, "New folders are made in the folder view; A goes back to it.")
  }

  func testFoldersShowInAStoreWithNoBookmarks() {
    // Given a new home whose store holds one empty folder and no bookmarks
    var model = Fixtures.model([])
    _ = model.send(
      .storeChanged(StoreSnapshot(bookmarks: .success([]), status: Fixtures.localStatus, folders: [["Projects"]])))
    // Then the folder is a row on screen, not "No bookmarks yet"
    XCTAssertEqual(model.rowNames, ["▸ Projects"])
    var lines = screen(model)
    XCTAssertFalse(lines.joined().contains("No bookmarks yet"), lines.joined(separator: "\n"))
    XCTAssertTrue(lines[1].contains("Projects"), lines.joined(separator: "\n"))
    // When Enter opens it, the empty folder says so
    model.press(.enter)
    lines = screen(model)
    XCTAssertTrue(lines.joined().contains("No bookmarks here."), lines.joined(separator: "\n"))
    // And the bottom line offers only keys that act there (a newcomer run found `Enter open`,
    // `e edit`, `y copy` offered in an empty folder, and `Enter edit · d delete · m move` in
    // Edit mode)
    XCTAssertTrue(lines[23].hasSuffix("← up · + add · / find · ? help · q quit "), lines[23])
    model.press(.character("e"))
    lines = screen(model)
    XCTAssertTrue(lines[23].hasSuffix("← up · + add · e done · ? help · q quit "), lines[23])
  }
}
