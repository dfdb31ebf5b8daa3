import BookmarkModel
import BookmarksState
import BookmarksViewModel
import ListSearch
import XCTest

/// The `/` filter's index is built off the UI thread, so `/` and the first keystroke never
/// wait for it; a query typed before it is ready is answered when it arrives, no key lost.
final class BackgroundSearchTests: XCTestCase {
  private func backgroundModel(_ bookmarks: [Bookmark]) -> (BookmarksViewModel, [Effect]) {
    var model = BookmarksViewModel(state: AppState(backend: .userDefaults, size: ScreenSize(columns: 80, rows: 24)))
    model.preparesSearchInBackground = true
    let effects = model.send(.storeChanged(Fixtures.snapshot(bookmarks)))
    return (model, effects)
  }

  func testTheFirstSnapshotAsksForTheIndexOnce() {
    let bookmarks = Fixtures.many(30)
    var (model, effects) = backgroundModel(bookmarks)
    XCTAssertEqual(effects, [.prepareSearch(bookmarks, generation: 1)])
    XCTAssertEqual(model.send(.storeChanged(Fixtures.snapshot(bookmarks))), [], "the same list: no second build")
  }

  func testAQueryTypedBeforeTheIndexArrivesIsAnsweredWhenItDoes() {
    let bookmarks = Fixtures.many(30)
    var (model, effects) = backgroundModel(bookmarks)
    model.press(.character("/"))
    model.type("2")
    XCTAssertEqual(model.state.filter?.isWaitingForIndex, true)
    XCTAssertEqual(model.state.filter?.query.text, "2", "no key lost")
    guard case .device(.prepareSearch(let list, let generation)) = effects.first else {
      return XCTFail("no build asked")
    }
    _ = model.send(.searchPrepared(PreparedSearch(list, generation: generation)))
    XCTAssertEqual(model.state.filter?.isWaitingForIndex, false)
    XCTAssertEqual(model.state.shownCount, 12, "2, 12, 20–29")
    model.type("5")
    XCTAssertEqual(model.state.shownCount, 1)
    effects = []
  }

  func testAnIndexOfAnOlderListIsDroppedAndANewOneAsked() {
    let bookmarks = Fixtures.many(30)
    var (model, _) = backgroundModel(bookmarks)
    model.press(.character("/"))
    let changed = Array(bookmarks.dropLast())
    let effects = model.send(.storeChanged(Fixtures.snapshot(changed)))
    XCTAssertEqual(effects, [.prepareSearch(changed, generation: 2)])
    _ = model.send(.searchPrepared(PreparedSearch(bookmarks, generation: 1)))
    XCTAssertEqual(model.state.filter?.isWaitingForIndex, true, "the old list's index is not used")
    _ = model.send(.searchPrepared(PreparedSearch(changed, generation: 2)))
    XCTAssertEqual(model.state.filter?.isWaitingForIndex, false)
    XCTAssertEqual(model.state.shownCount, 29)
  }

  func testWithTheIndexReadySlashFiltersAtOnce() {
    let bookmarks = Fixtures.many(30)
    var (model, effects) = backgroundModel(bookmarks)
    guard case .device(.prepareSearch(let list, let generation)) = effects.first else {
      return XCTFail("no build asked")
    }
    _ = model.send(.searchPrepared(PreparedSearch(list, generation: generation)))
    model.press(.character("/"))
    model.type("7")
    XCTAssertEqual(model.state.filter?.isWaitingForIndex, false)
    XCTAssertEqual(model.state.shownCount, 3, "7, 17, 27")
  }

  /// `#` suggests the tags in use from the list the index was built from, found off the UI
  /// thread with it (30 ms at 100,000 bookmarks were the slowest keystroke of `#swift`).
  func testTheTagsSuggestedComeWithTheIndex() {
    let bookmarks = Fixtures.many(30)
    var (model, effects) = backgroundModel(bookmarks)
    guard case .device(.prepareSearch(let list, let generation)) = effects.first else {
      return XCTFail("no build asked")
    }
    var tagged = list
    tagged[0].tags = ["zeta"]
    tagged[1].tags = ["alpha", "zeta"]
    _ = model.send(.searchPrepared(PreparedSearch(tagged, generation: generation)))
    model.press(.character("/"))
    model.type("#")
    XCTAssertEqual(model.state.filter?.tagSuggestions, ["zeta", "alpha"], "the index's, most used first")
  }
}
