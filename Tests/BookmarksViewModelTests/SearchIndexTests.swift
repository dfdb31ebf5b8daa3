import BookmarkModel
import ListSearch
import XCTest

/// The folded index on its own: folding, every substring, narrowing, and the trail of
/// earlier results that Backspace takes back.
final class SearchIndexTests: XCTestCase {
  func testFoldingLowerCasesAndDropsDiacriticsWidthAndControls() {
    var folding = SearchFolding()
    XCTAssertEqual(String(decoding: folding.fold("Crème BRÛLÉE"), as: UTF8.self), "creme brulee")
    XCTAssertEqual(String(decoding: folding.fold("ＡＢＣ ｶﾀｶﾅ"), as: UTF8.self), "abc カタカナ")
    XCTAssertEqual(String(decoding: folding.fold("e\u{301}\u{FE0F}\u{1B}[31m"), as: UTF8.self), "e[31m")
    XCTAssertEqual(String(decoding: folding.fold("東京 🚀 ΣΟΦΟΣ"), as: UTF8.self), "東京 🚀 σοφοσ")
    XCTAssertEqual(String(decoding: folding.fold("İstanbul Straße"), as: UTF8.self), "istanbul strasse")
  }

  func testEveryPrefixOfAFoldIsTheFoldOfThePrefix() {
    // So typing a query one character at a time narrows correctly.
    var folding = SearchFolding()
    let text = "Ünïcödé ＳＷＩＦＴ 東京タワー 🚀 Straße"
    var previous: [UInt8] = []
    for end in text.indices.dropFirst() + [text.endIndex] {
      let folded = folding.fold(String(text[..<end]))
      XCTAssertTrue(folded.starts(with: previous), String(text[..<end]))
      previous = folded
    }
  }

  func testSearchFindsEveryEntryWithTheNeedleAnywhere() {
    var folding = SearchFolding()
    let bookmarks = [
      Fixtures.bookmark("1", "aaa", "https://x.example/aaa"),
      Fixtures.bookmark("2", "b", "https://b.example"),
      Fixtures.bookmark("3", "東京東京", "https://t.example"),
      Fixtures.bookmark("4", "", "https://aa.example"),
    ]
    let index = SearchIndex(bookmarks, folding: &folding)
    XCTAssertEqual(index.count, 4)
    XCTAssertEqual(index.search(folding.fold("aa")), [0, 3])
    XCTAssertEqual(index.search(folding.fold("東京")), [2])
    XCTAssertEqual(index.search(folding.fold("example")), [0, 1, 2, 3])
    XCTAssertEqual(index.search(folding.fold("")), [0, 1, 2, 3])
    XCTAssertEqual(index.search(folding.fold("zz")), [])
    XCTAssertEqual(index.search(folding.fold("aa"), among: [1, 3]), [3])
    // The last bytes of the buffer are searched too.
    XCTAssertEqual(index.search(folding.fold("aa.example")), [3])
  }

  func testASearchThatGrowsNarrowsAndOneThatShrinksWidensAgain() {
    let bookmarks = Fixtures.many(1000)
    // Every word of the query in the name or the URL.
    func bruteForce(_ query: String) -> [Int] {
      bookmarks.indices.filter { index in
        query.split(separator: " ").allSatisfy {
          bookmarks[index].name.lowercased().contains($0) || bookmarks[index].url.lowercased().contains($0)
        }
      }
    }
    var search = BookmarkSearch()
    // Growing, shrinking, growing another way, and back to nothing.
    for query in ["", "1", "k 1", "k 10", "k 100", "k 10", "k 9", "k 99", "k", "/1", "/12", ""] {
      XCTAssertEqual(search.matches(for: query, in: bookmarks), bruteForce(query), query)
    }
    XCTAssertEqual(search.matches(for: "k 100", in: bookmarks).count, 2, "“100” and “1000”")
    // After the bookmarks change, the old results are not reused.
    search.bookmarksChanged()
    XCTAssertEqual(search.matches(for: "k 100", in: Array(bookmarks.prefix(10))), [])
  }
}
