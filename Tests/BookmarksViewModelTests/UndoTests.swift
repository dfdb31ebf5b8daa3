import BookmarkModel
import BookmarksDrawing
import BookmarksState
import BookmarksViewModel
import ScreenRendering
import XCTest

/// Undo and redo in the running app (issue 19.1): `u` takes back the session's last change as
/// an ordinary store change, `U` and `Ctrl-R` make it again, and a bookmark another device
/// changed since is undone only after `y`.
final class UndoTests: XCTestCase {
  private let filed = Bookmark(
    id: "f", name: "Forums", url: "https://forums.swift.org", created: Fixtures.date, modified: Fixtures.date,
    folder: ["Dev"], notes: "Ask here", tags: ["swift"])

  private func answered(_ model: inout BookmarksViewModel, _ failure: FailureMessage? = nil) -> [Effect] {
    XCTAssertTrue(model.state.isWaitingForStore)
    return model.send(.changeApplied(failure))
  }

  func testADeleteIsUndoneWithTheSameIdDatesFolderTagsAndNotesAndRedone() {
    var model = Fixtures.model([filed] + Fixtures.three)
    model.press(.character("A"), .character("e"), .character("d"), .character("y"))
    _ = model.send(.deleteFinished(filed, nil))
    model.press(.escape)
    XCTAssertEqual(model.press(.character("u")), [.applyChange(.restore(filed))])
    _ = answered(&model)
    XCTAssertEqual(model.state.message?.text, "Undid delete of “Forums”.")
    _ = model.send(.storeChanged(Fixtures.snapshot([filed] + Fixtures.three)))
    XCTAssertEqual(model.press(.character("U")), [.applyChange(.remove(filed))])
    _ = answered(&model)
    XCTAssertEqual(model.state.message?.text, "Redid delete of “Forums”.")
    _ = model.send(.storeChanged(Fixtures.snapshot(Fixtures.three)))
    XCTAssertEqual(model.press(.control("r")), [])
    XCTAssertEqual(model.state.message?.text, "Nothing to redo.")
  }

  func testAnEditIsUndoneToEveryFieldItHad() {
    var model = Fixtures.model([filed])
    model.press(.character("A"), .character("e"), .enter, .control("u"))
    model.type("Swift Forums")
    _ = model.press(.enter)
    var renamed = filed
    renamed.name = "Swift Forums"
    _ = model.saved(renamed)
    XCTAssertEqual(
      model.press(.character("u")),
      [
        .applyChange(
          .replace(
            "f", BookmarkDraft(name: "Forums", url: filed.url, folder: ["Dev"], tags: ["swift"], notes: "Ask here")))
      ])
    _ = answered(&model)
    XCTAssertEqual(model.state.message?.text, "Undid edit of “Forums”.")
  }

  func testAnAddIsUndoneByDeletingItAndANewChangeForgetsTheRedo() {
    var model = Fixtures.model(Fixtures.three)
    model.press(.character("+"), .tab)
    model.type("swift.org")
    _ = model.press(.enter)
    let added = Fixtures.bookmark("new", "swift.org", "https://swift.org")
    _ = model.saved(added)
    XCTAssertEqual(model.press(.character("u")), [.applyChange(.remove(added))])
    _ = answered(&model)
    _ = model.send(.storeChanged(Fixtures.snapshot(Fixtures.three)))
    model.press(.character("e"), .character("d"), .character("y"))
    _ = model.send(.deleteFinished(Fixtures.three[0], nil))
    model.press(.escape)
    XCTAssertEqual(model.press(.character("U")), [], "the delete came after the undo")
    XCTAssertEqual(model.state.message?.text, "Nothing to redo.")
  }

  func testABookmarkChangedElsewhereSinceIsUndoneOnlyAfterYes() {
    var model = Fixtures.model([filed])
    model.press(.character("A"), .character("e"), .character("d"), .character("y"))
    _ = model.send(.deleteFinished(filed, nil))
    // Another device added it back meanwhile, renamed.
    var elsewhere = filed
    elsewhere.name = "Forums (theirs)"
    _ = model.send(.storeChanged(Fixtures.snapshot([elsewhere])))
    model.press(.escape)
    XCTAssertEqual(model.press(.character("u")), [])
    let bottom = BookmarksScreen.render(model.state).lines[23]
    XCTAssertTrue(
      bottom.contains("It was changed elsewhere since. Press y to undo the delete of “Forums” anyway."), bottom)
    model.press(.character("n"))
    XCTAssertEqual(model.state.message?.text, "Left it as the other device made it.")
    XCTAssertEqual(model.press(.character("u"), .character("y")), [.applyChange(.restore(filed))])
  }

  func testAFailedUndoSaysWhyAndCanBeTriedAgain() {
    var model = Fixtures.model([filed])
    model.press(.character("A"), .character("e"), .character("d"), .character("y"))
    _ = model.send(.deleteFinished(filed, nil))
    model.press(.escape)
    _ = model.press(.character("u"))
    _ = answered(&model, FailureMessage("The disk is full."))
    XCTAssertEqual(model.state.message, StatusMessage("The disk is full.", isError: true))
    XCTAssertEqual(model.press(.character("u")), [.applyChange(.restore(filed))])
  }

