import BookmarkFormats
import BookmarkModel
import Foundation
import FoundationXML
import XCTest

/// Export → import → export gives the same file, and what browsers need is in it.
final class RoundTripTests: XCTestCase {
  private let environment = BookmarkEnvironment(now: { date(1_750_000_000) }, newID: { UUID().uuidString })

  /// Bookmarks with everything that needs escaping or nesting, in file order (each folder's
  /// bookmarks together, as an import stores them).
  private let sample = [
    Bookmark(
      id: "1", name: "Tom & Jerry <script>alert(\"x\")</script> 'quoted'", url: "https://example.com/?a=1&b=<2>",
      created: date(1_700_000_000), modified: date(1_700_000_500), folder: ["Bookmarks Toolbar"],
      notes: "Line one\nLine two & more", tags: ["cartoons", "a&b"]),
    Bookmark(
      id: "2", name: "東京タワー 🗼", url: "https://www.tokyotower.co.jp/ja", created: date(1_600_000_000),
      modified: date(1_600_000_000), folder: ["Bookmarks Toolbar", "Travel", "日本"]),
    Bookmark(
      id: "4", name: "Tab\there", url: "https://example.org/tab", created: date(1_400_000_000),
      modified: date(1_400_000_000), folder: ["Bookmarks Toolbar", "Travel"]),
    Bookmark(
      id: "3", name: "Top level", url: "javascript:void(0)", created: date(1_500_000_000),
      modified: date(1_500_000_001)),
    Bookmark(
      id: "5", name: "Most visited", url: "place:sort=8", created: date(1_300_000_000), modified: date(1_300_000_000),
      folder: ["A \"quoted\" <folder> & co"]),
  ]

  private func reimport(_ data: Data) throws -> [Bookmark] {
    let file = try Fixture.parse(bytes: Array(data))
    return ImportPlan(file: file, existing: [], environment: environment).additions
  }

  func testTagsLoseOnlyTheASCIISpaceAroundThem() throws {
    let html =
      "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n"
      + "<DT><A HREF=\"https://a.example\" TAGS=\" swift ,\u{A0}line , ,\trust\r\n,  \">A</A>\n</DL>\n"
    let imported = try reimport(Data(html.utf8))
    XCTAssertEqual(imported.first?.tags, ["swift", "\u{A0}line", "rust"])
  }

  func testHTMLExportImportExportIsIdentical() throws {
    let first = NetscapeBookmarkWriter.data(for: sample)
    let imported = try reimport(first)
    XCTAssertEqual(imported.map(\.name), sample.map(\.name))
    XCTAssertEqual(imported.map(\.url), sample.map(\.url))
    XCTAssertEqual(imported.map(\.folder), sample.map(\.folder))
    XCTAssertEqual(imported.map(\.notes), sample.map(\.notes))
    XCTAssertEqual(imported.map(\.tags), sample.map(\.tags))
    XCTAssertEqual(imported.map(\.created), sample.map(\.created))
    XCTAssertEqual(imported.map(\.modified), sample.map(\.modified))
    let second = NetscapeBookmarkWriter.data(for: imported)
    XCTAssertEqual(String(decoding: second, as: UTF8.self), String(decoding: first, as: UTF8.self))
  }

  /// A folder name or notes that begin or end with a space (a JSON import keeps them) come
  /// back from an HTML export with them: the reader trims the ends, so they are references.
  func testSpacesAtTheEndsOfFoldersAndNotesSurviveHTML() throws {
    let padded = Bookmark(
      id: "p", name: "Padded", url: "https://padded.example", created: date(0), modified: date(0),
      folder: [" Work ", "  "], notes: " two  lines \n ")
    let first = NetscapeBookmarkWriter.data(for: [padded])
    let imported = try XCTUnwrap(try reimport(first).first)
    XCTAssertEqual(imported.folder, padded.folder)
    XCTAssertEqual(imported.notes, padded.notes)
    XCTAssertEqual(NetscapeBookmarkWriter.data(for: [imported]), first)
  }

