import BookmarkModel
import BookmarkStoreInterface
import BookmarksDrawing
import BookmarksState
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
    XCTAssertEqual(effects, [.resolve(tokyo.id, .keep(versionID: "v-other"), seen: ["v-current", "v-other"])])
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
    XCTAssertEqual(
      model.press(.enter), [.resolve(tokyo.id, .keep(versionID: "v-current"), seen: ["v-current", "v-other"])])
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
    XCTAssertEqual(
      model.press(.enter), [.resolve(tokyo.id, .keep(versionID: "v-current"), seen: ["v-current", "v-other"])])
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

  /// `b` keeps the chosen version and makes the other one a bookmark of its own, with the id
  /// the store gives it, which is then no news to this session.
  func testKeepBothMakesTheOtherVersionABookmarkOfItsOwn() {
    var model = conflictedModel()
    // A kept filter that the copy doesn't match: a bookmark added elsewhere and hidden by it
    // would be news; the copy is this session's own.
    model.press(.character("/"))
    for character in "東京" { model.press(.character(character)) }
    model.press(.enter)
    XCTAssertEqual(model.state.selectedBookmark?.id, tokyo.id)
    model.press(.enter)
    _ = model.send(.versionsLoaded(tokyo.id, .success(versions)))
    XCTAssertEqual(
      model.press(.character("b")),
      [.resolve(tokyo.id, .keepAll(versionID: "v-current"), seen: ["v-current", "v-other"])])
    _ = model.send(.resolveFinished(tokyo.id, nil))
    XCTAssertNil(model.state.modal)
    XCTAssertEqual(model.state.message?.text, "Kept “東京タワー”; the other version is now a bookmark of its own.")
    var copy = versions[1].bookmark
    copy.id = ConflictResolution.copyID(of: tokyo.id, version: "v-other")
    _ = model.send(.storeChanged(Fixtures.snapshot(Fixtures.three + [copy])))
    XCTAssertEqual(model.state.message?.text, "Kept “東京タワー”; the other version is now a bookmark of its own.")
    // Another bookmark added elsewhere and hidden by the filter is news, as before.
    var other = copy
    other.id = "elsewhere"
    _ = model.send(.storeChanged(Fixtures.snapshot(Fixtures.three + [copy, other])))
    XCTAssertEqual(model.state.message?.text, "1 added elsewhere, hidden by the filter (Esc shows all).")
  }

  /// `m` shows each field with the version it comes from (every field from the chosen one,
  /// tags united); ←→ take a field from the other version; Enter saves what the preview
  /// shows; Esc goes back to the versions.
  func testMergeTakesEachFieldFromAVersionAndSavesThePreview() {
    var model = conflictedModel()
    model.press(.enter)
    var mine = versions
    mine[0].bookmark.tags = ["tower"]
    mine[0].bookmark.notes = "333 m"
    mine[1].bookmark.tags = ["tokyo", "tower"]
    _ = model.send(.versionsLoaded(tokyo.id, .success(mine)))
    model.press(.character("m"))
    assertScreen(BookmarksScreen.render(model.state), named: "resolve-merge")
    // Name stays mine; the URL comes from the other device; tags stay united.
    model.press(.down, .right)
    assertScreen(BookmarksScreen.render(model.state), named: "resolve-merge-url-taken")
    // → then ← on the notes comes back to the notes of this device.
    model.press(.down, .down, .down, .right, .left)
    guard case .resolve(let dialog) = model.state.modal, let merge = dialog.merge else { return XCTFail("no merge") }
    XCTAssertEqual(merge.field, .notes)
    var expected = tokyo
    expected.url = "https://www.tokyotower.co.jp/en"
    expected.tags = ["tower", "tokyo"]
    expected.notes = "333 m"
    let effects = model.press(.enter)
    XCTAssertEqual(effects, [.resolve(tokyo.id, .merge(expected), seen: ["v-current", "v-other"])])
    _ = model.send(.resolveFinished(tokyo.id, nil))
    XCTAssertEqual(
      model.state.message?.text, "Saved the merge “東京タワー”; its versions are gone everywhere.")
  }

  func testEscLeavesTheMergeForTheVersionsAndTabsCycleTheTagsThroughUnited() {
    var model = conflictedModel()
    model.press(.enter)
    var mine = versions
    mine[1].bookmark.tags = ["tokyo"]
    mine[0].bookmark.notes = "first line\nsecond line"
    _ = model.send(.versionsLoaded(tokyo.id, .success(mine)))
    model.press(.character("m"), .up, .up)
    func merge() -> ConflictMerge? {
      guard case .resolve(let dialog) = model.state.modal else { return nil }
      return dialog.merge
    }
    XCTAssertEqual(merge()?.field, .tags)
    XCTAssertEqual(merge()?.merged(mine)?.tags, ["tokyo"])
    model.press(.right)
    XCTAssertEqual(merge()?.merged(mine)?.tags, [], "the first version's tags")
    model.press(.character(" "))
    XCTAssertEqual(merge()?.merged(mine)?.tags, ["tokyo"], "the second version's tags")
    XCTAssertEqual(merge()?.source(of: .tags, in: mine), 1)
    model.press(.right)
    XCTAssertEqual(merge()?.source(of: .tags, in: mine), 2, "united again")
    // Notes of several lines show their first line and that more follow.
    let screen = BookmarksScreen.render(model.state).lines.joined(separator: "\n")
    XCTAssertTrue(screen.contains("‹ first line … ›"), screen)
    model.press(.escape)
    guard case .resolve(let back) = model.state.modal else { return XCTFail("dialog closed") }
    XCTAssertNil(back.merge)
    XCTAssertEqual(model.press(.escape), [])
    XCTAssertNil(model.state.modal)
  }

  /// A store that finds the versions changed since they were listed refuses; the dialog
  /// says so and stays, nothing chosen lost.
  func testVersionsChangedMeanwhileAreSaidAndTheDialogStays() {
    var model = conflictedModel()
    model.press(.enter)
    _ = model.send(.versionsLoaded(tokyo.id, .success(versions)))
    model.press(.character("m"), .enter)
    let sentence = StoreError.versionsChanged("東京タワー").description
    _ = model.send(.resolveFinished(tokyo.id, FailureMessage(sentence)))
    guard case .resolve(let dialog) = model.state.modal else { return XCTFail("dialog closed") }
    XCTAssertEqual(dialog.error, sentence)
    XCTAssertNotNil(dialog.merge)
    XCTAssertFalse(dialog.isResolving)
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

    // The merge keeps the chosen field in view and everything inside its box.
    model.press(.character("m"), .up)
    let lines = BookmarksScreen.render(model.state).lines
    let merge = lines.joined(separator: "\n")
    XCTAssertTrue(merge.contains("▸ Notes"), merge)
    XCTAssertTrue(lines[lines.count - 2].contains("└"), merge)
    XCTAssertTrue(lines[lines.count - 1].contains("1 conflict"), merge)
  }
}
