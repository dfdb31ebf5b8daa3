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
    XCTAssertEqual(try index.search(folded: "東京タワー", limit: 10, scanning: nil).map(\.bookmarkID), ["tokyo"])
    XCTAssertEqual(try index.search(folded: "at night", limit: 10, scanning: nil).map(\.bookmarkID), ["tokyo"])
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
    XCTAssertEqual(try index.search(folded: "compiler", limit: 10, scanning: nil).map(\.bookmarkID), ["swift"])
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
    XCTAssertEqual(try index.search(folded: "swift", limit: 10, scanning: nil).map(\.bookmarkID), ["early", "late"])
    XCTAssertEqual(try index.search(folded: "東京", limit: 10, scanning: nil).map(\.bookmarkID), ["early", "late"])
    XCTAssertEqual(try index.search(folded: "swift", limit: 1, scanning: nil).map(\.bookmarkID), ["early"])
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
    XCTAssertEqual(try index.search(folded: "swift", limit: 10, scanning: nil).map(\.bookmarkID), ["atEnd"])
    XCTAssertEqual(try index.search(folded: "swi", limit: 10, scanning: nil).map(\.bookmarkID), ["atEnd", "partial"])
    XCTAssertEqual(
      try index.search(folded: "sw", limit: 10, scanning: nil).map(\.bookmarkID), ["short", "partial", "atEnd"])
    XCTAssertEqual(try index.search(folded: "東京", limit: 10, scanning: nil).map(\.bookmarkID), ["cjk", "cjkLate"])
    XCTAssertEqual(try index.search(folded: "東京都", limit: 10, scanning: nil).map(\.bookmarkID), ["cjk"])
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
        try index.search(folded: query, limit: 10, scanning: nil).map(\.bookmarkID), ["oldest", "older", "newer"],
        query)
      XCTAssertEqual(
        try index.search(folded: query, limit: 10, scanning: 2).map(\.bookmarkID), ["older", "newer"],
        "\(query): the two kept last, best first")
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
      let found = Set(try index.search(folded: query, limit: 100, scanning: nil).map(\.bookmarkID))
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
          TextPositionFunction.position(
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
    let letters = Array("abc d東".utf8)
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
      func found() -> Int {
        compressed.withUnsafeBytes { compressed in
          query.withUnsafeBufferPointer { query in
            TextPositionFunction.position(
              of: query.baseAddress!, query.count, inCompressed: compressed, text.count, using: decompressor)
          }
        }
      }
      XCTAssertEqual(found(), plain, "round \(round): \(query.count) bytes in \(text.count)")
      if round % 10 == 0 {
        compressed[compressed.count / 2] ^= 0x5A
        XCTAssertEqual(found(), 0, "round \(round): a damaged text holds nothing")
      }
    }
  }
}
