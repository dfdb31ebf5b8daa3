import ArchiveIndexSQLite
import Foundation
import ListSearch
import TestSupport
import XCTest

@testable import Archives

/// The archives on disk: assets named by their bytes' SHA-256 and shared, versions kept and
/// let go, private files, and search inside the text in any script.
final class ArchiveLibraryTests: XCTestCase {
  private var folder: TemporaryFolder!
  private var library: ArchiveLibrary!

  override func setUpWithError() throws {
    folder = try TemporaryFolder()
    library = try Self.library(in: folder.path)
  }

  override func tearDown() { folder.remove() }

  static func library(in path: String) throws -> ArchiveLibrary {
    let archives = ArchiveLibrary.folder(inData: path + "/data")
    return ArchiveLibrary(
      folder: archives, index: try SQLiteArchiveIndex(path: archives + "/index.sqlite"),
      fold: { text in
        var folding = SearchFolding()
        return String(decoding: folding.fold(text), as: UTF8.self)
      })
  }

  private func page(_ text: String, url: String = "https://example.org/page") -> PageArchive {
    PageArchive(
      title: "Title", url: url, contentType: "text/html", text: text, links: [],
      html: Array("<html><p>\(text)</p></html>".utf8))
  }

  private func assetFiles() throws -> [String] {
    let assets = library.folder + "/assets"
    guard let enumerator = FileManager.default.enumerator(atPath: assets) else { return [] }
    return enumerator.compactMap { $0 as? String }.filter { $0.count > 3 }.map { assets + "/" + $0 }.sorted()
  }

  func testAnArchiveRoundTripsAndItsNameIsTheSHA256OfItsBytes() throws {
    let archive = PageArchive(
      title: "Tëst", url: "https://x.example/", contentType: "text/html; charset=utf-8", text: "Hello\n\nWorld",
      links: ["https://y.example/"], html: Array(repeating: 0x41, count: 100_000))
    XCTAssertEqual(PageArchive(decoding: archive.encoded()), archive)
    XCTAssertEqual(archive.encoded(), archive.encoded(), "the same archive is the same bytes")
    XCTAssertLessThan(archive.encoded().count, 2_000, "the HTML is kept deflated")
    let kept = try library.keep(archive, for: "b1", fetched: Date())
    let bytes = try XCTUnwrap(FileManager.default.contents(atPath: library.path(of: kept.hash)))
    XCTAssertEqual(SHA256.hex(of: [UInt8](bytes)), kept.hash)
    XCTAssertEqual(try library.open(kept.hash), archive)
    // A search's snippet reads the text alone, checked the same way.
    XCTAssertEqual(PageArchive.text(decoding: archive.encoded()), "Hello\n\nWorld")
    XCTAssertEqual(try library.search("world").map(\.snippet), ["World"])
  }

