import BookmarkModel
import BookmarkStoreInterface
import BookmarksState
import BookmarksViewModel
import XCTest

/// A save from the dialog gets one answer: the bookmark stored and the store's snapshot after
/// the write. The screen changes once, from it; the store's change events around it (its echo,
/// older news crossing it) do not change the screen again or read as news from elsewhere.
final class SaveAnswerTests: XCTestCase {
  /// Apple's edit dialog, saved as "Mine" and waiting for the store.
  private func editSavedAsMine() -> (model: BookmarksViewModel, mine: Bookmark) {
    var model = Fixtures.model()
    model.press(.character("e"), .enter)
    model.press(.control("u"))
    model.type("Mine")
    let effects = model.press(.enter)
    var mine = Fixtures.three[0]
    mine.name = "Mine"
    XCTAssertEqual(effects, [.update(mine.id, BookmarkDraft(name: "Mine", url: mine.url))])
    return (model, mine)
  }

  /// The Add dialog saving "Swift" (swift.org), and the bookmark the store makes of it.
  private func addSavingSwift() -> (model: BookmarksViewModel, saved: Bookmark) {
    var model = Fixtures.model()
    model.press(.character("+"))
    model.type("Swift")
    model.press(.tab)
    model.type("swift.org")
    model.press(.enter)
    return (model, Fixtures.bookmark("new", "Swift", "https://swift.org"))
  }

  func testTheAnswerClosesTheDialogAndShowsTheListAsStoredInOneStep() {
    var (model, saved) = addSavingSwift()
    let stored = Fixtures.snapshot(Fixtures.three + [saved])
    _ = model.send(.saveFinished(.success(saved), snapshot: stored))
    XCTAssertNil(model.state.modal)
    XCTAssertEqual(model.state.bookmarks.map(\.id), ["id-1", "id-2", "id-3", "new"])
    XCTAssertEqual(model.state.selectedBookmark?.id, "new")
    XCTAssertEqual(model.state.message?.text, "Added “Swift”.")

    // The store's change event brings the same snapshot after the answer: nothing changes.
    let answered = model.state
    XCTAssertEqual(model.send(.storeChanged(stored)), [])
    XCTAssertEqual(model.state, answered)
  }

  func testASnapshotOlderThanTheAnswerChangesNothing() {
    var (model, saved) = addSavingSwift()
    // Made before the write (another device's delete of Tokyo), delivered after the answer.
    let older = Fixtures.snapshot([Fixtures.three[0], Fixtures.three[2]])
    let stored = Fixtures.snapshot([Fixtures.three[0], Fixtures.three[2], saved])
    _ = model.send(.saveFinished(.success(saved), snapshot: stored))
    _ = model.send(.storeChanged(older))
    XCTAssertEqual(model.state.bookmarks.map(\.id), ["id-1", "id-3", "new"], "the new bookmark stays")
    XCTAssertEqual(model.state.message?.text, "Added “Swift”.", "not “deleted elsewhere”")
  }

  func testASnapshotDuringTheSaveWaitsForTheAnswerAndTheNewerIsShown() {
    var (model, mine) = editSavedAsMine()
    let answered = Fixtures.snapshot([mine, Fixtures.three[1], Fixtures.three[2]])
    // Newer than the write: another device renamed Tokyo just after it.
    var tokyo = Fixtures.three[1]
    tokyo.name = "Tokyo"
    let newer = Fixtures.snapshot([mine, tokyo, Fixtures.three[2]])
    _ = model.send(.storeChanged(newer))
    XCTAssertEqual(model.state.bookmarks.map(\.name).first, "Apple", "the list waits for the save's answer")
    XCTAssertEqual(model.state.dialog?.isSaving, true)

    _ = model.send(.saveFinished(.success(mine), snapshot: answered))
    XCTAssertNil(model.state.modal)
    XCTAssertEqual(model.state.bookmarks.map(\.name), ["Mine", "Tokyo", "🚀 Launch checklist"])
    XCTAssertEqual(model.state.selectedBookmark?.id, mine.id)
    XCTAssertEqual(model.state.message?.text, "Saved “Mine”.", "one's own edit is not news")
  }

  func testARefusedSaveShowsWhatCameMeanwhileAndOffersTheRestore() {
    var (model, _) = editSavedAsMine()
    // Deleted on another device while the save was in flight; the store refuses the update.
    let deleted = Fixtures.snapshot(Array(Fixtures.three.dropFirst()))
    _ = model.send(.storeChanged(deleted))
    _ = model.send(.saveFinished(.failure(FailureMessage("No bookmark has the id id-1.")), snapshot: deleted))
    XCTAssertEqual(model.state.bookmarks.map(\.id), ["id-2", "id-3"])
    XCTAssertEqual(model.state.dialog?.purpose, .add)
    XCTAssertEqual(
      model.state.dialog?.error,
      "This bookmark was deleted elsewhere. Enter saves it as a new bookmark; Esc discards it.")
  }

  /// Esc closes the dialog while its save is in flight: a store event meanwhile still waits for
  /// the answer, and the late answer shows the list as stored without moving the selection or
  /// saying more (the dialog that would have said it is gone).
  func testALateAnswerAfterEscShowsTheListWithoutMovingTheSelection() {
    var (model, saved) = addSavingSwift()
    model.press(.escape)
    XCTAssertNil(model.state.modal)
    model.press(.down)
    let selected = model.state.selectedBookmark?.id
    let stored = Fixtures.snapshot(Fixtures.three + [saved])
    _ = model.send(.storeChanged(stored))
    XCTAssertEqual(model.state.bookmarks.count, 3, "the event waits for the save's answer")
    _ = model.send(.saveFinished(.success(saved), snapshot: stored))
    XCTAssertEqual(model.state.bookmarks.map(\.id), ["id-1", "id-2", "id-3", "new"])
    XCTAssertEqual(model.state.selectedBookmark?.id, selected)
    XCTAssertNil(model.state.message)
  }
}
