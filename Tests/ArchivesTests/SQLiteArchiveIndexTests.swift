import Archives
import Foundation
import TestSupport
import XCTest

@testable import ArchiveIndexSQLite

/// The archives' SQLite index: an index of the first version (a trigram index with positions,
/// twice the size of its text, the text kept plain) made again without them and with the
/// text compressed when opened, and results ranked.
final class SQLiteArchiveIndexTests: XCTestCase {
  func testAVersionOneIndexIsRebuiltAndStillFindsItsTexts() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path + "/index.sqlite"
    try await PythonSQLite.run(
      path,
      """
      CREATE TABLE versions (bookmark_id TEXT NOT NULL, hash TEXT NOT NULL, url TEXT NOT NULL, title TEXT,
        fetched REAL NOT NULL, PRIMARY KEY (bookmark_id, hash)) WITHOUT ROWID
      """,
      "CREATE INDEX versions_by_hash ON versions (hash)",
      "CREATE TABLE texts (id INTEGER PRIMARY KEY, hash TEXT NOT NULL UNIQUE, folded TEXT NOT NULL)",
      "CREATE VIRTUAL TABLE text_search USING fts5(folded, content = 'texts', content_rowid = 'id', tokenize = 'trigram')",
      """
      CREATE TRIGGER texts_inserted AFTER INSERT ON texts BEGIN
        INSERT INTO text_search (rowid, folded) VALUES (new.id, new.folded); END
      """,
      """
      CREATE TRIGGER texts_deleted AFTER DELETE ON texts BEGIN
        INSERT INTO text_search (text_search, rowid, folded) VALUES ('delete', old.id, old.folded); END
      """,
      "INSERT INTO versions VALUES ('tokyo', 'h1', 'https://example.org/t', 'Tokyo', 1000)",
      "INSERT INTO texts (hash, folded) VALUES ('h1', 'the tower\n東京タワー at night')",
      "PRAGMA user_version = 1")

    let index = try SQLiteArchiveIndex(path: path)
    XCTAssertEqual(try index.search(folded: "東京タワー", limit: 10, scanning: nil).map(\.version.bookmarkID), ["tokyo"])
    XCTAssertEqual(try index.search(folded: "at night", limit: 10, scanning: nil).map(\.version.bookmarkID), ["tokyo"])
    XCTAssertEqual(
      try index.search(folded: "tower at", limit: 10, scanning: nil), [], "each trigram is there, the text is not")
    let schema = try await PythonSQLite.run(
      path, "PRAGMA user_version", "SELECT sql FROM sqlite_master WHERE name = 'text_search'",
      "SELECT count(*) FROM sqlite_master WHERE name = 'texts'", "SELECT typeof(compressed) FROM folded_texts")
    XCTAssertTrue(schema.hasPrefix("3\n"), schema)
    XCTAssertTrue(schema.contains("detail = none"), schema)
    XCTAssertTrue(schema.contains("content = ''"), "no copy of the text in the search index: \(schema)")
    XCTAssertTrue(schema.hasSuffix("0\nblob"), "the text kept compressed: \(schema)")