  func testKeysTypedWhileTheStoreWorksWaitAndApplyInTurn() {
    var model = Fixtures.model([filed] + Fixtures.three)
    model.press(.character("A"), .character("e"), .character("d"), .character("y"))
    _ = model.send(.deleteFinished(filed, nil))
    model.press(.escape)
    _ = model.press(.character("u"))
    XCTAssertEqual(model.press(.character("U")), [], "waits for the undo")
    XCTAssertEqual(model.send(.changeApplied(nil)), [.applyChange(.remove(filed))], "then redoes it")
  }

  func testNothingToUndoSaysTheStackIsThisSessions() {
    var model = Fixtures.model()
    model.press(.character("u"))
    XCTAssertEqual(model.state.message?.text, "Nothing to undo in this session.")
  }

  func testMovesToAFolderAndInYourOrderAreUndone() {
    var model = Fixtures.model([filed] + Fixtures.three)
    model.press(.character("A"), .character("e"), .character("m"), .home, .enter)
    var moved = filed
    moved.folder = []
    _ = model.send(.moveFinished(filed, .success(moved)))
    XCTAssertEqual(model.press(.character("u")), [.applyChange(.replacing(with: filed))])
    _ = answered(&model)
    XCTAssertEqual(model.state.message?.text, "Undid move of “Forums”.")

    var ordered = Fixtures.model(Fixtures.three)
    ordered.press(.character("e"), .character("J"))
    _ = ordered.send(.changeApplied(nil))
    XCTAssertEqual(ordered.press(.character("u")), [.applyChange(.reorder("id-1", after: false, "id-2"))])
  }

  func testUndoStopsAtAFolderChangeAndNeverReachesPastIt() {
    // Given an add, then a new folder
    var model = Fixtures.model(Fixtures.three)
    model.press(.character("+"), .tab)
    model.type("swift.org")
    _ = model.press(.enter)
    let added = Fixtures.bookmark("new", "S", "https://swift.org")
    _ = model.saved(added)
    _ = model.send(.storeChanged(Fixtures.snapshot(Fixtures.three + [added])))
    model.press(.character("N"))
    model.type("Fresh")
    XCTAssertEqual(model.press(.enter), [.changeFolder(.create(["Fresh"]))])
    _ = model.send(.folderChanged(.create(["Fresh"]), nil))
    // When u is pressed, twice
    // Then it says it can't undo the folder change, and leaves the add alone
    XCTAssertEqual(model.press(.character("u")), [])
    XCTAssertEqual(model.state.message?.text, "Can't undo a folder change.")
    XCTAssertEqual(model.press(.character("u")), [])
    XCTAssertFalse(model.state.isWaitingForStore)
  }

  func testAFolderDeletedHereIsNotBlamedOnAnotherDevice() {
    // Given a bookmark moved to a new folder Reading/Later (one device, no cloud)
    let read = Fixtures.filed("r", "R", [])
    var model = Fixtures.model([read])
    model.press(.character("e"), .character("m"))
    model.type("Reading/Later")
    XCTAssertEqual(model.press(.enter), [.move(read, to: ["Reading", "Later"])])
    var moved = read
    moved.folder = ["Reading", "Later"]
    _ = model.send(.moveFinished(read, .success(moved)))
    _ = model.send(.storeChanged(Fixtures.snapshot([moved])))
    // When the folder Reading is deleted here (its folder Later goes to the top level)
    XCTAssertEqual(model.rowNames, ["▸ Reading"])
    XCTAssertEqual(model.press(.character("d"), .character("y")), [.changeFolder(.delete(["Reading"]))])
    var later = moved
    later.folder = ["Later"]
    _ = model.send(.storeChanged(Fixtures.snapshot([later])))
    _ = model.send(.folderChanged(.delete(["Reading"]), nil))
    model.press(.escape)
    // Then u says it can't undo the folder change; it never asks about another device
    XCTAssertEqual(model.press(.character("u")), [])
    XCTAssertNil(model.state.modal)
    XCTAssertEqual(model.state.message?.text, "Can't undo a folder change.")
  }

  func testAnUndoneDeleteIsSelectedSoTheNextKeyActsOnIt() {
    // Given the middle bookmark deleted: its neighbour is selected
    var model = Fixtures.model(Fixtures.three)
    model.press(.down, .character("e"), .character("d"), .character("y"))
    _ = model.send(.deleteFinished(Fixtures.three[1], nil))
    _ = model.send(.storeChanged(Fixtures.snapshot([Fixtures.three[0], Fixtures.three[2]])))
    XCTAssertEqual(model.state.selectedBookmark?.id, "id-3")
    // When u brings it back
    XCTAssertEqual(model.press(.character("u")), [.applyChange(.restore(Fixtures.three[1]))])
    _ = answered(&model)
    // Then it is the row selected, before and after the store shows it in its old place
    XCTAssertEqual(model.state.selectedBookmark?.id, "id-2")
    _ = model.send(.storeChanged(Fixtures.snapshot(Fixtures.three)))
    XCTAssertEqual(model.state.selectedBookmark?.id, "id-2")
    XCTAssertEqual(model.press(.character("d"), .character("y")), [.delete(Fixtures.three[1])])
  }
}
