import BookmarkModel
import BookmarksDrawing
import ListSearch
import ScreenRendering
import TestSupport
import XCTest

/// Search by words (issue 18.4): every term anywhere in the name, URL, folder path, tags or
/// notes, in any order; phrases, `#tag`, `in:folder` and `-exclusions`.
final class WordSearchTests: XCTestCase {
  private let date = Date(timeIntervalSince1970: 1_700_000_000)

  private lazy var bookmarks = [
    Bookmark(
      id: "a", name: "Swift Forums", url: "https://forums.swift.org", created: date, modified: date,
      folder: ["Toolbar", "Dev"], notes: "Ask about\nconcurrency", tags: ["swift", "community"]),
    Bookmark(
      id: "b", name: "Rust Book", url: "https://doc.rust-lang.org/book", created: date, modified: date,
      folder: ["Toolbar", "Devices"], notes: "", tags: ["rust", "tech"]),
    Bookmark(
      id: "c", name: "東京タワー", url: "https://www.tokyotower.co.jp", created: date, modified: date,
      folder: ["Travel", "日本"], notes: "Opening hours", tags: ["travel", "technology"]),
    Bookmark(
      id: "d", name: "Crème brûlée", url: "https://recipes.example/creme", created: date, modified: date,
      folder: [], notes: "", tags: []),
  ]

  private func ids(_ query: String) -> [String] {
    var search = BookmarkSearch()
    return search.matches(for: query, in: bookmarks).map { bookmarks[$0].id }
  }

  func testEveryWordMustMatchSomewhereInAnyOrder() {
    XCTAssertEqual(ids("forums swift"), ["a"])
    XCTAssertEqual(ids("swift forums"), ["a"])
    XCTAssertEqual(ids("toolbar"), ["a", "b"], "the folder path is searched")
    XCTAssertEqual(ids("community"), ["a"], "tags are searched")
    XCTAssertEqual(ids("concurrency ask"), ["a"], "notes are searched, across their lines")
    XCTAssertEqual(ids("about concurrency"), ["a"], "a line break is a space between words")
    XCTAssertEqual(ids("swift rust"), [], "AND, not OR")
    XCTAssertEqual(ids("creme BRULEE"), ["d"], "folded as before")
    XCTAssertEqual(ids("日本 タワー"), ["c"])
  }

  func testAQuotedPhraseMatchesAsTyped() {
    XCTAssertEqual(ids("\"rust book\""), ["b"])
    XCTAssertEqual(ids("\"book rust\""), [])
    XCTAssertEqual(ids("\"opening hours"), ["c"], "an unclosed quote runs to the end")
  }

  func testAHashTagMatchesAWholeTagOnly() {
    XCTAssertEqual(ids("#tech"), ["b"], "not “technology”")
    XCTAssertEqual(ids("#TECHNOLOGY"), ["c"])
    XCTAssertEqual(ids("#swift"), ["a"])
    XCTAssertEqual(ids("#forums"), [], "a name is not a tag")
    XCTAssertEqual(ids("#"), ["a", "b", "c", "d"], "a tag still being typed")
  }

  func testInLimitsToAFolderAndBelow() {
    XCTAssertEqual(ids("in:Toolbar"), ["a", "b"])
    XCTAssertEqual(ids("in:toolbar/dev"), ["a"], "not Toolbar/Devices")
    XCTAssertEqual(ids("folder:/Toolbar/Devices/"), ["b"], "slashes at either end are ignored")
    XCTAssertEqual(ids("in:Tool"), [], "whole folder names")
    XCTAssertEqual(ids("in:Travel swift"), [])
    XCTAssertEqual(ids("in:"), ["a", "b", "c", "d"], "a folder still being typed")
  }

  func testAMinusExcludes() {
    XCTAssertEqual(ids("in:Toolbar -rust"), ["a"])
    XCTAssertEqual(ids("-#tech"), ["a", "c", "d"])
    XCTAssertEqual(ids("-in:Toolbar"), ["c", "d"])
    XCTAssertEqual(ids("-\"rust book\""), ["a", "c", "d"])
    XCTAssertEqual(ids("-"), ["a", "b", "c", "d"], "an exclusion still being typed")
  }

  func testTypingAQueryOneCharacterAtATimeAgreesWithAFreshSearchAtEveryStep() {
    // The trail of earlier results is reused only when it is sound to: growing an excluded
    // word, a tag or a folder widens or moves the results.
    var typed = BookmarkSearch()
    for query in ["in:Toolbar -rust", "#technology -in:Travel", "\"rust book\" in:Toolbar", "swift -#com x"] {
      for end in query.indices.dropFirst() + [query.endIndex] {
        let prefix = String(query[..<end])
        var fresh = BookmarkSearch()
        XCTAssertEqual(typed.matches(for: prefix, in: bookmarks), fresh.matches(for: prefix, in: bookmarks), prefix)
      }
      for end in query.indices.reversed() {
        let prefix = String(query[..<end])
        var fresh = BookmarkSearch()
        XCTAssertEqual(typed.matches(for: prefix, in: bookmarks), fresh.matches(for: prefix, in: bookmarks), prefix)
      }
    }
  }
}

