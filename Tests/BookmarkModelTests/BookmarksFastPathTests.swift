import BookmarkModel
import Foundation
import PropertyLists
import XCTest

/// `PropertyListReader.bookmarks(in:key:)` reads bookmarks straight from XML; it must agree
/// with the general reader plus `Bookmark(propertyList:)` on every document it accepts.
final class BookmarksFastPathTests: XCTestCase {
  /// What the general reader makes of a document: nil where the fast path must decline too
  /// or defer.
  private func general(_ data: Data) -> (bookmarks: [Bookmark], unreadable: Int)? {
    guard let plist = try? PropertyListReader.read(data), let dictionary = plist.dictionary else { return nil }
    guard let value = dictionary["bookmarks"] else { return ([], 0) }
    guard let entries = value.array else { return nil }
    var bookmarks: [Bookmark] = []
    var unreadable = 0
    for entry in entries {
      if let bookmark = Bookmark(propertyList: entry) {
        bookmarks.append(bookmark)
      } else {
        unreadable += 1
      }
    }
    return (bookmarks, unreadable)
  }

  private func assertAgrees(
    _ data: Data, fast mustBeFast: Bool = true, file: StaticString = #filePath, line: UInt = #line
  ) {
    let fast = PropertyListReader.bookmarks(in: data, key: "bookmarks", splittingAbove: .max)
    // Read in two halves at once, it reads the same.
    let split = PropertyListReader.bookmarks(in: data, key: "bookmarks", splittingAbove: 0)
    XCTAssertEqual(split?.bookmarks, fast?.bookmarks, "read in two halves", file: file, line: line)
    XCTAssertEqual(split?.unreadable, fast?.unreadable, "read in two halves", file: file, line: line)
    if mustBeFast { XCTAssertNotNil(fast, "the fast path declined", file: file, line: line) }
    guard let fast else { return }
    let expected = general(data)
    XCTAssertEqual(fast.bookmarks, expected?.bookmarks, file: file, line: line)
    XCTAssertEqual(fast.unreadable, expected?.unreadable, file: file, line: line)
  }

  private let date = PropertyList.date(Date(timeIntervalSince1970: 1_700_000_000))

  func testEveryKindOfEntryAsOurWriterWritesIt() {
    let entries: [PropertyList] = [
      .dictionary([
        "id": .string("a"), "name": .string("東京 & <Tower> \"🚀\" \u{1}"), "url": .string("https://a.example/?x=1&y=2"),
        "created": date, "modified": .date(Date(timeIntervalSince1970: 1_800_000_000)),
        "folder": .array([.string("Toolbar"), .integer(3), .string("مرحبا")]), "notes": .string("n\nn"),
        "tags": .array([.string("t")]), "extra": .dictionary(["deep": .array([.data(Data([1, 2])), .real(0.5)])]),
      ]),
      .dictionary(["id": .string("b"), "url": .string("https://b.example")]),  // no name, no dates
      .dictionary(["id": .string("c"), "url": .string("u"), "created": date]),  // modified from created
      .dictionary(["id": .string(""), "url": .string("https://empty-id.example")]),
      .dictionary(["id": .integer(4), "url": .string("https://integer-id.example")]),
      .dictionary(["id": .string("no-url")]),
      .dictionary([
        "id": .string("wrong-types"), "url": .string("https://w.example"), "name": .integer(1), "created": .string("x"),
        "folder": .string("not a list"), "tags": .dictionary([:]), "notes": .bool(true),
      ]),
      .dictionary([:]), .array([.string("x")]), .string("s"), .integer(1), .bool(false), .data(Data()),
    ]
    let document = PropertyList.dictionary([
      "before": .array([.dictionary(["bookmarks": .string("not this one")])]), "bookmarks": .array(entries),
      "zzz": .string("after"),
    ])
    assertAgrees(PropertyListXMLWriter.data(for: document))
  }

