import BookmarkModel
import BookmarksDrawing
import BookmarksState
import BookmarksViewModel
import ScreenRendering
import XCTest

/// The folder view (issue 18.2): folder rows before bookmark rows, opening and going up, the
/// place in the top bar, the flat list one key away, and moving a bookmark with `m`.
final class FolderViewTests: XCTestCase {
  private static let library = [
    Fixtures.filed("1", "Loose", []),
    Fixtures.filed("2", "Forums", ["Toolbar", "Dev"]),
    Fixtures.filed("3", "Docs", ["Toolbar", "Dev"]),
    Fixtures.filed("4", "News", ["Toolbar"]),
    Fixtures.filed("5", "Recipes", ["archive"]),
    Fixtures.filed("6", "Swift", ["Toolbar", "Dev", "Swift"]),
  ]

  private func titleLine(_ model: BookmarksViewModel) -> String {
    BookmarksScreen.render(model.state).lines[0].trimmingCharacters(in: .whitespaces)
  }

  func testTheTopLevelListsFoldersFirstByNameThenItsOwnBookmarks() {
    let model = Fixtures.model(Self.library)
    XCTAssertEqual(model.rowNames, ["▸ archive", "▸ Toolbar", "Loose"])
    let screen = BookmarksScreen.render(model.state).lines
    XCTAssertTrue(screen[3].contains("▸ Toolbar"), screen[3])
    XCTAssertTrue(screen[4].contains("1 folder · 4 bookmarks"), screen[4])
    XCTAssertTrue(screen[23].contains("1/3"), screen[23])
  }

  func testEnterRightAndLOpenAFolderAndLeftHAndBackspaceGoUpToIt() {
    for open in [Key.enter, .right, .character("l")] {
      var model = Fixtures.model(Self.library)
      model.press(.down, open)
      XCTAssertEqual(model.state.place, .folder(["Toolbar"]), "\(open)")
      XCTAssertEqual(model.rowNames, ["▸ Dev", "News"])
      XCTAssertEqual(model.state.selection, 0)
    }
    for up in [Key.left, .character("h"), .backspace] {
      var model = Fixtures.model(Self.library)
      model.press(.down, .enter, .enter)
      XCTAssertEqual(model.rowNames, ["▸ Swift", "Forums", "Docs"])
      model.press(up)
      XCTAssertEqual(model.state.place, .folder(["Toolbar"]), "\(up)")
      XCTAssertEqual(model.state.selectedFolder?.path, ["Toolbar", "Dev"], "the folder left is selected")
      model.press(up)
      XCTAssertEqual(model.state.selectedFolder?.name, "Toolbar")
      model.press(up)
      XCTAssertEqual(model.state.place, .top)
      XCTAssertEqual(model.state.message?.text, "This is the top level; A shows every bookmark in one list.")
    }
  }

  func testTheTopBarShowsThePlaceAndDropsOuterFoldersWhenLong() {
    var model = Fixtures.model(Self.library)
    XCTAssertEqual(titleLine(model), "Edit                                Cloudy                                   +")
    model.press(.down, .enter, .enter, .enter)
    XCTAssertTrue(titleLine(model).contains("Cloudy › Toolbar › Dev › Swift"), titleLine(model))
    var narrow = Fixtures.model(Self.library, columns: 40)
    narrow.press(.down, .enter, .enter, .enter)
    let title = titleLine(narrow)
    XCTAssertTrue(title.contains("… › Toolbar › Dev › Swift"), title)
    XCTAssertFalse(title.contains("Cloudy"), title)
  }

  func testAShowsEveryBookmarkFlatAndBackKeepingTheSelection() {
    var model = Fixtures.model(Self.library)
    model.press(.down, .enter, .down)  // Toolbar, on News
    model.press(.character("A"))
    XCTAssertEqual(model.state.place, .allBookmarks)
    XCTAssertEqual(model.rowNames, ["Loose", "Forums", "Docs", "News", "Recipes", "Swift"])
    XCTAssertEqual(model.state.selectedBookmark?.name, "News")
    XCTAssertTrue(titleLine(model).contains("Cloudy › All bookmarks"), titleLine(model))
    model.press(.up)  // Docs, in Toolbar › Dev
    model.press(.character("A"))
    XCTAssertEqual(model.state.place, .folder(["Toolbar"]), "back to the folder A was pressed in")
    model.press(.character("A"), .left)
    XCTAssertEqual(model.state.place, .folder(["Toolbar"]), "← leaves the flat list too")
  }

