import BookmarkModel
import BookmarkStoreInterface
import BookmarksState
import BookmarksViewModel
import XCTest

/// Your place follows you (issue 18.6), in the view model: where the list is goes out as it
/// changes, never before the user moves; the place arriving at the start opens the list
/// there unless a key came first.
final class PlaceFollowingTests: XCTestCase {
  private static let library = [
    Fixtures.filed("1", "Loose", []), Fixtures.filed("2", "Forums", ["Toolbar", "Dev"]),
    Fixtures.filed("3", "Docs", ["Toolbar", "Dev"]),
    Fixtures.filed("4", "News", ["Toolbar"]),
  ]

  private func following() -> BookmarksViewModel {
    var model = BookmarksViewModel(state: AppState(backend: .keyValue))
    model.followsPlace = true
    XCTAssertEqual(model.send(.storeChanged(Fixtures.snapshot(Self.library))), [], "nothing before a key")
    return model
  }

  private func places(_ effects: [Effect]) -> [ReadingPlace] {
    effects.compactMap { if case .device(.rememberPlace(let place)) = $0 { place } else { nil } }
  }

  func testMovingTellsWhereTheListIsOnceEachTime() {
    var model = following()
    XCTAssertEqual(
      places(model.press(.enter)), [ReadingPlace(folder: ["Toolbar"], selected: nil, sort: "manual")])
    XCTAssertEqual(
      places(model.press(.enter, .down)),
      [
        ReadingPlace(folder: ["Toolbar", "Dev"], selected: "2", sort: "manual"),
        ReadingPlace(folder: ["Toolbar", "Dev"], selected: "3", sort: "manual"),
      ])
    XCTAssertEqual(places(model.press(.down)), [], "the same place is not told twice")
    model.press(.character("/"))
    model.type("doc")
    XCTAssertEqual(
      places(model.press(.enter)),
      [ReadingPlace(folder: ["Toolbar", "Dev"], selected: "3", sort: "manual", filter: "doc")])
    XCTAssertEqual(places(model.press(.character("A"))).first?.folder, nil, "the flat list")
  }

  func testNothingIsToldWhenThePlaceIsNotFollowed() {
    var model = Fixtures.model(Self.library)
    XCTAssertEqual(places(model.press(.enter, .enter, .down)), [])
  }

  func testAPlaceArrivingBeforeTheBookmarksOpensTheListThere() {
    var model = BookmarksViewModel(state: AppState(backend: .keyValue))
    model.followsPlace = true
    _ = model.send(.placeArrived(ReadingPlace(folder: ["Toolbar", "Dev"], selected: "3", sort: "name")))
    _ = model.send(.storeChanged(Fixtures.snapshot(Self.library)))
    XCTAssertEqual(model.state.place, .folder(["Toolbar", "Dev"]))
    XCTAssertEqual(model.state.selectedBookmark?.name, "Docs")
    XCTAssertEqual(model.state.sortOrder, .name)
    XCTAssertEqual(model.rowNames, ["Docs", "Forums"], "by name")
  }

  func testAPlaceWithAFilterInTheFlatListIsOpenedWithTheFilterKept() {
    var model = following()
    _ = model.send(.placeArrived(ReadingPlace(folder: nil, selected: "3", filter: "#nothing OR docs")))
    XCTAssertEqual(model.state.place, .allBookmarks)
    XCTAssertEqual(model.state.filter?.isTyping, false)
    _ = model.send(.placeArrived(ReadingPlace(folder: nil, selected: "4", filter: "news")))
    XCTAssertEqual(model.rowNames, ["News"])
    XCTAssertEqual(model.state.selectedBookmark?.name, "News")
  }

  func testAGoneFolderOpensItsNearestParentAndAGoneBookmarkTheFirstRow() {
    var model = following()
    _ = model.send(.placeArrived(ReadingPlace(folder: ["Toolbar", "Gone"], selected: "gone", sort: "sideways")))
    XCTAssertEqual(model.state.place, .folder(["Toolbar"]))
    XCTAssertEqual(model.state.selection, 0)
    XCTAssertEqual(model.state.sortOrder, .manual, "an unknown order is ignored")
  }

  /// A new device: its first list is empty, the place arrives (from the fetch that also
  /// brought the bookmarks) before the list with them is shown.
  func testAPlaceArrivingBeforeItsFolderIsShownOpensThereWhenItIs() {
    var model = BookmarksViewModel(state: AppState(backend: .keyValue))
    model.followsPlace = true
    _ = model.send(.storeChanged(Fixtures.snapshot([])))
    _ = model.send(.placeArrived(ReadingPlace(folder: ["Toolbar", "Dev"], selected: "3")))
    XCTAssertEqual(model.state.place, .top, "nothing to open yet")
    _ = model.send(.storeChanged(Fixtures.snapshot(Self.library)))
    XCTAssertEqual(model.state.place, .folder(["Toolbar", "Dev"]))
    XCTAssertEqual(model.state.selectedBookmark?.name, "Docs")
    model.press(.up)
    _ = model.send(.storeChanged(Fixtures.snapshot(Self.library)))
    XCTAssertEqual(model.state.selectedBookmark?.name, "Forums", "applied once; a key is the user's")
  }

  func testAPlaceArrivingAfterAKeyIsNotApplied() {
    var model = following()
    model.press(.down)
    _ = model.send(.placeArrived(ReadingPlace(folder: ["Toolbar", "Dev"])))
    XCTAssertEqual(model.state.place, .top)
    XCTAssertEqual(model.state.selectedBookmark?.name, "Loose")
  }
}