    // What is recorded after the rebuild is found, and what goes is not.
    let version = ArchiveVersion(
      bookmarkID: "swift", hash: "h2", url: "https://example.org/s", title: "Swift", fetched: Date())
    _ = try index.record(version, foldedText: "swift compiler", keeping: 1)
    XCTAssertEqual(try index.search(folded: "compiler", limit: 10, scanning: nil).map(\.version.bookmarkID), ["swift"])
    let newer = ArchiveVersion(
      bookmarkID: "swift", hash: "h3", url: "https://example.org/s", title: "Swift", fetched: Date() + 1)
    _ = try index.record(newer, foldedText: "swift package", keeping: 1)
    XCTAssertEqual(
      try index.search(folded: "compiler", limit: 10, scanning: nil), [], "the text let go is out of the index")
  }

  /// Results come most relevant first: the text that holds the query earliest (its title and
  /// opening), by the index (three characters or more) and by the scan (fewer).
  func testResultsAreRankedByWhereTheTextFirstHoldsTheQuery() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let index = try SQLiteArchiveIndex(path: folder.path + "/index.sqlite")
    let texts = [
      "late": String(repeating: "other words here ", count: 40) + "swift and 東京",
      "early": "# swift\nswift and swift, 東京",
      "never": "nothing of the kind",
    ]
    for (id, text) in texts {
      let version = ArchiveVersion(
        bookmarkID: id, hash: "h-" + id, url: "https://example.org/" + id, title: id, fetched: Date())
      _ = try index.record(version, foldedText: text, keeping: 1)
    }
    XCTAssertEqual(
      try index.search(folded: "swift", limit: 10, scanning: nil).map(\.version.bookmarkID), ["early", "late"])
    XCTAssertEqual(
      try index.search(folded: "東京", limit: 10, scanning: nil).map(\.version.bookmarkID), ["early", "late"])
    XCTAssertEqual(try index.search(folded: "swift", limit: 1, scanning: nil).map(\.version.bookmarkID), ["early"])
  }

  /// The position a search ranks by is found by its bytes: where the query's first byte comes
  /// often before the query, where the text ends with the query or with part of it, where the
  /// text is shorter than the query, and in CJK, whose bytes repeat in other characters.
  func testTheFirstPlaceAQueryIsFoundThroughEveryEdgeOfTheText() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let index = try SQLiteArchiveIndex(path: folder.path + "/index.sqlite")
    let texts = [
      "partial": "sswsswif swi", "atEnd": "xx swift", "short": "sw", "cjk": "京東京都", "cjkLate": "京都京都 東京",
    ]
    for (id, text) in texts {
      let version = ArchiveVersion(
        bookmarkID: id, hash: "h-" + id, url: "https://example.org/" + id, title: id, fetched: Date())
      _ = try index.record(version, foldedText: text, keeping: 1)
    }
    XCTAssertEqual(try index.search(folded: "swift", limit: 10, scanning: nil).map(\.version.bookmarkID), ["atEnd"])
    XCTAssertEqual(
      try index.search(folded: "swi", limit: 10, scanning: nil).map(\.version.bookmarkID), ["atEnd", "partial"])
    XCTAssertEqual(
      try index.search(folded: "sw", limit: 10, scanning: nil).map(\.version.bookmarkID), ["short", "partial", "atEnd"])
    XCTAssertEqual(
      try index.search(folded: "東京", limit: 10, scanning: nil).map(\.version.bookmarkID), ["cjk", "cjkLate"])
    XCTAssertEqual(try index.search(folded: "東京都", limit: 10, scanning: nil).map(\.version.bookmarkID), ["cjk"])
    XCTAssertEqual(try index.search(folded: "swift and more", limit: 10, scanning: nil), [])
  }

  /// With `scanning`, only that many texts holding the query are ranked, those kept last
  /// first: an older page that holds it earlier is not looked at, however common the word.
  func testAScanningSearchRanksOnlyThePagesKeptLast() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let index = try SQLiteArchiveIndex(path: folder.path + "/index.sqlite")
    let texts = [("oldest", "swift first"), ("older", "words, then swift"), ("newer", "more words, then swift")]
    for (id, text) in texts {
      let version = ArchiveVersion(
        bookmarkID: id, hash: "h-" + id, url: "https://example.org/" + id, title: id, fetched: Date())
      _ = try index.record(version, foldedText: text, keeping: 1)
    }
    for query in ["swift", "sw"] {
      XCTAssertEqual(
        try index.search(folded: query, limit: 10, scanning: nil).map(\.version.bookmarkID),
        ["oldest", "older", "newer"],
        query)
      XCTAssertEqual(
        try index.search(folded: query, limit: 10, scanning: 2).map(\.version.bookmarkID), ["older", "newer"],
        "\(query): the two kept last, best first")
    }
  }

  /// A search looks for its texts on every core at once (each connection takes the ids of one
  /// remainder): what it finds is what one look over the texts, newest first, would find. Many
  /// bookmarks of several versions each, queries of one to many characters, and `scanning`
  /// limits that end inside one connection's share or another's; each result checked against
  /// a plain model (the first `scanning` texts kept last that hold the query; each bookmark's
  /// newest among them; by where the text first holds it, then the newest).
  func testASearchOnEveryCoreFindsWhatOneLookOverTheTextsFinds() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let index = try SQLiteArchiveIndex(path: folder.path + "/index.sqlite")
    let words = ["swift", "compiler", "the", "東京", "タワー", "pile", "a"]
    var random = SplitMix64(seed: 4199)
    var kept: [(version: ArchiveVersion, text: String)] = []
    for number in 0..<90 {
      let text = (0..<(1 + random.below(6))).map { _ in words[random.below(words.count)] }.joined(separator: " ")
      let version = ArchiveVersion(
        bookmarkID: "b\(random.below(25))", hash: "h\(number)", url: "https://example.org/\(number)", title: nil,
        fetched: Date(timeIntervalSince1970: 1_000_000 + Double(number)))
      _ = try index.record(version, foldedText: text, keeping: 100)
      kept.append((version, text))
    }
    func position(of query: String, in text: String) -> Int? {
      let (text, query) = (Array(text.utf8), Array(query.utf8))
      guard text.count >= query.count else { return nil }
      return (0...(text.count - query.count)).first { Array(text[$0..<$0 + query.count]) == query }
    }
    for query in ["swift", "a", "東京", "pile the", "e s", "compiler swift the", "zz"] {
      for scanning in [nil, 1, 2, 3, 7, 30] as [Int?] {
        var holding = kept.reversed().compactMap { kept in
          position(of: query, in: kept.text).map { (kept.version, $0) }
        }
        if let scanning { holding = Array(holding.prefix(scanning)) }
        var newest: [String: (version: ArchiveVersion, position: Int)] = [:]
        for (version, position) in holding where newest[version.bookmarkID] == nil {
          newest[version.bookmarkID] = (version, position)
        }
        let expected = newest.values.sorted {
          ($0.position, -$0.version.fetched.timeIntervalSince1970)
            < ($1.position, -$1.version.fetched.timeIntervalSince1970)
        }.prefix(12).map(\.version)
        XCTAssertEqual(
          try index.search(folded: query, limit: 12, scanning: scanning).map(\.version), Array(expected),
          "\(query), scanning \(scanning.map(String.init) ?? "all")")
      }
    }
  }

  /// A long query is looked for in the index by its rarest trigrams alone (issue 41.5), and
  /// every text found is checked to hold the whole query: the same texts as a plain search,
  /// for phrases of many trigrams over texts that share most of them.
  func testALongQueryFindsExactlyTheTextsThatHoldIt() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let index = try SQLiteArchiveIndex(path: folder.path + "/index.sqlite")
    let words = ["swift", "compiler", "the", "fast", "東京", "タワー", "pile", "ift", "com", "swiftly"]
    var random = SplitMix64(seed: 41)
    var texts: [String: String] = [:]
    for number in 0..<60 {
      texts["t\(number)"] = (0..<(3 + random.below(8))).map { _ in words[random.below(words.count)] }.joined(
        separator: " ")
    }
    for (id, text) in texts {
      let version = ArchiveVersion(
        bookmarkID: id, hash: "h-" + id, url: "https://example.org/" + id, title: id, fetched: Date())
      _ = try index.record(version, foldedText: text, keeping: 1)
    }
    for query in ["swift compiler", "the fast swift", "compiler the", "東京 タワー", "pile com", "ift the fast"] {
      let found = Set(try index.search(folded: query, limit: 100, scanning: nil).map(\.version.bookmarkID))
      XCTAssertEqual(found, Set(texts.filter { $0.value.contains(query) }.keys), query)
    }
  }

  /// The position a search ranks by, found by the query's rarest byte: the same first place
  /// as a plain search, over random texts of few letters (so bytes repeat) and queries cut
  /// from them or not, the rare byte first, last or in the middle.
  func testThePositionFoundByTheRarestByteIsTheFirstPlace() {
    var random = SplitMix64(seed: 4105)
    let letters = Array("ssseet zq東".utf8)
    for _ in 0..<2000 {
      let text = (0..<random.below(40)).map { _ in letters[random.below(letters.count)] }
      var query = (0..<(1 + random.below(5))).map { _ in letters[random.below(letters.count)] }
      if !text.isEmpty, random.oneIn(2) {
        let start = random.below(text.count)
        query = Array(text[start..<min(text.count, start + 1 + random.below(6))])
      }
      let plain =
        text.count < query.count
        ? 0
        : ((0...(text.count - query.count)).first { Array(text[$0..<$0 + query.count]) == query }.map { $0 + 1 } ?? 0)
      let found = text.withUnsafeBufferPointer { text in
        query.withUnsafeBufferPointer { query in
          TextPosition.position(
            of: query.baseAddress!, query.count, in: text.baseAddress ?? query.baseAddress!, text.count)
        }
      }
      XCTAssertEqual(
        found, plain, "\(String(decoding: query, as: UTF8.self)) in \(String(decoding: text, as: UTF8.self))")
    }
  }

  /// The same first place from the compressed text: at the very start and end, anywhere, and
  /// absent, over texts of up to a few tens of kilobytes; and no place in a damaged one.
  func testThePositionInACompressedTextIsTheFirstPlace() {
    var random = SplitMix64(seed: 4141)
    let letters = Array("abc d東\n".utf8)
    let decompressor = Zstd.Decompressor()!
    for round in 0..<300 {
      let text = (0..<(1 + random.below(30_000))).map { _ in letters[random.below(letters.count)] }
      var query: [UInt8]
      switch round % 4 {
      case 0:  // the start of the text
        query = Array(text.prefix(1 + random.below(8)))
      case 1:  // the end of the text
        query = Array(text.suffix(1 + random.below(8)))
      case 2:  // anywhere
        let start = random.below(text.count)
        query = Array(text[start..<min(text.count, start + 1 + random.below(12))])
      default:  // likely nowhere
        query = Array("zzq".utf8) + [letters[random.below(letters.count)]]
      }
      let plain =
        text.count < query.count
        ? 0
        : ((0...(text.count - query.count)).first { text[$0..<$0 + query.count].elementsEqual(query) }.map { $0 + 1 }
          ?? 0)
      var compressed = Zstd.compress(text, level: Zstd.textLevel)
      func found() -> TextPosition.Found? {
        TextPosition.place(of: query, inCompressed: Data(compressed), text.count, using: decompressor)
      }
      if plain > 0 {
        let start = (text[..<(plain - 1)].lastIndex(of: 0x0A) ?? -1) + 1
        let end = text[(plain - 1)...].firstIndex(of: 0x0A) ?? text.count
        XCTAssertEqual(found()?.line, text[..<(plain - 1)].count { $0 == 0x0A }, "round \(round): the line's number")
        XCTAssertEqual(
          found()?.foldedLine, String(decoding: text[start..<end], as: UTF8.self), "round \(round): the line")
      }
      XCTAssertEqual(found()?.position ?? 0, plain, "round \(round): \(query.count) bytes in \(text.count)")
      if round % 10 == 0 {
        compressed[compressed.count / 2] ^= 0x5A
        XCTAssertNil(found(), "round \(round): a damaged text holds nothing")
      }
    }
  }
}
