import BookmarkModel
import TestSupport
import XCTest

@testable import ListSearch

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

  /// Searched in parts at once and looked for by its rarest byte (issue 39.3), a search finds
  /// just what a plain scan of each entry finds: random names over a small alphabet (so most
  /// bytes repeat), every needle of one to four bytes, among all and among earlier matches.
  func testSearchingInPartsByTheRarestByteFindsWhatAPlainScanFinds() {
    var random = SplitMix64(seed: 39)
    let bookmarks = Self.randomBookmarks(3000, longEvery: 5, long: 90, short: 12, using: &random)
    var folding = SearchFolding()
    let index = SearchIndex(bookmarks, folding: &folding)
    let texts = bookmarks.map { folding.fold($0.name + "\u{1}" + $0.url) }
    func plain(_ needle: [UInt8], among entries: [Int]) -> [Int] {
      entries.filter { entry in
        let text = texts[entry]
        return text.count >= needle.count
          && (0...(text.count - needle.count)).contains { start in
            Array(text[start..<start + needle.count]) == needle
          }
      }
    }
    for splitAbove in [Int.max, 0] {
      // Slices of names too: long ones, longer than a block of 32 compared at once.
      let slices = (0..<40).compactMap { _ -> [UInt8]? in
        let text = Array(folding.fold(bookmarks[Int.random(in: 0..<bookmarks.count, using: &random) / 5 * 5].name))
        guard !text.isEmpty else { return nil }
        let start = Int.random(in: 0..<text.count, using: &random)
        return Array(text[start..<min(text.count, start + Int.random(in: 1...45, using: &random))])
      }
      let words = ["s", "w", "sw", "ws", "wif", "東京", "京", "é/", "s.e", "ssww", "/w", "zz", "ple/"]
      let named = words.map { folding.fold($0) }
      for folded in named + slices {
        let needle = String(decoding: folded, as: UTF8.self)
        let all = plain(folded, among: Array(bookmarks.indices))
        XCTAssertEqual(index.search(folded, among: nil, splitAbove: splitAbove), all, "\(needle) in \(splitAbove)")
        let some = Array(stride(from: 0, to: bookmarks.count, by: 3))
        XCTAssertEqual(
          index.search(folded, among: some, splitAbove: splitAbove), plain(folded, among: some), "\(needle) among some")
      }
    }
  }

  func testAWordGrownLetterByLetterIsFoundFromWhereItsPrefixWasAsAPlainScanFindsIt() {
    var random = SplitMix64(seed: 393)
    let bookmarks = Self.randomBookmarks(700, longEvery: 4, long: 120, short: 15, using: &random)
    var folding = SearchFolding()
    let index = SearchIndex(bookmarks, folding: &folding)
    // The index's text of each entry up to its folder path: a word without control bytes is
    // first found in it where it is first found in the whole entry.
    let texts = bookmarks.map { folding.fold($0.name) + [0x01] + folding.fold($0.url) }
    func firstPlace(_ needle: [UInt8], in text: [UInt8]) -> Int? {
      guard text.count >= needle.count else { return nil }
      return (0...(text.count - needle.count)).first { Array(text[$0..<$0 + needle.count]) == needle }
    }
    for _ in 0..<15 {
      let source = texts[Int.random(in: 0..<texts.count, using: &random)]
      let start = Int.random(in: 0..<source.count, using: &random)
      let word = Array(source[start..<min(source.count, start + Int.random(in: 1...40, using: &random))])
      for splitAbove in [Int.max, 0] {
        var previous: (entries: [Int], found: FoundPlaces)?
        for length in 1...word.count {
          let needle = Array(word[..<length])
          let expected = texts.indices.compactMap { entry in firstPlace(needle, in: texts[entry]).map { (entry, $0) } }
          let found = index.locate(
            needle, among: previous?.entries, from: previous?.found, splitAbove: splitAbove, places: true)
          XCTAssertEqual(found.entries, expected.map(\.0), "\(needle) in \(splitAbove)")
          XCTAssertEqual(found.found.places, expected.map(\.1), "\(needle) in \(splitAbove): where it is first")
          // The 8 bytes from each place, as far as `texts` knows them (to the separator after
          // the URL).
          for (window, (entry, place)) in zip(found.found.windows, expected) {
            let known = Array((texts[entry] + [0x01]).dropFirst(place).prefix(8))
            let value = known.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << UInt64(8 * $1.offset) }
            let mask = known.count == 8 ? UInt64.max : (UInt64(1) << UInt64(8 * known.count)) - 1
            XCTAssertEqual(window & mask, value, "\(needle) in entry \(entry): the bytes from its place")
          }
          previous = found
        }
      }
    }
  }

  /// Bookmarks named at random over a small alphabet (so most bytes repeat): every
  /// `longEvery`th name up to `long` characters (longer than a block of 32 compared at once),
  /// the others up to `short`.
  private static func randomBookmarks(
    _ count: Int, longEvery: Int, long: Int, short: Int, using random: inout SplitMix64
  ) -> [Bookmark] {
    let alphabet = Array("sswwift東京é/.")
    return (0..<count).map { number in
      let length = Int.random(in: 0...(number.isMultiple(of: longEvery) ? long : short), using: &random)
      let name = String((0..<length).map { _ in alphabet.randomElement(using: &random)! })
      return Fixtures.bookmark("id-\(number)", name, "https://s\(number % 7).example/w")
    }
  }

  func testTheAnchorIsTheRarestByteOfTheNeedle() {
    func anchor(_ text: String) -> Int { Array(text.utf8).withUnsafeBytes { SearchIndex.anchor(of: $0) } }
    XCTAssertEqual(anchor("swift"), 3, "its `f`, rarer than `s`, `w`, `i` and `t`")
    XCTAssertEqual(anchor("s"), 0)
    XCTAssertEqual(anchor("https"), 0, "the first of the rarest")
    XCTAssertEqual(anchor("xyz"), 2)
  }
}
