import BookmarkModel
import BookmarksState
import ListSearch
import XCTest

/// The filter's `text:word` and `text:"a phrase"`: the bookmarks whose kept page holds the
/// text, as the runtime answers, combined with the other terms (issue 41).
final class PageTextFilterTests: XCTestCase {
  func testTextTermsAreTakenApartFromTheRest() {
    var folding = SearchFolding()
    let query = SearchQuery(#"swift text:tower -text:"a phrase" TEXT:東京 text:"#, folding: &folding)
    XCTAssertEqual(
      query.pageTexts,
      [
        SearchQuery.PageText(text: "tower", isExcluded: false),
        SearchQuery.PageText(text: "a phrase", isExcluded: true),
        SearchQuery.PageText(text: "東京", isExcluded: false),
      ])
    XCTAssertEqual(query.terms.map { String(decoding: $0.folded, as: UTF8.self) }, ["swift"])
    XCTAssertEqual(SearchQuery.pageTexts("text:a -text:b").map(\.text), ["a", "b"])
  }

  func testTheListNarrowsToThePagesThatHoldTheTextOnceTheAnswerComes() {
    let (apple, tokyo, zurich) = (Fixtures.three[0], Fixtures.three[1], Fixtures.three[2])
    var model = Fixtures.model()
    model.press(.character("/"))
    var asked: [Effect] = []
    for character in "text:tower" { asked += model.press(.character(character)) }
    XCTAssertEqual(
      asked, ["t", "to", "tow", "towe", "tower"].map { Effect.searchPageText($0) }, "each text asked once")
    XCTAssertEqual(model.rowNames, [], "nothing matches before the answer")
    _ = model.send(.pageTextFound("tower", [tokyo.id, zurich.id]))
    XCTAssertEqual(model.rowNames, [tokyo.name, zurich.name])
    // Combined with a word of the row, and excluded.
    model.type(" " + zurich.name.prefix(3))
    XCTAssertEqual(model.rowNames, [zurich.name])
    model.press(.escape)
    model.press(.character("/"))
    model.type("-text:tower")
    XCTAssertEqual(model.rowNames, [apple.name], "answered already: not asked again")
    // A page kept anew: the answers are asked again.
    model.press(.enter)
    XCTAssertEqual(model.send(.pageArchived(apple.id, .success("Kept."))), [.searchPageText("tower")])
    _ = model.send(.pageTextFound("tower", [apple.id]))
    XCTAssertEqual(model.rowNames, [tokyo.name, zurich.name])
  }

  func testTheMatchesComeBestFirstAsTheArchivesRankThem() {
    let (apple, tokyo, zurich) = (Fixtures.three[0], Fixtures.three[1], Fixtures.three[2])
    var model = Fixtures.model()
    model.press(.character("/"))
    model.type("text:tower")
    // Best first: the page that holds the text first (its title, say) leads, whatever the
    // list's order.
    _ = model.send(.pageTextFound("tower", [zurich.id, apple.id, tokyo.id]))
    XCTAssertEqual(model.rowNames, [zurich.name, apple.name, tokyo.name])
    // The first text a row must hold ranks; an excluded one only filters.
    model.type(" -text:apple")
    _ = model.send(.pageTextFound("apple", [apple.id]))
    XCTAssertEqual(model.rowNames, [zurich.name, tokyo.name])
  }
}