  func testAStoreWithoutFoldersShowsItsBookmarksAsBefore() {
    let model = Fixtures.model()
    XCTAssertEqual(model.rowNames, Fixtures.three.map(\.name))
    XCTAssertEqual(model.state.placeBookmarks, nil)
    XCTAssertEqual(model.state.folderRows, [])
  }

  func testTheFilterSearchesTheFolderShownAndBelowAndEscShowsAMatchInItsFolder() {
    var model = Fixtures.model(Self.library)
    model.press(.down, .enter)  // Toolbar
    model.press(.character("/"))
    XCTAssertEqual(model.rowNames, ["Forums", "Docs", "News", "Swift"], "the folder and below, no folder rows")
    model.type("swift")
    XCTAssertEqual(model.rowNames, ["Swift"])
    model.press(.enter, .escape)
    XCTAssertEqual(model.state.place, .folder(["Toolbar", "Dev", "Swift"]), "the match is shown where it is")
    XCTAssertEqual(model.state.selectedBookmark?.name, "Swift")

    var top = Fixtures.model(Self.library)
    top.press(.character("/"))
    top.type("recipes")
    XCTAssertEqual(top.rowNames, ["Recipes"], "at the top level the filter searches everything")
  }

  /// scripts/bench caught it: Esc while typing a query at the top level went into the first
  /// match's folder, and the next `/` searched that folder only.
  func testEscWhileTypingLeavesTheListAsItWasBeforeTheFilter() {
    var model = Fixtures.model(Self.library)
    model.press(.down)  // the Toolbar folder row
    model.press(.character("/"))
    model.type("docs")
    XCTAssertEqual(model.rowNames, ["Docs"])
    model.press(.escape)
    XCTAssertEqual(model.state.place, .top)
    XCTAssertEqual(model.state.selectedFolder?.name, "Toolbar")
    model.press(.character("/"))
    model.type("recipes")
    XCTAssertEqual(model.rowNames, ["Recipes"], "the next filter searches everything again")
    model.press(.backspace, .backspace, .backspace, .backspace, .backspace, .backspace, .backspace, .backspace)
    XCTAssertNil(model.state.filter, "Backspace on an empty query clears it")
    XCTAssertEqual(model.state.place, .top)
    XCTAssertEqual(model.state.selectedFolder?.name, "Toolbar")
  }

  func testAFolderEmptiedElsewhereGivesWayToItsNearestParentThatHoldsSomething() {
    var model = Fixtures.model(Self.library)
    model.press(.down, .enter, .enter, .enter)
    XCTAssertEqual(model.state.place, .folder(["Toolbar", "Dev", "Swift"]))
    let remaining = Self.library.filter { !$0.folder.starts(with: ["Toolbar", "Dev"]) }
    _ = model.send(.storeChanged(Fixtures.snapshot(remaining)))
    XCTAssertEqual(model.state.place, .folder(["Toolbar"]))
    XCTAssertEqual(model.rowNames, ["News"])
  }

  func testAddingInAFolderAddsIntoIt() {
    var model = Fixtures.model(Self.library)
    model.press(.down, .enter, .enter)
    model.press(.character("+"))
    XCTAssertEqual(model.state.dialog?.folder.text, "Toolbar/Dev")
    XCTAssertEqual(model.state.dialog?.hasChanges, false, "Esc closes an untouched dialog at once")
    model.press(.tab)
    model.type("swift.org")
    XCTAssertEqual(
      model.press(.enter),
      [.add(BookmarkDraft(name: "swift.org", url: "https://swift.org", folder: ["Toolbar", "Dev"]))])
  }