  /// Issue 18.7: four levels of folders, with tags and notes and the order of the file,
  /// survive export → import → export as HTML, and nest four deep in XBEL.
  func testFourLevelsOfFoldersSurviveHTMLAndNestInXBEL() throws {
    let deep = [
      Bookmark(
        id: "a", name: "Skytree", url: "https://www.tokyo-skytree.jp", created: date(1_600_000_100),
        modified: date(1_600_000_200), folder: ["Bookmarks Menu", "Travel", "日本", "東京"], notes: "Deck 350",
        tags: ["view", "tokyo"]),
      Bookmark(
        id: "b", name: "Shrine", url: "https://www.meijijingu.or.jp", created: date(1_600_000_300),
        modified: date(1_600_000_300), folder: ["Bookmarks Menu", "Travel", "日本", "東京"], tags: ["tokyo"]),
      Bookmark(
        id: "c", name: "Kyoto", url: "https://kyoto.travel", created: date(1_600_000_400),
        modified: date(1_600_000_400), folder: ["Bookmarks Menu", "Travel", "日本"], notes: "Spring"),
      Bookmark(
        id: "d", name: "Travel home", url: "https://travel.example", created: date(1_600_000_500),
        modified: date(1_600_000_500), folder: ["Bookmarks Menu", "Travel"]),
    ]
    let first = NetscapeBookmarkWriter.data(for: deep)
    let imported = try reimport(first)
    XCTAssertEqual(imported.map(\.url), deep.map(\.url), "the order of the file")
    XCTAssertEqual(imported.map(\.folder), deep.map(\.folder))
    XCTAssertEqual(imported.map(\.tags), deep.map(\.tags))
    XCTAssertEqual(imported.map(\.notes), deep.map(\.notes))
    XCTAssertEqual(NetscapeBookmarkWriter.data(for: imported), first)

    let parser = XMLParser(data: XBELWriter.data(for: imported))
    let collector = XMLCollector()
    parser.delegate = collector
    XCTAssertTrue(parser.parse())
    XCTAssertEqual(collector.elements.filter { $0 == "folder" }.count, 4, "one folder per level")
    XCTAssertEqual(collector.titles.prefix(4), ["Bookmarks Menu", "Travel", "日本", "東京"])
  }

  func testExportGroupsEachFolderWhereItFirstAppears() throws {
    let shuffled = [sample[0], sample[3], sample[1], sample[2], sample[4]]
    XCTAssertEqual(try reimport(NetscapeBookmarkWriter.data(for: shuffled)).map(\.url), sample.map(\.url))
  }

  func testHTMLExportEscapesAndNestsForBrowsers() throws {
    let html = String(decoding: NetscapeBookmarkWriter.data(for: sample), as: UTF8.self)
    XCTAssertTrue(html.hasPrefix("<!DOCTYPE NETSCAPE-Bookmark-file-1>\n"))
    XCTAssertTrue(
      html.contains(
        #"<DT><A HREF="https://example.com/?a=1&amp;b=&lt;2&gt;" ADD_DATE="1700000000" LAST_MODIFIED="1700000500" "#
          + #"TAGS="cartoons,a&amp;b">Tom &amp; Jerry &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; "#
          + "&#39;quoted&#39;</A>"), html)
    XCTAssertTrue(html.contains("<DD>Line one&#10;Line two &amp; more\n"))
    XCTAssertTrue(html.contains(#"PERSONAL_TOOLBAR_FOLDER="true">Bookmarks Toolbar</H3>"#))
    XCTAssertTrue(html.contains("<H3 ADD_DATE=\"1300000000\" LAST_MODIFIED=\"1300000000\">A &quot;quoted&quot;"))
    XCTAssertFalse(html.contains("<script"), "no live markup from a name")
    // Nested lists balance: one <DL> per folder plus the top level.
    XCTAssertEqual(html.components(separatedBy: "<DL>").count - 1, 5)
    XCTAssertEqual(html.components(separatedBy: "</DL>").count - 1, 5)
  }

  func testJSONRoundTripIsLossless() throws {
    let first = try BookmarkJSON.data(for: sample)
    let imported = try reimport(first)
    XCTAssertEqual(imported, sample, "ids, dates, folders, notes and tags all survive")
    XCTAssertEqual(try BookmarkJSON.data(for: imported), first)
  }

  func testJSONEscapesTerminalControlsAndStillReadsThemBack() throws {
    let hostile = Bookmark(
      id: "h", name: "a\u{9B}31mred\u{7F}\u{202E}txt.exe\u{2028}", url: "https://h.example",
      created: Date(timeIntervalSince1970: 1_700_000_000), modified: Date(timeIntervalSince1970: 1_700_000_000))
    let data = try BookmarkJSON.data(for: [hostile])
    let text = String(decoding: data, as: UTF8.self)
    XCTAssertFalse(text.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) || $0.value == 0x202E })
    XCTAssertTrue(text.contains("\\u009B31mred\\u007F\\u202Etxt.exe\\u2028"), text)
    XCTAssertEqual(try BookmarkJSON.parse(data).bookmarks.first?.name, hostile.name)
  }

