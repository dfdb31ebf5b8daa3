import BookmarkModel
import BookmarksDrawing
import BookmarksViewModel
import ScreenRendering
import XCTest

/// `#` in the filter (issue 18.4): `#` alone lists the tags in use, most used first, `#sw`
/// those starting with it, and `→` or `Tab` takes the first.
final class TagCompletionTests: XCTestCase {
  private func tagged(_ id: String, _ tags: [String]) -> Bookmark {
    Bookmark(
      id: id, name: "Bookmark \(id)", url: "https://\(id).example", created: Fixtures.date,
      modified: Fixtures.date, tags: tags)
  }

  private lazy var library = [
    tagged("1", ["swift", "news"]), tagged("2", ["swift"]), tagged("3", ["SwiftUI", "swift"]),
    tagged("4", ["rust"]), tagged("5", []),
  ]

  private func bottomLine(_ model: BookmarksViewModel) -> String {
    BookmarksScreen.render(model.state).lines[23]
  }

  func testHashAloneListsEveryTagMostUsedFirst() {
    var model = Fixtures.model(library)
    model.press(.character("/"))
    model.type("#")
    XCTAssertEqual(model.state.filter?.tagSuggestions, ["swift", "news", "rust", "SwiftUI"])
    XCTAssertTrue(bottomLine(model).contains("#swift #news #rust #SwiftUI"), bottomLine(model))
    XCTAssertTrue(bottomLine(model).hasSuffix("→ complete · Esc clear "), bottomLine(model))
  }

  func testATypedPrefixNarrowsAndRightTakesTheFirst() {
    var model = Fixtures.model(library)
    model.press(.character("/"))
    model.type("-#SW")
    XCTAssertEqual(model.state.filter?.tagSuggestions, ["swift", "SwiftUI"], "case is ignored")
    model.press(.right)
    XCTAssertEqual(model.state.filter?.query.text, "-#swift")
    XCTAssertEqual(model.state.filter?.tagSuggestions, ["SwiftUI"], "a longer tag still completes it")
    XCTAssertEqual(model.rowNames, ["Bookmark 4", "Bookmark 5"], "the list narrowed to the completed term")
  }

  func testTabCompletesAndASpaceEndsTheSuggestions() {
    var model = Fixtures.model(library)
    model.press(.character("/"))
    model.type("ru")
    XCTAssertEqual(model.state.filter?.tagSuggestions, [], "not a tag term")
    model.press(.control("u"))
    model.type("news #r")
    model.press(.tab)
    XCTAssertEqual(model.state.filter?.query.text, "news #rust")
    XCTAssertEqual(model.rowNames, [])
    model.type(" ")
    XCTAssertEqual(model.state.filter?.tagSuggestions, [])
    model.press(.right)
    XCTAssertEqual(model.state.filter?.query.text, "news #rust ", "→ is only the cursor key again")
  }
}