/// Random queries typed a character at a time, forward and back, over random bookmarks: the
/// trail's shortcuts (only new terms looked for, a grown word from where it was found) give
/// what a fresh search gives at every step.
final class TypedSearchTests: XCTestCase {
  func testRandomQueriesTypedAndErasedAgreeWithAFreshSearchAtEveryStep() {
    var random = SplitMix64(seed: 3_903)
    let letters = Array("swiftlnux東京")
    func word(_ range: ClosedRange<Int>) -> String {
      String((0..<Int.random(in: range, using: &random)).map { _ in letters.randomElement(using: &random)! })
    }
    let date = Date(timeIntervalSince1970: 1_700_000_000)
    let bookmarks = (0..<400).map { number in
      Bookmark(
        id: "id-\(number)", name: (0..<3).map { _ in word(0...8) }.joined(separator: " "),
        url: "https://\(word(1...6)).example/\(word(0...12))", created: date, modified: date,
        folder: number.isMultiple(of: 3) ? [word(1...4)] : [], notes: word(0...20),
        tags: number.isMultiple(of: 4) ? [word(1...5)] : [])
    }
    let kinds = ["", "", "", "-", "#", "in:"]
    var typed = BookmarkSearch()
    for _ in 0..<40 {
      let query = (0..<Int.random(in: 1...3, using: &random)).map { _ in
        kinds.randomElement(using: &random)! + word(1...5)
      }.joined(separator: " ")
      let ends = Array(query.indices.dropFirst()) + [query.endIndex]
      for end in ends + ends.reversed().dropFirst() {
        let prefix = String(query[..<end])
        var fresh = BookmarkSearch()
        XCTAssertEqual(typed.matches(for: prefix, in: bookmarks), fresh.matches(for: prefix, in: bookmarks), prefix)
      }
    }
  }
}

/// The filter's words are marked in the rows (issue 18.4): underlined in the accent colour.
final class SearchHighlightTests: XCTestCase {
  /// The underlined characters of the row that shows `text`, and of the row below it.
  private func underlined(_ buffer: ScreenBuffer, rowWith text: String) -> (String, String)? {
    guard let row = (0..<buffer.height).first(where: { buffer.lines[$0].contains(text) }) else { return nil }
    func marked(_ row: Int) -> String {
      String(
        (0..<buffer.width).compactMap { column -> Character? in
          let cell = buffer[row, column]
          guard cell.style.attributes.contains(.underline), cell.style.role == .accent,
            case .character(let character) = cell.content
          else { return nil }
          return character
        })
    }
    return (marked(row), marked(row + 1))
  }

  func testTheMatchedCharactersAreMarkedAndNoOthers() throws {
    var model = Fixtures.model([
      Fixtures.bookmark("a", "Swift Forums", "https://forums.swift.org"),
      Fixtures.bookmark("b", "Crème Brûlée", "https://recipes.example/creme"),
    ])
    model.press(.character("/"))
    model.type("FOR")
    let forums = try XCTUnwrap(underlined(BookmarksScreen.render(model.state), rowWith: "Swift Forums"))
    XCTAssertEqual(forums.0, "For", "FOR matches “For” in the name")
    XCTAssertEqual(forums.1, "for", "and “for” in the URL")
    model.press(.escape)
    model.press(.character("/"))
    model.type("creme -swift")
    let creme = try XCTUnwrap(underlined(BookmarksScreen.render(model.state), rowWith: "Crème"))
    XCTAssertEqual(creme.0, "Crème", "folded: “creme” marks “Crème”")
    XCTAssertEqual(creme.1, "creme", "an excluded word marks nothing")
    model.press(.escape)
    let plain = try XCTUnwrap(underlined(BookmarksScreen.render(model.state), rowWith: "Swift Forums"))
    XCTAssertEqual(plain.0 + plain.1, "", "no filter, no marks")
  }
}

extension WordSearchTests {
  func testAQuotedFolderOrTagMayHoldSpaces() {
    let spaced = [
      Bookmark(
        id: "s", name: "Old thing", url: "https://old.example", created: date, modified: date,
        folder: ["My Stuff", "Old"], notes: "", tags: [])
    ]
    var search = BookmarkSearch()
    XCTAssertEqual(search.matches(for: "in:\"my stuff\"", in: spaced), [0])
    XCTAssertEqual(search.matches(for: "-folder:\"My Stuff/Old\"", in: spaced), [])
    XCTAssertEqual(search.matches(for: "in:\"My Stuff/Ol", in: spaced), [], "whole names, even unclosed")
    let required = search.parse("thing", folder: ["My Stuff"], tags: [])
    XCTAssertEqual(search.matches(for: required, in: spaced), [0])
    XCTAssertEqual(search.matches(for: search.parse("", folder: [], tags: ["x"]), in: spaced), [])
  }
}