  /// A large list is read in two halves at once, the second from a `</dict> <dict>` past
  /// the middle. Such bytes inside an entry or a comment are not an item's start: the second
  /// half's work is dropped and the first half reads on; either way the result is the
  /// general reader's.
  func testAListReadInTwoHalvesReadsAsOne() {
    func entry(_ i: Int, _ inside: String = "") -> String {
      "<dict><key>id</key><string>b\(i)</string><key>url</key><string>https://e.example/\(i)</string>\(inside)</dict>"
    }
    let nested = "<key>extra</key><array><dict><key>a</key><true/></dict>\n  <dict><key>b</key><false/></dict></array>"
    let comment = "<!-- </dict> <dict><key>id</key><string>ghost</string></dict> -->"
    for trap in 0..<3 {
      var items: [String] = []
      for i in 0..<400 {
        // Near the middle, where the second half would begin, bytes that look like an item.
        if (190..<210).contains(i) {
          items.append(trap == 0 ? entry(i, nested) : trap == 1 ? comment + entry(i) : entry(i))
        } else {
          items.append(i % 50 == 7 ? "<string>not a bookmark</string>" : entry(i))
        }
      }
      let xml = "<plist><dict><key>bookmarks</key><array>\n" + items.joined(separator: "\n") + "</array></dict></plist>"
      assertAgrees(Data(xml.utf8))
      let split = PropertyListReader.bookmarks(in: Data(xml.utf8), key: "bookmarks", splittingAbove: 0)
      XCTAssertEqual(split?.bookmarks.count, 393, "trap \(trap)")
      XCTAssertEqual(split?.bookmarks.last?.id, "b399", "trap \(trap)")
    }
  }

  func testHandWrittenXML() {
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0"><dict><key/><string/>
        <!-- a comment --><key>bookmarks</key><array><dict/><dict>
          <key>id</key><string>x</string><key>id</key><string>y</string>
          <key>url</key><string>https://e.example/?a=1&amp;b=&#x41;&#66;</string>
          <key>name</key><string/><key>created</key><date>2026-01-02T03:04:05Z</date>
          <key/><string>empty key</string>
        </dict><string>not a bookmark</string><array/><dict><key>url</key><string>u</string></dict></array>
      </dict></plist>
      """
    assertAgrees(Data(xml.utf8))
  }

  func testALaterDuplicateBookmarksKeyWinsAndEmptyOrMissingListsAreEmpty() {
    let duplicate = """
      <plist version="1.0"><dict><key>bookmarks</key><array><dict><key>id</key><string>first</string>\
      <key>url</key><string>u</string></dict></array><key>bookmarks</key><array/></dict></plist>
      """
    assertAgrees(Data(duplicate.utf8))
    assertAgrees(Data(#"<plist version="1.0"><dict/></plist>"#.utf8))
    assertAgrees(Data(#"<plist version="1.0"><dict><key>other</key><integer>1</integer></dict></plist>"#.utf8))
  }

  func testWhatFoundationWrites() throws {
    let object: [String: Any] = [
      "bookmarks": [
        ["id": "f", "name": "Foundation ü", "url": "https://f.example", "created": Date(timeIntervalSince1970: 5)],
        ["id": "g", "url": "https://g.example", "tags": ["a", 1]], 42,
      ],
      "other": ["nested": [1, 2.5, true]],
    ]
    assertAgrees(try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0))
  }

  /// The fast path quarantines what ``Bookmark/init(propertyList:)`` quarantines: a URL the
  /// one URL rule refuses (a bidi override, an escape sequence, an empty URL, a line break
  /// hidden in white space) makes the entry unreadable, not a bookmark.
  func testURLsTheRuleRefusesAreUnreadableEntries() throws {
    for url in ["https://b.example/&#x202E;gpj", "https://b.example/&#27;[2J", "", " &#10;https://b.example"] {
      let xml =
        "<plist><dict><key>bookmarks</key><array><dict><key>id</key><string>b</string><key>url</key><string>\(url)"
        + "</string></dict><dict><key>id</key><string>ok</string><key>url</key><string>https://ok.example</string>"
        + "</dict></array></dict></plist>"
      let fast = try XCTUnwrap(PropertyListReader.bookmarks(in: Data(xml.utf8), key: "bookmarks"))
      XCTAssertEqual(fast.bookmarks.map(\.id), ["ok"], url)
      XCTAssertEqual(fast.unreadable, 1, url)
      assertAgrees(Data(xml.utf8))
    }
  }

  func testDocumentsItDeclinesAreLeftToTheGeneralReader() throws {
    for text in [
      #"<plist version="1.0"><dict><key>bookmarks</key><string>x</string></dict></plist>"#,
      #"<plist version="1.0"><array/></plist>"#,
      #"<plist version="1.0"><dict><key>bookmarks</key><array><dict ><key>id</key><string>a</string></dict></array></dict></plist>"#,
      "not a plist", "",
      #"<plist version="1.0"><dict><key>bookmarks</key><array><![CDATA[x]]></array></dict></plist>"#,
    ] {
      XCTAssertNil(PropertyListReader.bookmarks(in: Data(text.utf8), key: "bookmarks"), text)
    }
    let binary = try PropertyListSerialization.data(fromPropertyList: ["bookmarks": []], format: .binary, options: 0)
    XCTAssertNil(PropertyListReader.bookmarks(in: binary, key: "bookmarks"))
  }
}