  func testJSONLeavesOutEmptyOptionalKeys() throws {
    let json = String(decoding: try BookmarkJSON.data(for: [sample[3]]), as: UTF8.self)
    XCTAssertFalse(json.contains("folder"))
    XCTAssertFalse(json.contains("notes"))
    XCTAssertFalse(json.contains("tags"))
    XCTAssertTrue(json.contains(#""created" : "2017-07-14T02:40:00Z""#), json)
  }

  /// Given a Cloudy XBEL export, when it is imported into an empty store, then the same
  /// bookmarks come back (names, URLs, dates, folders, notes; XBEL has no ids or tags), and
  /// exporting them again gives the same file.
  func testXBELExportImportsBackAsTheSameBookmarks() throws {
    let first = XBELWriter.data(for: sample)
    let imported = try reimport(first)
    let untagged = sample.map { bookmark in
      var bookmark = bookmark
      bookmark.tags = []
      return bookmark
    }
    XCTAssertEqual(imported.map(\.name), untagged.map(\.name))
    XCTAssertEqual(imported.map(\.url), untagged.map(\.url))
    XCTAssertEqual(imported.map(\.created), untagged.map(\.created))
    XCTAssertEqual(imported.map(\.modified), untagged.map(\.modified))
    XCTAssertEqual(imported.map(\.folder), untagged.map(\.folder))
    XCTAssertEqual(imported.map(\.notes), untagged.map(\.notes))
    XCTAssertEqual(imported.map(\.tags), untagged.map(\.tags))
    XCTAssertEqual(XBELWriter.data(for: imported), first)
  }

  /// An XBEL file's separators, empty folders and folder descriptions are counted as an HTML
  /// file's are; a bookmark without `href` is skipped with its line; an unclosed folder
  /// refuses the file.
  func testXBELCountsWhatItDoesNotKeep() throws {
    let xbel = """
      <?xml version="1.0" encoding="UTF-8"?>
      <xbel version="1.0">
        <folder>
          <title>Empty</title>
          <desc>About the folder</desc>
        </folder>
        <separator/>
        <bookmark added="2023-11-14T22:13:20Z"><title>No URL</title></bookmark>
        <bookmark href="https://a.example"><title>A &amp; B</title></bookmark>
      </xbel>
      """
    let file = try Fixture.parse(bytes: Array(xbel.utf8))
    XCTAssertEqual(file.format, .xbel)
    XCTAssertEqual(file.bookmarks.map(\.name), ["A & B"])
    XCTAssertEqual(file.bookmarks.map(\.line), [9])
    XCTAssertNil(file.bookmarks[0].created)
    XCTAssertEqual(file.skipped, [SkippedEntry(line: 8, name: "No URL", reason: "it has no URL")])
    XCTAssertEqual(file.separators, 1)
    XCTAssertEqual(file.emptyFolders, 1)
    XCTAssertEqual(file.folderDescriptions, 1)
    XCTAssertThrowsError(
      try Fixture.parse(bytes: Array("<?xml version=\"1.0\"?>\n<xbel>\n<folder><title>Open</title>\n".utf8))
    ) { error in
      XCTAssertEqual(error as? BookmarkFileError, .unclosedFolder(name: "Open", line: 3))
    }
  }

  func testXBELIsWellFormedXML() throws {
    let data = XBELWriter.data(
      for: sample + [
        Bookmark(
          id: "6", name: "bell \u{7} and nul-free", url: "https://b.example", created: date(0), modified: date(0))
      ])
    let parser = XMLParser(data: data)
    let collector = XMLCollector()
    parser.delegate = collector
    XCTAssertTrue(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    XCTAssertEqual(collector.elements.first, "xbel")
    XCTAssertEqual(collector.elements.filter { $0 == "bookmark" }.count, 6)
    XCTAssertEqual(collector.elements.filter { $0 == "folder" }.count, 4)
    XCTAssertTrue(collector.titles.contains(sample[0].name), "entities decode back to the name")
    XCTAssertTrue(collector.titles.contains("Tab\there"))
  }
}

/// Collects element names and `<title>` texts from an XML parse.
private final class XMLCollector: NSObject, XMLParserDelegate {
  var elements: [String] = []
  var titles: [String] = []
  private var text: String?

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    elements.append(elementName)
    if elementName == "title" { text = "" }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    text? += string
  }

  func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
    if elementName == "title", let text { titles.append(text) }
    text = nil
  }
}

/// A newcomer run (issue 36.17): every export dropped empty folders. HTML and XBEL write a
/// store's empty folders, and an import reads them back as folders to make.
final class EmptyFolderExportTests: XCTestCase {
  func testEmptyFoldersRoundTripThroughHTMLAndXBEL() throws {
    let date = Date(timeIntervalSince1970: 1_700_000_000)
    let bookmark = Bookmark(
      id: "a", name: "A", url: "https://a.example", created: date, modified: date, folder: ["Read"])
    let folders = [["Read"], ["Projects"], ["Projects", "Someday"]]
    for data in [
      NetscapeBookmarkWriter.data(for: [bookmark], folders: folders),
      XBELWriter.data(for: [bookmark], folders: folders),
    ] {
      let file = try Fixture.parse(bytes: Array(data))
      XCTAssertEqual(file.bookmarks.map(\.folder), [["Read"]])
      XCTAssertEqual(file.emptyFolderPaths, [["Projects", "Someday"], ["Projects"]])
    }
  }
}