  func testTheOriginalHTMLIsCappedAndADamagedAssetIsAnError() throws {
    let big = PageArchive(
      title: nil, url: "https://x.example/", contentType: nil, text: "", links: [],
      html: Array(repeating: 0x20, count: PageArchive.htmlLimit + 10))
    XCTAssertEqual(big.html.count, PageArchive.htmlLimit)
    var bytes = big.encoded()
    XCTAssertNil(PageArchive(decoding: Array(bytes.dropLast())))
    XCTAssertNil(PageArchive(decoding: Array("not an archive".utf8)))
    XCTAssertNil(PageArchive.text(decoding: Array(bytes.dropLast())))
    XCTAssertNil(PageArchive.text(decoding: Array("not an archive".utf8)))
    let kept = try library.keep(page("text"), for: "b1", fetched: Date())
    bytes = [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: library.path(of: kept.hash))))
    bytes[bytes.count - 1] ^= 0xFF
    try Data(bytes).write(to: URL(fileURLWithPath: library.path(of: kept.hash)))
    XCTAssertThrowsError(try library.open(kept.hash))
    // A snippet reads the text alone, as far as its line, which the index's copy guards: a
    // damaged HTML (the stream's end) leaves it readable, a damaged text does not.
    XCTAssertEqual(try library.search("text").map(\.snippet), ["text"])
    // The xz stream (the page's JSON, then its text) begins after the two header lines.
    let firstLineEnd = try XCTUnwrap(bytes.firstIndex(of: 0x0A))
    let textStart = try XCTUnwrap(bytes[(firstLineEnd + 1)...].firstIndex(of: 0x0A)) + 1
    bytes[bytes.count - 1] ^= 0xFF
    bytes[textStart + 2] ^= 0x55
    try Data(bytes).write(to: URL(fileURLWithPath: library.path(of: kept.hash)))
    XCTAssertEqual(try library.search("text").map(\.snippet), [""], "a damaged text is not shown")
  }

  /// Pages kept before assets were xz (version 1: the text and the HTML each deflated) are
  /// still read, whole and text alone; a version 2 asset cut short or with a wrong size is not.
  func testAnAssetOfVersionOneIsStillReadAndADamagedOneOfVersionTwoIsNot() throws {
    let text = Array("Tokyo\n\n東京タワー".utf8)
    let html = Array("<html><title>Tokyo</title><p>東京タワー</p></html>".utf8)
    let (storedText, storedHTML) = (Deflate.compress(text, level: 9), Deflate.compress(html, level: 9))
    let header =
      #"{"contentType":"text/html","htmlLength":\#(html.count),"htmlStored":\#(storedHTML.count),"links":[],"#
      + #""textLength":\#(text.count),"textStored":\#(storedText.count),"title":"Tokyo","url":"https://t.example/"}"#
    let old = Array("cloudy-archive 1\n".utf8) + Array(header.utf8) + [0x0A] + storedText + storedHTML
    let read = try XCTUnwrap(PageArchive(decoding: old))
    XCTAssertEqual(read.text, "Tokyo\n\n東京タワー")
    XCTAssertEqual(read.html, html)
    XCTAssertEqual(read.title, "Tokyo")
    XCTAssertEqual(PageArchive.text(decoding: old), "Tokyo\n\n東京タワー")
    XCTAssertNil(PageArchive(decoding: Array(old.dropLast())))

    let new = read.encoded()
    XCTAssertTrue(new.starts(with: Array("cloudy-archive 2\n".utf8)))
    XCTAssertEqual(PageArchive(decoding: new), read)
    XCTAssertNil(PageArchive(decoding: new + [0]), "a byte more than the stream's size")
    XCTAssertNil(PageArchive.text(decoding: new + [0]))
    // A size in the header that agrees with a stream cut short: the stream itself ends early.
    let lineEnd = try XCTUnwrap(new[17...].firstIndex(of: 0x0A))
    var json = String(decoding: new[17..<lineEnd], as: UTF8.self)
    let stored = new.count - lineEnd - 1
    json = json.replacingOccurrences(of: #""stored":\#(stored)"#, with: #""stored":\#(stored - 1)"#)
    let cut = Array(new[..<17]) + Array(json.utf8) + [0x0A] + Array(new[(lineEnd + 1)...].dropLast())
    XCTAssertNil(PageArchive(decoding: cut))
  }

  /// Damaged assets (from a disk or another device): a byte changed anywhere, or the end cut
  /// off, is read as no archive or, where the change is in the HTML and only the text is read,
  /// as the text it held; never as other text, and never a crash.
  func testADamagedAssetIsNeverReadAsAnotherPage() throws {
    let page = PageArchive(
      title: "Tokyo", url: "https://t.example/", contentType: "text/html", text: "Tokyo\n\n東京タワー [1]",
      links: ["https://t.example/tower"],
      html: Array(("<html><p>東京タワー <a href=/tower>tower</a></p>" + String(repeating: "<p>x</p>", count: 200)).utf8))
    let bytes = page.encoded()
    var random = SplitMix64(seed: 4142)
    for round in 0..<600 {
      let damaged = Self.damage(bytes, round: round, &random)
      if let read = PageArchive(decoding: damaged) { XCTAssertEqual(read, page, "round \(round)") }
      if let text = PageArchive.text(decoding: damaged) { XCTAssertEqual(text, page.text, "round \(round)") }
    }
  }

  /// `bytes` damaged as a disk or another device might: every fifth round cut short, the
  /// others with one to three bytes changed.
  private static func damage(_ bytes: [UInt8], round: Int, _ random: inout SplitMix64) -> [UInt8] {
    var damaged = bytes
    if round % 5 == 0 {
      damaged.removeLast(1 + random.below(bytes.count - 1))
    } else {
      for _ in 0..<(1 + random.below(3)) { damaged[random.below(damaged.count)] ^= UInt8(1 + random.below(255)) }
    }
    return damaged
  }

  func testTwoBookmarksOfOnePageShareOneAssetAndAnUnchangedPageStoresNothing() throws {
    let first = try library.keep(page("same page"), for: "b1", fetched: Date(timeIntervalSince1970: 1))
    guard case .stored = first else { return XCTFail("first keep stores: \(first)") }
    XCTAssertEqual(
      try library.keep(page("same page"), for: "b2", fetched: Date(timeIntervalSince1970: 2)), .shared(hash: first.hash)
    )
    XCTAssertEqual(
      try library.keep(page("same page"), for: "b1", fetched: Date(timeIntervalSince1970: 3)),
      .unchanged(hash: first.hash))
    XCTAssertEqual(try assetFiles().count, 1)
    XCTAssertEqual(try library.versions(of: "b1").map(\.fetched), [Date(timeIntervalSince1970: 3)])
    XCTAssertEqual(try library.archivedBookmarks(), ["b1", "b2"])
  }

  func testTheLastThreeVersionsAreKeptAndAnAssetGoesWithItsLastVersion() throws {
    var hashes: [String] = []
    for version in 1...5 {
      hashes.append(
        try library.keep(page("version \(version)"), for: "b1", fetched: Date(timeIntervalSince1970: Double(version)))
          .hash)
    }
    // Another bookmark still has version 1: its asset stays.
    _ = try library.keep(page("version 1"), for: "b2", fetched: Date(timeIntervalSince1970: 10))
    _ = try library.keep(page("version 6"), for: "b1", fetched: Date(timeIntervalSince1970: 6))
    XCTAssertEqual(try library.versions(of: "b1").map(\.title), ["Title", "Title", "Title"])
    XCTAssertEqual(
      try library.versions(of: "b1").map(\.fetched),
      [6, 5, 4].map { Date(timeIntervalSince1970: $0) })
    let files = Set(try assetFiles().map { ($0 as NSString).lastPathComponent })
    XCTAssertEqual(files, [hashes[0], hashes[3], hashes[4], try library.versions(of: "b1")[0].hash])
    XCTAssertEqual(try library.search("version 2"), [], "a version let go is not found")
  }

  func testFilesArePrivate() throws {
    let kept = try library.keep(page("private"), for: "b1", fetched: Date())
    for path in [library.path(of: kept.hash), library.folder + "/index.sqlite"] {
      let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
      XCTAssertEqual(mode & 0o777, 0o600, path)
    }
    for path in [
      library.folder, library.folder + "/assets", (library.path(of: kept.hash) as NSString).deletingLastPathComponent,
    ] {
      let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
      XCTAssertEqual(mode & 0o777, 0o700, path)
    }
  }

  func testSearchFindsCJKCyrillicAndFoldsCaseAndDiacritics() throws {
    _ = try library.keep(page("東京タワーは高い。\nSecond line"), for: "tokyo", fetched: Date(timeIntervalSince1970: 1))
    _ = try library.keep(page("Привет, МИР — hello"), for: "russian", fetched: Date(timeIntervalSince1970: 2))
    _ = try library.keep(
      page("A recipe: Crème Brûlée, then coffee."), for: "french", fetched: Date(timeIntervalSince1970: 3))
    func found(_ query: String) throws -> [String] { try library.search(query).map(\.version.bookmarkID) }
    XCTAssertEqual(try found("東京"), ["tokyo"], "two characters: found by the scan")
    XCTAssertEqual(try found("東京タワー"), ["tokyo"], "found by the trigram index")
    XCTAssertEqual(try found("京タ"), ["tokyo"], "a substring in the middle")
    XCTAssertEqual(try found("мир"), ["russian"], "Cyrillic, case folded")
    XCTAssertEqual(try found("ПРИВЕТ"), ["russian"])
    XCTAssertEqual(try found("creme brulee"), ["french"], "diacritics folded")
    XCTAssertEqual(try found("CRÈME"), ["french"])
    XCTAssertEqual(try found("second line"), ["tokyo"])
    XCTAssertEqual(try found("高い。 second"), [], "no match across two lines")
    XCTAssertEqual(try found("nowhere"), [])
    XCTAssertEqual(try found("\"quoted\" OR x"), [], "FTS syntax in a query is text")
    XCTAssertEqual(try library.search("brulee").first?.snippet, "A recipe: Crème Brûlée, then coffee.")
  }

  func testASnippetIsCutAroundTheMatch() throws {
    let long =
      String(repeating: "words before ", count: 20) + "the Needle here" + String(repeating: " and after", count: 20)
    _ = try library.keep(page(long), for: "b1", fetched: Date())
    let snippet = try XCTUnwrap(library.search("needle").first?.snippet)
    XCTAssertTrue(snippet.hasPrefix("…") && snippet.hasSuffix("…"), snippet)
    XCTAssertTrue(snippet.contains("the Needle here"), snippet)
    XCTAssertLessThanOrEqual(snippet.count, ArchiveSnippet.before + ArchiveSnippet.after + 2)
  }

  /// A snippet's line is decoded no further than the line the index names (the text is
  /// decoded a piece at a time): empty lines are not counted, the last line needs no line
  /// break, a line may span two pieces, and a text of fewer lines has none; version 1 assets
  /// (deflated) give their lines too.
  func testATextLineIsDecodedNoFurtherThanItsEnd() throws {
    let lines = (0..<3_000).map { "line \($0) " + String(repeating: "é東", count: $0 % 40) }
    let text = "\n\n" + lines.joined(separator: "\n\n") + "\n"
    let archive = PageArchive(
      title: nil, url: "https://x.example/", contentType: nil, text: text, links: [], html: Array(text.utf8))
    let bytes = archive.encoded()
    XCTAssertGreaterThan(text.utf8.count, 100_000, "a text of many pieces")
    for number in [0, 1, 2, 500, 1_111, 2_998, 2_999] {
      XCTAssertEqual(PageArchive.textLine(number, decoding: bytes), lines[number], "line \(number)")
    }
    XCTAssertNil(PageArchive.textLine(3_000, decoding: bytes))
    let last = PageArchive(title: nil, url: "https://x.example/", contentType: nil, text: "a\n\nb", links: [], html: [])
    XCTAssertEqual(PageArchive.textLine(1, decoding: last.encoded()), "b", "the last line, without a line break")
    XCTAssertNil(PageArchive.textLine(0, decoding: Array("not an archive".utf8)))
  }

  /// Whatever is damaged in an asset, a search's snippet is the true one or none: a line
  /// decoded from a damaged stream is shown only if it folds to the index's copy of it.
  func testASnippetOfADamagedAssetIsTheTrueOneOrNone() throws {
    let text = "Tokyo tower\n\nThe 東京タワー at night, seen from the bay\n\nLast line"
    let kept = try library.keep(
      PageArchive(
        title: "Tokyo", url: "https://t.example/", contentType: "text/html", text: text, links: [],
        html: Array(String(repeating: "<p>東京タワー at night</p>", count: 100).utf8)),
      for: "b1", fetched: Date())
    let path = library.path(of: kept.hash)
    let bytes = [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: path)))
    let truth = try library.search("タワー at").map(\.snippet)
    XCTAssertEqual(truth, ["The 東京タワー at night, seen from the bay"])
    var random = SplitMix64(seed: 4143)
    var shown = 0
    for round in 0..<300 {
      let damaged = Self.damage(bytes, round: round, &random)
      try Data(damaged).write(to: URL(fileURLWithPath: path))
      let snippets = try library.search("タワー at").map(\.snippet)
      XCTAssertTrue(snippets == truth || snippets == [""], "round \(round): \(snippets)")
      if snippets == truth { shown += 1 }
    }
    XCTAssertGreaterThan(shown, 0, "a damaged HTML leaves the text's line readable")
  }
}
