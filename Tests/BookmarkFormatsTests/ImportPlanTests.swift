import BookmarkFormats
import BookmarkModel
import Foundation
import XCTest

final class ImportPlanTests: XCTestCase {
  private func environment(_ ids: [String]) -> BookmarkEnvironment {
    let box = IDs(ids)
    return BookmarkEnvironment(now: { date(1_750_000_000.7) }, newID: { box.next() })
  }

  /// Given entries the stores would refuse (a folder name with “/” or an escape sequence,
  /// 40 levels of folders, a name of 100,000 characters, 65 tags, a URL over 64 KiB), when an
  /// import is planned, then each is skipped with its reason and the others are imported.
  func testEntriesOverTheStoresLimitsAreSkippedWithTheirReason() {
    let file = ParsedFile(
      format: .html,
      bookmarks: [
        ParsedBookmark(name: "slash", url: "https://a.example", folder: ["a/b"], line: 1),
        ParsedBookmark(name: "escape", url: "https://b.example", folder: ["x\u{1B}[31m"], line: 2),
        ParsedBookmark(name: "deep", url: "https://c.example", folder: (1...40).map { "f\($0)" }, line: 3),
        ParsedBookmark(name: String(repeating: "n", count: 100_000), url: "https://d.example", line: 4),
        ParsedBookmark(name: "tags", url: "https://e.example", tags: (1...65).map { "t\($0)" }, line: 5),
        ParsedBookmark(name: "long", url: "https://f.example/" + String(repeating: "p", count: 70_000), line: 6),
        ParsedBookmark(name: "fine", url: "https://g.example", folder: (1...32).map { "f\($0)" }, line: 7),
      ])
    let plan = ImportPlan(file: file, existing: [], environment: environment(["a"]))
    XCTAssertEqual(plan.additions.map(\.name), ["fine"])
    XCTAssertEqual(plan.skipped.map(\.line), [1, 2, 3, 4, 5, 6])
    XCTAssertEqual(plan.skipped[0].reason, "a folder name can't contain “/” (“a/b”)")
    XCTAssertEqual(plan.skipped[2].reason, "folders can nest at most 32 deep; this path has 40")
    XCTAssertEqual(plan.skipped[3].reason, "a name can be at most 1,000 characters; this one has 100,000")
    XCTAssertEqual(plan.skipped[5].reason, "its URL is longer than 65,536 bytes")
    let report = plan.report(fileName: "f.html")
    XCTAssertTrue(report.allSatisfy { $0.count < 300 }, "a huge name is shortened in the report")
  }

  /// Given an HTML file with a 16 MB name and a 16 MB URL, when it is read, then no value
  /// kept is longer than the limit (plus the byte that shows it is over), and the plan skips
  /// the entry.
  func testAHugeValueIsCutWhileReading() throws {
    let huge = String(repeating: "x", count: 16 * 1024 * 1024)
    let html =
      "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n<DT><A HREF=\"https://a.example/\(huge)\">name</A>\n"
      + "<DT><A HREF=\"https://b.example/\">\(huge)</A>\n</DL>\n"
    let parsed = try Fixture.parse(bytes: Array(html.utf8), chunkSize: 1 << 20)
    XCTAssertEqual(parsed.bookmarks.count, 2)
    XCTAssertEqual(parsed.bookmarks[0].url.utf8.count, NetscapeLimits.maximumValueBytes + 1)
    XCTAssertLessThanOrEqual(parsed.bookmarks[1].name.utf8.count, NetscapeLimits.maximumValueBytes + 1)
    let plan = ImportPlan(file: parsed, existing: [], environment: environment(["a", "b"]))
    XCTAssertEqual(plan.additions.count, 0)
    XCTAssertEqual(plan.skipped.count, 2)
  }

  func testDuplicatesOfStoredAndEarlierBookmarksAreMerged() throws {
    let stored = [
      Bookmark(id: "s", name: "Stored", url: "https://Example.com", created: date(1), modified: date(1))
    ]
    let file = ParsedFile(
      format: .html,
      bookmarks: [
        ParsedBookmark(name: "Same as stored", url: "HTTPS://example.COM:443/", line: 3),
        ParsedBookmark(name: "New", url: "https://example.com/new", line: 4),
        ParsedBookmark(name: "New again", url: "https://EXAMPLE.com/new", line: 5),
        ParsedBookmark(name: "Trailing slash is another page", url: "https://example.com/new/", line: 6),
      ])
    let plan = ImportPlan(file: file, existing: stored, environment: environment(["a", "b"]))
    XCTAssertEqual(plan.additions.map(\.name), ["New", "Trailing slash is another page"])
    XCTAssertEqual(plan.additions.map(\.id), ["a", "b"])
    XCTAssertEqual(plan.duplicates.map(\.entry.line), [3, 5])
    XCTAssertEqual(plan.duplicates.map(\.existingName), ["Stored", "New"])
  }

