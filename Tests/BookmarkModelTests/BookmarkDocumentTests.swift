import BookmarkModel
import Foundation
import XCTest

/// The document store's file format: readable, one field a line, exact round trips.
final class BookmarkDocumentTests: XCTestCase {
  private let date = Date(timeIntervalSince1970: 1_700_000_000)

  func testTheFormatIsOneReadableFieldALine() {
    let bookmark = Bookmark(
      id: "id-1", name: "Swift", url: "https://swift.org", created: date, modified: date.addingTimeInterval(60))
    let text = String(decoding: BookmarkDocument.data(for: bookmark, order: 42), as: UTF8.self)
    XCTAssertEqual(
      text,
      """
      cloudy-bookmark 1
      id: id-1
      name: Swift
      url: https://swift.org
      created: 2023-11-14T22:13:20Z
      modified: 2023-11-14T22:14:20Z
      order: 42

      """)
  }

  func testEveryFieldRoundTripsWithControlsEscaped() throws {
    let bookmark = Bookmark(
      id: "weird\\id", name: "Line\none\r\u{1B}[31mred\\ 東京 🚀", url: "https://example.com/a?b=c#d",
      created: date, modified: date, folder: ["Travel", "日本: notes"], notes: "two\nlines\ttab",
      tags: ["x", "y z"])
    let data = BookmarkDocument.data(for: bookmark, order: 7)
    let text = String(decoding: data, as: UTF8.self)
    XCTAssertFalse(text.contains("\u{1B}"), "no control character reaches the file")
    XCTAssertEqual(text.split(separator: "\n").count, 12, "every value stays on its line")
    let read = try XCTUnwrap(BookmarkDocument.read(data))
    XCTAssertEqual(read.bookmark, bookmark)
    XCTAssertEqual(read.order, 7)
  }

  func testUnknownLinesAreIgnoredAndBrokenDocumentsRefused() {
    let future = Data(
      "cloudy-bookmark 1\nid: a\nurl: https://a.example\ncreated: 2023-11-14T22:13:20Z\ncolour: red\n".utf8)
    XCTAssertEqual(BookmarkDocument.read(future)?.bookmark.url, "https://a.example")
    XCTAssertEqual(BookmarkDocument.read(future)?.bookmark.modified, date, "modified defaults to created")
    XCTAssertNil(BookmarkDocument.read(Data("not a bookmark\nid: a\n".utf8)))
    XCTAssertNil(BookmarkDocument.read(Data("cloudy-bookmark 1\nid: a\nurl: https://a.example\n".utf8)), "no date")
    XCTAssertNil(BookmarkDocument.read(Data("cloudy-bookmark 1\nurl: https://a.example\ncreated: x\n".utf8)))
  }

  /// A date with a field out of range is refused, not rolled into another date (a leap
  /// second on the last day of 9999 would become the year 10000, written back as 0000).
  func testDatesWithFieldsOutOfRangeAreRefused() {
    func read(_ created: String) -> Date? {
      BookmarkDocument.read(Data("cloudy-bookmark 1\nid: a\nurl: https://a.example\ncreated: \(created)\n".utf8))?
        .bookmark.created
    }
    for text in [
      "9999-12-31T23:59:60Z", "9999-99-99T99:99:99Z", "0000-01-01T00:00:00Z", "2023-02-29T00:00:00Z",
      "2026-04-31T00:00:00Z", "2026-00-10T00:00:00Z", "2026-01-00T00:00:00Z", "2026-01-01T24:00:00Z",
      "2026-01-01T00:60:00Z",
    ] {
      XCTAssertNil(read(text), text)
    }
    XCTAssertEqual(read("0001-01-01T00:00:00Z"), Date(timeIntervalSince1970: -62_135_596_800))
    XCTAssertEqual(read("9999-12-31T23:59:59Z"), Date(timeIntervalSince1970: 253_402_300_799))
    XCTAssertEqual(read("2024-02-29T12:00:00Z"), Date(timeIntervalSince1970: 1_709_208_000))
    let last = Bookmark(
      id: "a", name: "", url: "https://a.example", created: Date(timeIntervalSince1970: 253_402_300_799),
      modified: Date(timeIntervalSince1970: -62_135_596_800))
    XCTAssertEqual(BookmarkDocument.read(BookmarkDocument.data(for: last, order: 1))?.bookmark, last)
  }
}
