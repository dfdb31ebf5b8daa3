import BookmarkModel
import BookmarkStoreInterface
import BookmarksDrawing
import BookmarksState
import BookmarksViewModel
import Foundation
import ScreenRendering
import XCTest

/// `H` on a row: the bookmark's history newest first, with device, time and what changed;
/// Enter makes an older version current again, and `u` takes that back (issue 19.3).
final class HistoryViewTests: XCTestCase {
  private let tokyo = Fixtures.three[1]

  /// Tokyo's history: created on the laptop, renamed on the desk, its URL changed on the
  /// laptop (now).
  private var history: BookmarkHistory {
    var renamed = tokyo
    renamed.name = "Tokyo Tower"
    var moved = renamed
    moved.url = "https://www.tokyotower.co.jp/en"
    return BookmarkHistory(
      bookmarkID: tokyo.id,
      versions: [
        HistoryVersion(id: "1a2b3c4d-0000", parents: [], device: "laptop", saved: Fixtures.date, bookmark: tokyo),
        HistoryVersion(
          id: "5e6f7a8b-0000", parents: ["1a2b3c4d-0000"], device: "desk", saved: Fixtures.date.addingTimeInterval(60),
          bookmark: renamed),
        HistoryVersion(
          id: "9c0d1e2f-0000", parents: ["5e6f7a8b-0000"], device: "laptop",
          saved: Fixtures.date.addingTimeInterval(125), bookmark: moved),
      ])
  }

  /// A model on the documents store, Tokyo (as it is now) selected.
  private func model() -> BookmarksViewModel {
    var bookmarks = Fixtures.three
    bookmarks[1] = history.versions[2].bookmark
    var model = Fixtures.model(bookmarks, status: StoreStatus(backend: .documents, sync: .synced))
    var state = model.state
    state.timeZone = TimeZone(identifier: "UTC")!
    model = BookmarksViewModel(state: state)
    _ = model.send(.storeChanged(Fixtures.snapshot(bookmarks, status: StoreStatus(backend: .documents, sync: .synced))))
    model.press(.down)
    return model
  }

  func testHListsTheHistoryNewestFirstWithTheOneBeforeNowChosen() {
    var model = model()
    XCTAssertEqual(model.press(.character("H")), [.loadHistory(tokyo.id)])
    assertScreen(BookmarksScreen.render(model.state), named: "history-listing")
    _ = model.send(.historyLoaded(tokyo.id, .success(history)))
    guard case .history(let view) = model.state.modal else { return XCTFail("no history view") }
    XCTAssertEqual(view.listing?.rows.map(\.changes), ["URL changed", "name changed", "created"])
    XCTAssertEqual(view.chosen?.version.id, "5e6f7a8b-0000", "the version before now")
    assertScreen(BookmarksScreen.render(model.state), named: "history")
  }

  /// The history's keys come from its table: a key outside it does nothing.
  func testTheHistoryAcceptsOnlyTheKeysInItsTable() {
    var model = model()
    model.press(.character("H"))
    _ = model.send(.historyLoaded(tokyo.id, .success(history)))
    guard case .history = model.state.modal else { return XCTFail("no history view") }
    assertOnlyTableKeysAct(model, table: KeyBindings.history.keys)
  }

  func testEnterRevertsAndURevertsTheRevert() {
    var model = model()
    model.press(.character("H"))
    _ = model.send(.historyLoaded(tokyo.id, .success(history)))
    model.press(.down)
    XCTAssertEqual(model.press(.enter), [.revert(tokyo.id, version: "1a2b3c4d-0000")])
    XCTAssertTrue(model.state.isWaitingForStore, "keys wait for the store's answer")
    let now = model.state.bookmarks.first { $0.id == tokyo.id }!
    var reverted = tokyo
    reverted.modified = Fixtures.date.addingTimeInterval(300)
    _ = model.send(
      .reverted(
        tokyo.id,
        .success(Reverted(bookmark: reverted, before: now, version: history.versions[0], madeFolder: false))))
    XCTAssertNil(model.state.modal)
    XCTAssertEqual(model.state.message?.text, "Reverted “東京タワー” to version 1a2b3c4d; u takes it back.")
    // The store's echo of the revert.
    var listed = model.state.bookmarks
    listed[listed.firstIndex { $0.id == tokyo.id }!] = reverted
    _ = model.send(.storeChanged(Fixtures.snapshot(listed, status: StoreStatus(backend: .documents, sync: .synced))))
    let effects = model.press(.character("u"))
    XCTAssertEqual(effects, [.applyChange(.replacing(with: now))], "u puts back the version it was before")
  }

