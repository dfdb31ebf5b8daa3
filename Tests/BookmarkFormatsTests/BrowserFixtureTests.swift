import BookmarkFormats
import BookmarkModel
import Foundation
import XCTest

/// Files shaped like real browser exports, written for these tests (see Fixtures/).
final class BrowserFixtureTests: XCTestCase {
  func testFirefoxExport() throws {
    let file = try Fixture.parse("firefox.html")
    XCTAssertEqual(file.format, .html)
    XCTAssertEqual(
      file.bookmarks.map(\.name),
      [
        "Getting Started", "Recently Bookmarked", "Get Help", "Customize Firefox",
        "Bookmarklet <script>alert('hi')</script>", "Café & 😀 東京", "Notes file",
      ])
    XCTAssertEqual(
      file.bookmarks.map(\.folder),
      [
        [], [], ["Mozilla Firefox"], ["Mozilla Firefox"], ["Bookmarks Toolbar"], ["Bookmarks Toolbar"],
        ["Other Bookmarks"],
      ])
    let help = file.bookmarks[2]
    XCTAssertEqual(help.url, "https://support.mozilla.org/en-US/products/firefox")
    XCTAssertEqual(help.tags, ["help", "firefox"])
    XCTAssertEqual(help.notes, "Answers & support, \"quickly\"")
    XCTAssertEqual(help.created, date(1_684_510_980))
    XCTAssertEqual(file.bookmarks[5].modified, date(1_700_000_002))
    XCTAssertEqual(file.bookmarks[5].url, "https://example.com/search?q=caf%C3%A9&lang=fr&x=\"y\"")
    // Non-web URLs are kept as text.
    XCTAssertEqual(
      file.bookmarks[1].url, "place:parent=menu________&queryType=1&sort=12&maxResults=10&excludeQueries=1")
    XCTAssertEqual(file.bookmarks[4].url, "javascript:(function()%7Bdocument.title%3D%22x%22%7D)()")
    XCTAssertEqual(file.bookmarks[6].url, "file:///home/user/notes.txt")
    XCTAssertEqual(file.separators, 1)
    XCTAssertEqual(file.emptyFolders, 1)
    XCTAssertEqual(file.folderDescriptions, 1, "the <DD> after a folder is not put on a bookmark")
    XCTAssertEqual(file.bookmarks[3].notes, "", "the folder's <DD> does not land on the next bookmark")
    XCTAssertEqual(file.skipped, [])
  }

  func testChromeExportWithCRLFAndNoLastModified() throws {
    let bytes = try Fixture.bytes("chrome.html")
    XCTAssertTrue(bytes.contains(0x0D), "the fixture has CRLF line ends")
    let file = try Fixture.parse("chrome.html")
    XCTAssertEqual(file.bookmarks.map(\.name), ["Google", "Swift — Docs", "Issues", "🎵 Music", "Settings"])
    XCTAssertEqual(
      file.bookmarks.map(\.folder),
      [
        ["Bookmarks bar"], ["Bookmarks bar", "Dev"], ["Bookmarks bar", "Dev", "Deep"], ["Bookmarks bar"],
        ["Other bookmarks"],
      ])
    XCTAssertEqual(file.bookmarks[2].url, "https://github.com/apple/swift/issues?q=is%3Aopen+label%3Abug&page=2")
    XCTAssertEqual(file.bookmarks[0].created, date(1_700_000_010))
    XCTAssertNil(file.bookmarks[0].modified)
    XCTAssertEqual(file.bookmarks[4].url, "chrome://settings/")
    XCTAssertEqual(file.bookmarks[2].line, 17, "lines count CRLF once")
  }

  func testEdgeExport() throws {
    let file = try Fixture.parse("edge.html")
    XCTAssertEqual(file.bookmarks.map(\.name), ["Bing", "Microsoft Learn", "MSN"])
    XCTAssertEqual(file.bookmarks.map(\.folder), [["Favorites bar"], ["Favorites bar"], []])
    XCTAssertEqual(file.bookmarks[2].created, date(1_701_000_003))
  }

  func testAnotherToolsLooseExport() throws {
    let file = try Fixture.parse("other-tool.html")
    let names = file.bookmarks.map(\.name)
    XCTAssertEqual(
      names,
      [
        "Attention Is All You Need", "Quotes: \"double\" and 'single' & legacy", "WebKit date",
        "Evil alert(1) title", "Unclosed anchor", "Blank URL", "Control in URL",
      ])
    let paper = file.bookmarks[0]
    XCTAssertEqual(paper.folder, ["Reading & Research"])
    XCTAssertEqual(paper.created, date(1_700_000_000), "microseconds are detected")
    XCTAssertEqual(paper.modified, date(1_700_000_100), "milliseconds are detected")
    XCTAssertEqual(paper.notes, "Transformer paper.\nSecond line of notes.")
    XCTAssertEqual(file.bookmarks[1].url, "https://example.org/a?x=1&y=2&z=3")
    XCTAssertEqual(file.bookmarks[1].tags, ["ml", "papers"])
    XCTAssertEqual(file.bookmarks[2].created, date(1_700_526_400), "WebKit microseconds since 1601")
    XCTAssertEqual(file.bookmarks[4].folder, [], "the folder closed before it")
    XCTAssertEqual(file.folderDescriptions, 1)
    let environment = BookmarkEnvironment(now: { date(1_750_000_000) }, newID: { UUID().uuidString })
    let plan = ImportPlan(file: file, existing: [], environment: environment)
    XCTAssertEqual(plan.additions.count, 5)
    XCTAssertEqual(
      plan.skipped,
      [
        SkippedEntry(line: 17, name: "Blank URL", reason: "its URL is empty"),
        SkippedEntry(line: 18, name: "Control in URL", reason: "its URL contains control characters"),
      ])
  }

  /// The tokenizer keeps state across chunks: any chunking gives the same result.
  func testChunkBoundariesDoNotMatter() throws {
    for name in ["firefox.html", "chrome.html", "other-tool.html"] {
      let bytes = try Fixture.bytes(name)
      let whole = try Fixture.parse(bytes: bytes)
      for size in [1, 2, 7, 64, 4096] {
        XCTAssertEqual(try Fixture.parse(bytes: bytes, chunkSize: size), whole, "\(name) in chunks of \(size)")
      }
    }
  }
}
