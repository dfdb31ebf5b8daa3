import BookmarkModel
import BookmarkStores
import BookmarksViewModel
import Foundation
import ScreenRendering
import XCTest

/// Conflicts in the list: the ⚠ marker, Enter opening the resolve dialog, choosing and
/// keeping a version, and the store's answers in any order.
final class ResolveDialogTests: XCTestCase {
  private let tokyo = Fixtures.three[1]

  private var versions: [BookmarkVersion] {
    var other = tokyo
    other.name = "Tokyo Tower"
    other.url = "https://www.tokyotower.co.jp/en"
    return [
      BookmarkVersion(
        id: "v-current", bookmark: tokyo, device: "laptop · device-b", saved: Fixtures.date, isCurrent: true,
        isThisDevice: true),
      // Saved within the same minute: the seconds tell them apart.
      BookmarkVersion(
        id: "v-other", bookmark: other, device: "server · device-a", saved: Fixtures.date.addingTimeInterval(25),
        isCurrent: false),
    ]
  }

  /// A model whose second bookmark is in conflict, with it selected.
  private func conflictedModel() -> BookmarksViewModel {
    var model = Fixtures.model()
    var state = model.state
    state.timeZone = TimeZone(identifier: "UTC")!
    model = BookmarksViewModel(state: state)
    let status = StoreStatus(backend: .documents, sync: .synced, conflicts: 1)
    _ = model.send(
      .storeChanged(StoreSnapshot(bookmarks: .success(Fixtures.three), status: status, conflicted: [tokyo.id])))
    model.press(.down)
    return model
  }

  func testConflictedRowIsMarkedAndTheBottomLineCountsIt() {
    let model = conflictedModel()
    XCTAssertEqual(model.state.conflicted, [tokyo.id])
    assertScreen(BookmarksScreen.render(model.state), named: "conflict-marked")
  }

  func testEnterOnAConflictedRowAsksForItsVersions() {
    var model = conflictedModel()
    let effects = model.press(.enter)
    XCTAssertEqual(effects, [.loadVersions(tokyo.id)])
    guard case .resolve(let dialog) = model.state.modal else { return XCTFail("no resolve dialog") }
    XCTAssertNil(dialog.versions)
  }

  func testEnterOnAnOrdinaryRowOpensItAndInEditModeEditsIt() {
    var model = conflictedModel()
    model.press(.up)
    XCTAssertEqual(model.press(.enter), [.openURL("https://www.apple.com")])
    model.press(.character("e"))
    XCTAssertEqual(model.press(.enter), [])
    XCTAssertNotNil(model.state.dialog)
  }

  func testEnterOnAConflictedRowResolvesInEditModeToo() {
    var model = conflictedModel()
    model.press(.character("e"))
    XCTAssertEqual(model.press(.enter), [.loadVersions(tokyo.id)])
  }

  func testChoosingTheOtherVersionKeepsIt() {
    var model = conflictedModel()
    model.press(.enter)
    _ = model.send(.versionsLoaded(tokyo.id, .success(versions)))
    assertScreen(BookmarksScreen.render(model.state), named: "resolve-dialog")
    model.press(.down)
    let effects = model.press(.enter)
    XCTAssertEqual(effects, [.resolve(tokyo.id, keeping: "v-other")])
    // Keys other than Esc wait while the store works.
    XCTAssertEqual(model.press(.up, .enter), [])
    _ = model.send(.resolveFinished(tokyo.id, nil))
    XCTAssertNil(model.state.modal)
    XCTAssertFalse(model.state.conflicted.contains(tokyo.id))
    XCTAssertEqual(model.state.message?.text, "Kept “Tokyo Tower”; the other versions are gone everywhere.")
    // The store's echo of the kept version is this session's own change, not news.
    var kept = Fixtures.three
    kept[1] = versions[1].bookmark
    _ = model.send(.storeChanged(Fixtures.snapshot(kept)))
    XCTAssertEqual(model.state.message?.text, "Kept “Tokyo Tower”; the other versions are gone everywhere.")
    let bottom = BookmarksScreen.render(model.state).lines.last ?? ""
    XCTAssertTrue(bottom.contains("the other versions are gone everywhere."), "the message fits: \(bottom)")
  }

  func testTabWrapsAroundTheVersions() {
    var model = conflictedModel()
    model.press(.enter)
    _ = model.send(.versionsLoaded(tokyo.id, .success(versions)))
    model.press(.tab, .tab)
    XCTAssertEqual(model.press(.enter), [.resolve(tokyo.id, keeping: "v-current")])
  }

  func testAFailedResolveKeepsTheDialogWithTheReason() {
    var model = conflictedModel()
    model.press(.enter)
    _ = model.send(.versionsLoaded(tokyo.id, .success(versions)))
    model.press(.enter)
    _ = model.send(.resolveFinished(tokyo.id, FailureMessage("The cloud can't be reached.")))
    guard case .resolve(let dialog) = model.state.modal else { return XCTFail("dialog closed") }
    XCTAssertEqual(dialog.error, "The cloud can't be reached.")
    XCTAssertFalse(dialog.isResolving)
    XCTAssertEqual(model.press(.enter), [.resolve(tokyo.id, keeping: "v-current")])
  }

  func testEscClosesWithoutResolving() {
    var model = conflictedModel()
    model.press(.enter)
    _ = model.send(.versionsLoaded(tokyo.id, .success(versions)))
    XCTAssertEqual(model.press(.escape), [])
    XCTAssertNil(model.state.modal)
    XCTAssertTrue(model.state.conflicted.contains(tokyo.id))
  }

  func testResolvedElsewhereWhileOpenClosesTheDialog() {
    var model = conflictedModel()
    model.press(.enter)
    _ = model.send(.versionsLoaded(tokyo.id, .success(versions)))
    _ = model.send(.storeChanged(Fixtures.snapshot(Fixtures.three)))
    XCTAssertNil(model.state.modal)
    XCTAssertEqual(model.state.message?.text, "“東京タワー” was resolved elsewhere.")
  }

  func testNoVersionsLeftWhenTheAnswerArrivesSaysSo() {
    var model = conflictedModel()
    model.press(.enter)
    _ = model.send(.versionsLoaded(tokyo.id, .success([])))
    XCTAssertNil(model.state.modal)
    XCTAssertEqual(model.state.message?.text, "“東京タワー” is no longer in conflict.")
  }

  func testALateAnswerForAnotherBookmarkIsIgnored() {
    var model = conflictedModel()
    model.press(.enter)
    _ = model.send(.versionsLoaded("id-3", .success(versions)))
    guard case .resolve(let dialog) = model.state.modal else { return XCTFail("dialog closed") }
    XCTAssertNil(dialog.versions)
  }

  func testTheResolveDialogFitsTheMinimumSize() {
    var model = conflictedModel()
    _ = model.send(.resized(ScreenSize(columns: 40, rows: 10)))
    model.press(.enter)
    _ = model.send(.versionsLoaded(tokyo.id, .success(versions)))
    model.press(.down)
    let screen = BookmarksScreen.render(model.state).lines.joined(separator: "\n")
    XCTAssertTrue(screen.contains("Keep other"), screen)
    XCTAssertTrue(screen.contains("2 of 2 versions"), screen)
  }
}