  /// Given a file with one bookmark already stored and one URL twice, when the report is
  /// made, then the stored duplicate and the repeat inside the file are counted apart.
  func testReportTellsDuplicatesOfStoredBookmarksFromRepeatsInTheFile() {
    let stored = [Bookmark(id: "s", name: "Stored", url: "https://a.example", created: date(1), modified: date(1))]
    let file = ParsedFile(
      format: .html,
      bookmarks: [
        ParsedBookmark(name: "Stored again", url: "https://A.example/", line: 1),
        ParsedBookmark(name: "New", url: "https://b.example", line: 2),
        ParsedBookmark(name: "New again", url: "https://b.example/", line: 3),
        ParsedBookmark(name: "New a third time", url: "https://b.example:443", line: 4),
      ])
    let plan = ImportPlan(file: file, existing: stored, environment: environment(["a"]))
    XCTAssertEqual(
      plan.report(fileName: "f.html"),
      [
        "f.html (Netscape bookmark file):",
        "  1 bookmark to import",
        "  1 already here (merged into the stored bookmark)",
        "  2 repeated in the file (merged into the first)",
        "  0 entries skipped",
      ])
  }

  /// Given a stored bookmark on an international host, when a file brings the same host in
  /// Punycode (and the other way round), then it is merged as already here.
  func testInternationalHostsAreDuplicatesInEitherForm() {
    let stored = [
      Bookmark(id: "s", name: "Bücher", url: "https://bücher.example/", created: date(1), modified: date(1))
    ]
    let file = ParsedFile(
      format: .html,
      bookmarks: [
        ParsedBookmark(name: "Punycode", url: "https://xn--bcher-kva.example/", line: 1),
        ParsedBookmark(name: "Other", url: "https://xn--mnchen-3ya.de/a", line: 2),
        ParsedBookmark(name: "Other in Unicode", url: "https://MÜNCHEN.de/a", line: 3),
      ])
    let plan = ImportPlan(file: file, existing: stored, environment: environment(["a", "b", "c"]))
    XCTAssertEqual(plan.additions.map(\.name), ["Other"])
    XCTAssertEqual(plan.duplicates.map(\.entry.line), [1, 3])
  }

  func testMissingDatesBecomeTheImportTimeInWholeSeconds() {
    let file = ParsedFile(
      format: .html,
      bookmarks: [
        ParsedBookmark(name: "No dates", url: "https://a.example"),
        ParsedBookmark(name: "Only added", url: "https://b.example", created: date(1_000.9)),
      ])
    let plan = ImportPlan(file: file, existing: [], environment: environment(["a", "b"]))
    XCTAssertEqual(plan.additions[0].created, date(1_750_000_000))
    XCTAssertEqual(plan.additions[0].modified, date(1_750_000_000))
    XCTAssertEqual(plan.additions[1].created, date(1_000))
    XCTAssertEqual(plan.additions[1].modified, date(1_000))
  }

  /// Given JSON entries without `created` (one with `modified`), when they are imported,
  /// then they are read and dated as HTML entries without dates are: the import time.
  func testJSONWithoutCreatedGetsTheImportTime() throws {
    let json = """
      [{"id":"a","name":"No dates","url":"https://a.example"},
      {"id":"b","name":"Only modified","url":"https://b.example","modified":"2020-01-01T00:00:00Z"}]
      """
    let plan = ImportPlan(
      file: try BookmarkJSON.parse(Data(json.utf8)), existing: [], environment: environment(["x"]))
    XCTAssertEqual(plan.additions.map(\.name), ["No dates", "Only modified"])
    XCTAssertEqual(plan.additions[0].created, date(1_750_000_000))
    XCTAssertEqual(plan.additions[0].modified, date(1_750_000_000))
    XCTAssertEqual(plan.additions[1].created, date(1_750_000_000))
    XCTAssertEqual(plan.additions[1].modified, date(1_577_836_800))
  }

  func testJSONIdsAreKeptUnlessTaken() {
    let stored = [Bookmark(id: "taken", name: "S", url: "https://s.example", created: date(1), modified: date(1))]
    let file = ParsedFile(
      format: .json,
      bookmarks: [
        ParsedBookmark(name: "Keeps", url: "https://a.example", id: "mine"),
        ParsedBookmark(name: "Renamed id", url: "https://b.example", id: "taken"),
        ParsedBookmark(name: "Twice in file", url: "https://c.example", id: "mine"),
      ])
    let plan = ImportPlan(file: file, existing: stored, environment: environment(["fresh1", "fresh2"]))
    XCTAssertEqual(plan.additions.map(\.id), ["mine", "fresh1", "fresh2"])
  }