  func testMMovesTheSelectedBookmarkToTheFolderChosen() {
    var model = Fixtures.model(Self.library)
    model.press(.character("m"))
    XCTAssertEqual(model.state.message?.text, "Press e for Edit mode to move bookmarks.")
    model.press(.character("e"), .down, .down, .character("m"))  // Loose
    guard case .move(let picker) = model.state.modal else { return XCTFail("no picker") }
    XCTAssertEqual(
      picker.destinations, [[], ["archive"], ["Toolbar"], ["Toolbar", "Dev"], ["Toolbar", "Dev", "Swift"]])
    XCTAssertEqual(picker.selection, 0, "it starts where the bookmark is")
    let screen = BookmarksScreen.render(model.state).lines.joined(separator: "\n")
    XCTAssertTrue(screen.contains("Move “Loose” to"), screen)
    XCTAssertTrue(screen.contains("    ▸ Swift"), screen)
    XCTAssertEqual(model.press(.down, .down, .down), [])
    let loose = Self.library[0]
    XCTAssertEqual(model.press(.enter), [.move(loose, to: ["Toolbar", "Dev"])])
    XCTAssertNil(model.state.modal)

    var moved = loose
    moved.folder = ["Toolbar", "Dev"]
    _ = model.send(.moveFinished(loose, .success(moved)))
    XCTAssertEqual(model.state.message?.text, "Moved “Loose” to Toolbar › Dev.")
    XCTAssertEqual(model.rowNames, ["▸ archive", "▸ Toolbar"], "it left the top level")

    // (In Edit mode Enter renames a folder; → opens it.)
    model.press(.down, .right, .right)
    XCTAssertEqual(model.rowNames, ["▸ Swift", "Loose", "Forums", "Docs"])
    model.press(.down, .character("m"), .escape)
    XCTAssertNil(model.state.modal, "Esc cancels")
    model.press(.character("m"), .enter)
    XCTAssertEqual(model.state.message?.text, "“Loose” is already in Toolbar › Dev.")
  }

  func testTypingInThePickerFindsAFolderOrNamesANewOne() {
    var model = Fixtures.model(Self.library)
    model.press(.character("e"), .down, .down, .character("m"))  // Loose
    model.type("dev")
    guard case .move(var picker) = model.state.modal else { return XCTFail("no picker") }
    XCTAssertEqual(
      picker.rows, [.new(["dev"]), .existing(["Toolbar", "Dev"]), .existing(["Toolbar", "Dev", "Swift"])],
      "“dev” is no folder's whole path, so it is offered as a new one first")
    model.press(.down)
    XCTAssertEqual(model.press(.enter), [.move(Self.library[0], to: ["Toolbar", "Dev"])])
    // (Keys wait for the store's answer to a move; this one leaves the list as it was.)
    _ = model.send(.moveFinished(Self.library[0], .failure(FailureMessage("Not moved in this test."))))

    model.press(.character("m"))
    model.type("toolbar/dev")
    guard case .move(let exact) = model.state.modal else { return XCTFail("no picker") }
    XCTAssertEqual(exact.rows.first, .existing(["Toolbar", "Dev"]), "an existing path, case ignored: no new one")
    model.press(.control("u"))
    model.type("Reading / Later")
    XCTAssertEqual(model.press(.enter), [.move(Self.library[0], to: ["Reading", "Later"])])
    // (Keys wait for the store's answer to a move; this one leaves the list as it was.)
    _ = model.send(.moveFinished(Self.library[0], .failure(FailureMessage("Not moved in this test."))))

    model.press(.character("m"))
    model.type("bad\u{1B}name")
    XCTAssertEqual(model.press(.enter), [], "a folder name with a control character is refused")
    guard case .move(let refused) = model.state.modal else { return XCTFail("the picker closed") }
    XCTAssertNotNil(refused.error)
    let screen = BookmarksScreen.render(model.state).lines.joined(separator: "\n")
    XCTAssertTrue(screen.contains("+ New folder “bad␛name”"), screen)
    picker = refused
    XCTAssertEqual(picker.query.text, "bad\u{1B}name")
  }

  func testAFailedMoveSaysWhy() {
    var model = Fixtures.model(Self.library)
    _ = model.send(.moveFinished(Self.library[0], .failure(FailureMessage("The disk is full."))))
    XCTAssertEqual(model.state.message, StatusMessage("The disk is full.", isError: true))
    XCTAssertEqual(model.rowNames, ["▸ archive", "▸ Toolbar", "Loose"])
  }

  func testASecondClickOnAFolderOpensIt() {
    var model = Fixtures.model(Self.library)
    _ = model.send(.mouse(MouseEvent(.click, row: 3, column: 10)))
    XCTAssertEqual(model.state.selectedFolder?.name, "Toolbar")
    _ = model.send(.mouse(MouseEvent(.click, row: 4, column: 10)))
    XCTAssertEqual(model.state.place, .folder(["Toolbar"]))
  }

  func testFolderPickerFrame() {
    var model = Fixtures.model(Self.library)
    model.press(.character("e"), .down, .down, .character("m"))
    model.type("dev")
    assertScreen(BookmarksScreen.render(model.state), named: "folder-picker")
  }

  func testFolderViewFrame() {
    var model = Fixtures.model(Self.library)
    model.press(.down, .enter)
    assertScreen(BookmarksScreen.render(model.state), named: "folder-view")
  }
}