  func testEnterOnTheVersionItIsNowSaysSoAndDoesNothing() {
    var model = model()
    model.press(.character("H"))
    _ = model.send(.historyLoaded(tokyo.id, .success(history)))
    model.press(.up)
    XCTAssertEqual(model.press(.enter), [])
    guard case .history(let view) = model.state.modal else { return XCTFail("closed") }
    XCTAssertEqual(view.error, "That is the version it is now; choose an older one.")
  }

  func testAStoreWithoutHistorySaysSoInTheView() {
    var model = model()
    model.press(.character("H"))
    let sentence = StoreError.noHistory(.userDefaults).description
    _ = model.send(.historyLoaded(tokyo.id, .failure(FailureMessage(sentence))))
    guard case .history(let view) = model.state.modal else { return XCTFail("closed") }
    XCTAssertEqual(view.error, sentence)
    XCTAssertEqual(model.press(.enter), [], "nothing to revert to")
    model.press(.escape)
    XCTAssertNil(model.state.modal)
  }

  func testAFailedRevertIsSaidInTheViewAndKeysTypedMeanwhileAreDropped() {
    var model = model()
    model.press(.character("H"))
    _ = model.send(.historyLoaded(tokyo.id, .success(history)))
    model.press(.enter)
    XCTAssertTrue(model.state.isWaitingForStore)
    // Typed before the answer: they wait, and a failure drops them (as for any store work).
    XCTAssertEqual(model.press(.escape, .character("q")), [])
    _ = model.send(.reverted(tokyo.id, .failure(FailureMessage("The disk is full."))))
    guard case .history(let view) = model.state.modal else { return XCTFail("closed") }
    XCTAssertEqual(view.error, "The disk is full.")
    XCTAssertFalse(view.isReverting)
    XCTAssertFalse(model.state.shouldQuit)
  }

  /// Keys typed while the store reverts wait for it: a `u` right after Enter undoes the
  /// revert, not the change before it.
  func testAUTypedAheadUndoesTheRevert() {
    var model = model()
    let now = model.state.bookmarks.first { $0.id == tokyo.id }!
    model.press(.character("H"))
    _ = model.send(.historyLoaded(tokyo.id, .success(history)))
    model.press(.enter)
    XCTAssertEqual(model.press(.character("u")), [], "u waits for the revert")
    var reverted = history.versions[1].bookmark
    reverted.modified = Fixtures.date.addingTimeInterval(300)
    var listed = model.state.bookmarks
    listed[listed.firstIndex { $0.id == tokyo.id }!] = reverted
    _ = model.send(.storeChanged(Fixtures.snapshot(listed, status: StoreStatus(backend: .documents, sync: .synced))))
    let effects = model.send(
      .reverted(
        tokyo.id,
        .success(Reverted(bookmark: reverted, before: now, version: history.versions[1], madeFolder: false))))
    XCTAssertEqual(effects, [.applyChange(.replacing(with: now))])
  }

  func testALongHistoryScrollsToTheChoiceAt40By10() {
    var model = model()
    var state = model.state
    state.size = ScreenSize(columns: 40, rows: 10)
    model = BookmarksViewModel(state: state)
    _ = model.send(
      .storeChanged(Fixtures.snapshot(model.state.bookmarks, status: StoreStatus(backend: .documents, sync: .synced))))
    XCTAssertEqual(model.state.selectedBookmark?.id, tokyo.id)
    model.press(.character("H"))
    _ = model.send(.historyLoaded(tokyo.id, .success(history)))
    model.press(.down)
    assertScreen(BookmarksScreen.render(model.state), named: "history-small")
  }
}