  /// Every format is held to the same rules: a JSON file can't bring in what an HTML file can't.
  func testEmptyAndControlCharacterURLsAreSkippedInEveryFormat() throws {
    for format in [BookmarkFileFormat.html, .json, .xbel] {
      let file = ParsedFile(
        format: format,
        bookmarks: [
          ParsedBookmark(name: "Blank", url: "  ", line: 2),
          ParsedBookmark(name: "Fine", url: "https://a.example", line: 3),
          ParsedBookmark(name: "Bell", url: "https://b.example/\u{07}", line: 4),
          ParsedBookmark(name: "Escape", url: "https://c.example/\u{1B}[31m", line: 5),
        ],
        skipped: [SkippedEntry(line: 3, name: "From the parser", reason: "its line is broken")])
      let plan = ImportPlan(file: file, existing: [], environment: environment(["a"]))
      XCTAssertEqual(plan.additions.map(\.name), ["Fine"], "\(format)")
      XCTAssertEqual(plan.skipped.map(\.line), [2, 3, 4, 5], "in line order, parser skips included")
      XCTAssertEqual(plan.skipped[2].reason, "its URL contains control characters")
    }
  }

  func testReportCountsAndReasons() throws {
    let file = try Fixture.parse("other-tool.html")
    let stored = [
      Bookmark(id: "s", name: "Paper", url: "https://arxiv.org/abs/1706.03762", created: date(1), modified: date(1))
    ]
    let plan = ImportPlan(file: file, existing: stored, environment: environment(["a", "b", "c", "d"]))
    XCTAssertEqual(
      plan.report(fileName: "other-tool.html"),
      [
        "other-tool.html (Netscape bookmark file):",
        "  4 bookmarks to import",
        "  1 already here (merged into the stored bookmark)",
        "  2 entries skipped:",
        "    line 17: “Blank URL” — its URL is empty",
        "    line 18: “Control in URL” — its URL contains control characters",
        "  not kept: 1 folder description",
      ])
  }

  func testReportMentionsNonWebURLsAndGroupsThousands() throws {
    var bookmarks = (0..<12_345).map { ParsedBookmark(name: "\($0)", url: "https://e.example/\($0)") }
    bookmarks.append(ParsedBookmark(name: "JS", url: "javascript:void(0)"))
    let plan = ImportPlan(
      file: ParsedFile(format: .html, bookmarks: bookmarks, separators: 2, emptyFolderPaths: [["Empty"]]),
      existing: [], environment: .live)
    let report = plan.report(fileName: "big.html")
    XCTAssertEqual(report[1], "  12,346 bookmarks to import")
    XCTAssertEqual(report[2], "  1 empty folder to make")
    XCTAssertTrue(report.contains("  not kept: 2 separators"))
    XCTAssertTrue(report.contains { $0.hasPrefix("  1 bookmark with a non-web URL") })
  }

