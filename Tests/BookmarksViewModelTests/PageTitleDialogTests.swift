import BookmarkModel
import BookmarksDrawing
import BookmarksState
import BookmarksViewModel
import XCTest

/// The Add dialog names a bookmark after its page: the title is fetched when the URL field
/// is left with the Name empty, fills the Name if the user has not typed one, and renames a
/// bookmark saved before it came, if the bookmark still has the name it was saved with.
final class PageTitleDialogTests: XCTestCase {
  private func fetchingModel(_ bookmarks: [Bookmark] = []) -> BookmarksViewModel {
    var model = Fixtures.model(bookmarks)
    model.fetchesPages = true
    return model
  }

  func testLeavingTheURLFieldFetchesTheTitleAndItFillsTheEmptyName() {
    var model = fetchingModel()
    model.press(.character("+"), .tab)
    model.type("docs.example")
    XCTAssertEqual(model.press(.tab), [.fetchTitle("https://docs.example")])
    XCTAssertEqual(model.state.dialog?.titleFetch, TitleFetch(url: "https://docs.example", isFetching: true))
    XCTAssertTrue(BookmarksScreen.render(model.state).text.contains("fetching title…"))
    XCTAssertEqual(model.send(.titleFetched(url: "https://docs.example", title: "The Docs")), [])
    XCTAssertEqual(model.state.dialog?.name.text, "The Docs")
    XCTAssertEqual(
      model.press(.enter), [.add(BookmarkDraft(name: "The Docs", url: "https://docs.example"))],
      "saved with the title, nothing fetched again")
  }

  func testANameFromThePageGoesWhenTheURLChanges() {
    var model = fetchingModel()
    model.press(.character("+"), .tab)
    model.type("one.example")
    model.press(.tab)
    _ = model.send(.titleFetched(url: "https://one.example", title: "Page One"))
    model.press(.backTab)
    model.press(.control("u"))
    model.type("two.example")
    XCTAssertEqual(model.press(.tab), [.fetchTitle("https://two.example")])
    XCTAssertEqual(model.state.dialog?.name.text, "", "page one's title is not page two's")
    // Saved straight from the URL field after another change: under the host, not page two's title.
    model.press(.backTab)
    _ = model.send(.titleFetched(url: "https://two.example", title: "Page Two"))
    model.press(.control("u"))
    model.type("three.example")
    XCTAssertEqual(
      model.press(.enter),
      [.add(BookmarkDraft(name: "three.example", url: "https://three.example")), .fetchTitle("https://three.example")])
  }

  func testANameTypedMeanwhileIsNeverReplaced() {
    var model = fetchingModel()
    model.press(.character("+"), .tab)
    model.type("docs.example")
    model.press(.backTab)
    model.type("Mine")
    _ = model.send(.titleFetched(url: "https://docs.example", title: "The Docs"))
    XCTAssertEqual(model.state.dialog?.name.text, "Mine")
  }

  func testANameTypedFirstMeansNothingIsFetched() {
    var model = fetchingModel()
    model.press(.character("+"))
    model.type("Mine")
    model.press(.tab)
    model.type("docs.example")
    XCTAssertEqual(model.press(.tab), [])
    XCTAssertEqual(model.press(.enter), [.add(BookmarkDraft(name: "Mine", url: "https://docs.example"))])
  }

  func testSaveNeverWaitsAndALateTitleRenamesTheSavedBookmark() {
    var model = fetchingModel()
    model.press(.character("+"), .tab)
    model.type("late.example")
    // Enter straight from the URL field: saved under the host, the title fetched meanwhile.
    XCTAssertEqual(
      model.press(.enter),
      [.add(BookmarkDraft(name: "late.example", url: "https://late.example")), .fetchTitle("https://late.example")])
    let saved = Fixtures.bookmark("n1", "late.example", "https://late.example")
    XCTAssertEqual(model.saved(saved), [])
    XCTAssertNil(model.state.modal)
    XCTAssertEqual(
      model.send(.titleFetched(url: "https://late.example", title: "Late Page")),
      [.retitle("n1", BookmarkDraft(name: "Late Page", url: "https://late.example"))])
  }

  func testATitleThatComesBeforeTheStoresAnswerIsAppliedWithIt() {
    var model = fetchingModel()
    model.press(.character("+"), .tab)
    model.type("late.example")
    model.press(.enter)
    XCTAssertEqual(model.send(.titleFetched(url: "https://late.example", title: "Early Title")), [])
    let saved = Fixtures.bookmark("n1", "late.example", "https://late.example")
    XCTAssertEqual(
      model.saved(saved),
      [.retitle("n1", BookmarkDraft(name: "Early Title", url: "https://late.example"))])
  }

  func testALateTitleLeavesABookmarkRenamedMeanwhileAlone() {
    var model = fetchingModel()
    model.press(.character("+"), .tab)
    model.type("late.example")
    model.press(.enter)
    _ = model.saved(Fixtures.bookmark("n1", "late.example", "https://late.example"))
    _ = model.send(.storeChanged(Fixtures.snapshot([Fixtures.bookmark("n1", "Renamed", "https://late.example")])))
    XCTAssertEqual(model.send(.titleFetched(url: "https://late.example", title: "Late Page")), [])
  }

  func testNoTitleLeavesTheHostAndEditDialogsNeverFetch() {
    var model = fetchingModel([Fixtures.bookmark("a", "A", "https://a.example")])
    model.press(.character("+"), .tab)
    model.type("none.example")
    model.press(.tab)
    _ = model.send(.titleFetched(url: "https://none.example", title: nil))
    XCTAssertEqual(model.state.dialog?.name.text, "")
    XCTAssertTrue(BookmarksScreen.render(model.state).text.contains("<the host, if left empty>"))
    model.press(.escape, .character("y"), .character("e"), .enter)
    XCTAssertEqual(model.state.dialog?.purpose, .edit("a"))
    model.press(.tab)
    XCTAssertEqual(model.press(.tab), [], "an edit keeps its name")
  }

  func testWithoutTheWebNothingIsFetched() {
    var model = Fixtures.model([])
    model.press(.character("+"), .tab)
    model.type("docs.example")
    XCTAssertEqual(model.press(.tab), [])
    XCTAssertEqual(model.press(.enter), [.add(BookmarkDraft(name: "docs.example", url: "https://docs.example"))])
  }
}
