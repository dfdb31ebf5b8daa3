import BookmarkModel
import Foundation
import XCTest

/// The fields imports added (folder, notes, tags) are optional in every encoding, so
/// files written before them read unchanged and files without them gain no keys.
final class BookmarkFolderNotesTagsTests: XCTestCase {
  private let plain = Bookmark(
    id: "a", name: "A", url: "https://a.example", created: Date(timeIntervalSince1970: 1),
    modified: Date(timeIntervalSince1970: 2))

  private var full: Bookmark {
    var bookmark = plain
    bookmark.folder = ["Toolbar", "東京"]
    bookmark.notes = "two\nlines"
    bookmark.tags = ["x", "y"]
    return bookmark
  }

  func testPropertyListKeysOnlyWhenNotEmpty() {
    XCTAssertEqual(Set(plain.propertyListEntries.keys), ["id", "name", "url", "created", "modified"])
    XCTAssertEqual(full.propertyListEntries["folder"], .array([.string("Toolbar"), .string("東京")]))
    XCTAssertEqual(full.propertyListEntries["notes"], .string("two\nlines"))
    XCTAssertEqual(Bookmark(propertyList: .dictionary(full.propertyListEntries)), full)
    XCTAssertEqual(Bookmark(propertyList: .dictionary(plain.propertyListEntries)), plain)
  }

  /// Given entries over the model's limits (from another device's cloud record or a file
  /// edited by hand), when they are read, then they are unreadable, as a broken URL is; a
  /// tag with a space (a browser's file can bring one) is not over a limit.
  func testPropertyListEntriesOverTheLimitsAreUnreadable() {
    var entries = full.propertyListEntries
    entries["name"] = .string(String(repeating: "x", count: 1_001))
    XCTAssertNil(Bookmark(propertyList: .dictionary(entries)))
    entries = full.propertyListEntries
    entries["tags"] = .array((0...64).map { .string("t\($0)") })
    XCTAssertNil(Bookmark(propertyList: .dictionary(entries)))
    entries = full.propertyListEntries
    entries["folder"] = .array((0...32).map { .string("f\($0)") })
    XCTAssertNil(Bookmark(propertyList: .dictionary(entries)))
    entries = full.propertyListEntries
    entries["notes"] = .string(String(repeating: "n", count: 10_001))
    XCTAssertNil(Bookmark(propertyList: .dictionary(entries)))
    entries = full.propertyListEntries
    entries["tags"] = .array([.string("machine learning")])
    XCTAssertEqual(Bookmark(propertyList: .dictionary(entries))?.tags, ["machine learning"])
  }

  func testJSONKeysOnlyWhenNotEmpty() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    encoder.dateEncodingStrategy = .iso8601
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let plainJSON = String(decoding: try encoder.encode(plain), as: UTF8.self)
    XCTAssertEqual(
      plainJSON,
      #"{"created":"1970-01-01T00:00:01Z","id":"a","modified":"1970-01-01T00:00:02Z","name":"A","#
        + #""url":"https:\/\/a.example"}"#)
    XCTAssertEqual(try decoder.decode(Bookmark.self, from: Data(plainJSON.utf8)), plain)
    let fullJSON = try encoder.encode(full)
    XCTAssertEqual(try decoder.decode(Bookmark.self, from: fullJSON), full)
  }

  func testNormaliserRules() {
    let key = BookmarkURL.comparisonKey
    XCTAssertEqual(key("HTTPS://Example.COM:443"), "https://example.com/")
    XCTAssertEqual(key("http://example.com:80/a?b#c"), "http://example.com/a?b#c")
    XCTAssertEqual(key("wss://Chat.example:443/socket"), "wss://chat.example/socket")
    XCTAssertEqual(key("https://example.com:8443/"), "https://example.com:8443/")
    XCTAssertNotEqual(key("https://example.com/docs"), key("https://example.com/docs/"), "trailing slash kept")
    XCTAssertEqual(key("https://example.com?q=1"), "https://example.com/?q=1")
    XCTAssertEqual(key("JavaScript:alert(1)"), "javascript:alert(1)", "non-web: scheme lower-cased only")
    XCTAssertEqual(key(" place:sort=8 "), "place:sort=8")
    XCTAssertEqual(key("file:///Home/Notes.txt"), "file:///Home/Notes.txt")
  }
}