  /// A date no writer can write (a JSON `1e300`, a year past 9999, an HTML date before the
  /// year 1) is never stored: the entry is skipped with its reason, like a refused URL.
  func testDatesOutsideTheYears1To9999AreSkippedWithAReason() throws {
    let json = """
      [{"id":"a","name":"Huge","url":"https://a.example","created":1e300},
      {"id":"b","name":"Year 24184","url":"https://b.example","created":700999999900},
      {"id":"c","name":"Modified","url":"https://c.example","created":1,"modified":-1e17},
      {"id":"d","name":"Last second","url":"https://d.example","created":253402300799,"modified":-62135596800}]
      """
    let plan = ImportPlan(
      file: try BookmarkJSON.parse(Data(json.utf8)), existing: [], environment: environment(["x"]))
    XCTAssertEqual(plan.additions.map(\.name), ["Last second"])
    XCTAssertEqual(plan.skipped.map(\.line), [1, 2, 3])
    XCTAssertEqual(
      plan.skipped.map(\.reason),
      [
        "its creation date is outside the years 1 to 9999", "its creation date is outside the years 1 to 9999",
        "its modification date is outside the years 1 to 9999",
      ])
    let html = try Fixture.parse(html: #"<DL><p><DT><A HREF="https://e.example" ADD_DATE="-99999999999">E</A></DL>"#)
    XCTAssertEqual(ImportPlan(file: html, existing: [], environment: environment([])).skipped.count, 1)
  }

  /// No store can read back a bookmark with an empty id, so an empty JSON id is replaced as a
  /// taken one is.
  func testAnEmptyJSONIdGetsANewOne() throws {
    let json = #"[{"id":"","name":"n","url":"https://a.example","created":1,"modified":1}]"#
    let plan = ImportPlan(
      file: try BookmarkJSON.parse(Data(json.utf8)), existing: [], environment: environment(["fresh"]))
    XCTAssertEqual(plan.additions.map(\.id), ["fresh"])
  }

  /// Issue 36.17: a file's empty folders are made (Cloudy keeps empty folders), those the store
  /// or the file's bookmarks have already are not, and one whose name breaks the folder rules
  /// is said not kept.
  func testEmptyFoldersAreMadeUnlessTheStoreHasThem() throws {
    let html = """
      <!DOCTYPE NETSCAPE-Bookmark-file-1>
      <DL><p>
      <DT><H3>Projects</H3>
      <DL><p>
      <DT><H3>Someday</H3>
      <DL><p>
      </DL><p>
      </DL><p>
      <DT><H3>Work</H3>
      <DL><p>
      </DL><p>
      <DT><H3>Read</H3>
      <DL><p>
      <DT><A HREF="https://a.example">A</A>
      <DT><H3>Later</H3>
      <DL><p>
      </DL><p>
      </DL><p>
      <DT><H3>a/b</H3>
      <DL><p>
      </DL><p>
      </DL><p>
      """
    let file = try Fixture.parse(html: html)
    XCTAssertEqual(
      file.emptyFolderPaths, [["Projects", "Someday"], ["Projects"], ["Work"], ["Read", "Later"], ["a/b"]])
    let stored = Bookmark(
      id: "w", name: "W", url: "https://w.example", created: .distantPast, modified: .distantPast, folder: ["Work"])
    let plan = ImportPlan(file: file, existing: [stored], environment: environment(["x"]))
    XCTAssertEqual(plan.folders, [["Projects"], ["Projects", "Someday"], ["Read", "Later"]])
    XCTAssertEqual(plan.unkeptFolders, 1)
    let report = plan.report(fileName: "f.html")
    XCTAssertTrue(report.contains("  3 empty folders to make"), "\(report)")
    XCTAssertTrue(report.contains("  not kept: 1 empty folder with a name Cloudy can't use"), "\(report)")
    let known = ImportPlan(file: file, existing: [], existingFolders: [["Projects", "Someday"]], environment: .live)
    XCTAssertFalse(known.folders.contains(["Projects"]))
  }

  func testXBELEmptyFoldersAreMadeToo() throws {
    let xbel = """
      <?xml version="1.0"?>
      <xbel version="1.0"><folder><title>Empty</title></folder>
      <folder><title>Full</title><bookmark href="https://f.example"><title>F</title></bookmark></folder></xbel>
      """
    let plan = ImportPlan(file: try Fixture.parse(bytes: Array(xbel.utf8)), existing: [], environment: .live)
    XCTAssertEqual(plan.folders, [["Empty"]])
  }
}

/// Issue 16.3 and 14.16: an import takes URLs by the same rule as `add`, and gives untitled
/// bookmarks the same default name.
final class ImportURLRuleTests: XCTestCase {
  func testImportRefusesWhatAddRefusesWithAReason() {
    let hostile = [
      "https://d.example/\u{202E}gpj", "https://d.example/\u{2066}x\u{2069}", "https://d.example/\u{200F}",
      "https://d.example/\u{061C}", "https://d.example/\u{200B}", "https://d.example/a b", "https://",
    ]
    let file = ParsedFile(
      format: .json,
      bookmarks: hostile.enumerated().map {
        ParsedBookmark(name: "h\($0.offset)", url: $0.element, line: $0.offset + 1)
      }
        + [ParsedBookmark(name: "ok", url: "https://ok.example", line: 99)])
    let plan = ImportPlan(file: file, existing: [], environment: .live)
    XCTAssertEqual(plan.additions.map(\.name), ["ok"])
    XCTAssertEqual(plan.skipped.map(\.line), Array(1...hostile.count))
    XCTAssertTrue(plan.skipped.allSatisfy { $0.reason.hasPrefix("its URL") }, "\(plan.skipped.map(\.reason))")
  }

  func testUntitledBookmarksGetTheHostOrTheURL() {
    let file = ParsedFile(
      format: .html,
      bookmarks: [
        ParsedBookmark(name: "", url: "https://docs.example/a"), ParsedBookmark(name: "  ", url: "place:sort=8"),
        ParsedBookmark(name: "", url: "file:///etc/hosts"),
      ])
    let plan = ImportPlan(file: file, existing: [], environment: .live)
    XCTAssertEqual(plan.additions.map(\.name), ["docs.example", "place:sort=8", "file:///etc/hosts"])
  }
}

/// Hands out fixed ids in order.
private final class IDs: @unchecked Sendable {
  private var ids: [String]
  init(_ ids: [String]) { self.ids = ids }
  func next() -> String { ids.removeFirst() }
}
