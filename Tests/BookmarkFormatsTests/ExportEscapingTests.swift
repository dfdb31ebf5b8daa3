import BookmarkFormats
import BookmarkModel
import Foundation
import XCTest

/// Issue 16.4: every export format writes bidi and invisible formatting characters as
/// references (HTML, XBEL) or `\u` escapes (JSON), in names, URLs, notes, tags and folder
/// names; reading the file back restores them exactly.
final class ExportEscapingTests: XCTestCase {
  /// Bidi controls (embeddings, overrides, isolates, marks), the Arabic letter mark, zero-width
  /// characters, the byte-order mark, a soft hyphen and the line/paragraph separators.
  static let invisible: [Unicode.Scalar] = [
    "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
    "\u{200E}", "\u{200F}", "\u{061C}", "\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{FEFF}", "\u{AD}",
    "\u{2028}", "\u{2029}",
  ]
  static let hidden = String(String.UnicodeScalarView(invisible))

  private let corpus = [
    Bookmark(
      id: "1", name: "name\(hidden)end", url: "https://a.example/\(hidden)", created: Date(timeIntervalSince1970: 1),
      modified: Date(timeIntervalSince1970: 1), folder: ["folder\(hidden)"], notes: "notes\(hidden)",
      tags: ["tag\(hidden)"]),
    Bookmark(
      id: "2", name: "plain", url: "https://b.example/", created: Date(timeIntervalSince1970: 2),
      modified: Date(timeIntervalSince1970: 2), folder: ["folder\(hidden)", "inner\(hidden)"]),
  ]

  private func assertNoneRaw(_ data: Data, _ format: String, file: StaticString = #filePath, line: UInt = #line) {
    let text = String(decoding: data, as: UTF8.self)
    for scalar in Self.invisible {
      XCTAssertFalse(
        text.unicodeScalars.contains(scalar),
        "\(format) writes U+\(String(scalar.value, radix: 16, uppercase: true)) raw", file: file, line: line)
    }
  }

  func testHTMLWritesReferencesAndReadsThemBack() throws {
    let data = NetscapeBookmarkWriter.data(for: corpus)
    assertNoneRaw(data, "HTML")
    XCTAssertTrue(String(decoding: data, as: UTF8.self).contains("&#8238;"), "U+202E as a numeric reference")
    let read = try Fixture.parse(bytes: Array(data))
    XCTAssertEqual(read.bookmarks.map(\.name), corpus.map(\.name))
    XCTAssertEqual(read.bookmarks.map(\.url), corpus.map(\.url))
    XCTAssertEqual(read.bookmarks.map(\.notes), corpus.map(\.notes))
    XCTAssertEqual(read.bookmarks.map(\.tags), corpus.map(\.tags))
    XCTAssertEqual(read.bookmarks.map(\.folder), corpus.map(\.folder))
  }

  func testXBELWritesReferences() {
    let data = XBELWriter.data(for: corpus)
    assertNoneRaw(data, "XBEL")
    XCTAssertTrue(String(decoding: data, as: UTF8.self).contains("&#8238;"), "U+202E as a numeric reference")
  }

  func testJSONWritesEscapesAndReadsThemBack() throws {
    let data = try BookmarkJSON.data(for: corpus)
    assertNoneRaw(data, "JSON")
    XCTAssertTrue(String(decoding: data, as: UTF8.self).contains("\\u061C"), "U+061C as a \\u escape")
    XCTAssertEqual(try BookmarkJSON.parse(data).bookmarks.map(\.name), corpus.map(\.name))
    XCTAssertEqual(try BookmarkJSON.parse(data).bookmarks.map(\.folder), corpus.map(\.folder))
    XCTAssertEqual(try BookmarkJSON.parse(data).bookmarks.map(\.tags), corpus.map(\.tags))
    XCTAssertEqual(try BookmarkJSON.parse(data).bookmarks.map(\.notes), corpus.map(\.notes))
    XCTAssertEqual(try BookmarkJSON.parse(data).bookmarks.map(\.url), corpus.map(\.url))
  }
}
