import BookmarkModel
import Foundation
import XCTest

@testable import StoreSupport

/// How both caches hold a list: shared folder paths, tag lists and folder ids in tables; a
/// list that is not whole is refused, never read past its end.
final class CachedBookmarksTests: XCTestCase {
  /// Seven bookmarks: folders, tags and folder ids shared by some, neighbours and not.
  private let bookmarks: [Bookmark] = (0..<7).map(sample)

  private static func sample(_ index: Int) -> Bookmark {
    let filed = index % 3 != 0
    let folder: [String] = filed ? ["Work", index % 2 == 0 ? "Even" : "Odd"] : []
    let tags: [String] = index < 4 ? ["swift", "docs"] : []
    return Bookmark(
      id: "id-\(index)", name: index == 3 ? "東京 🚀" : "Bookmark \(index)", url: "https://example.com/\(index)",
      created: Date(timeIntervalSince1970: Double(index) * 1.5), modified: Date(timeIntervalSince1970: 100),
      folder: folder, notes: index == 5 ? "a note" : "", tags: tags, folderID: filed ? "folder-\(index % 2)" : nil)
  }

  private func encode(_ bookmarks: [Bookmark]) -> [UInt8] {
    var writer = CacheWriter()
    CachedBookmarks.append(bookmarks, to: &writer)
    writer.append(UInt32(0xC0FFEE))  // what follows the list in a cache
    return writer.bytes
  }

  private func decode(_ bytes: [UInt8]) -> (bookmarks: [Bookmark], rest: UInt32?)? {
    bytes.withUnsafeBytes { raw in
      var reader = CacheReader(raw: raw)
      guard let bookmarks = CachedBookmarks.read(&reader) else { return nil }
      return (bookmarks, reader.uint32())
    }
  }

  func testEveryFieldRoundTripsAndTheReaderStopsAfterTheList() throws {
    for list in [bookmarks, [], [bookmarks[3]], bookmarks.reversed()] {
      let decoded = try XCTUnwrap(decode(encode(list)))
      XCTAssertEqual(decoded.bookmarks, list)
      XCTAssertEqual(decoded.rest, 0xC0FFEE)
    }
  }

  func testTextInAnotherUnicodeFormIsNotSharedAndComesBackByteForByte() throws {
    // "Café" composed and decomposed: equal to Swift's `==`, not the same bytes.
    let forms = ["Caf\u{E9}", "Cafe\u{301}"]
    let list = [0, 1, 0, 1].map { form in
      Bookmark(
        id: "id-\(form)", name: forms[form], url: "u", created: Date(timeIntervalSince1970: 0),
        modified: Date(timeIntervalSince1970: 0), folder: [forms[form]], tags: [forms[form]],
        folderID: forms[form])
    }
    let decoded = try XCTUnwrap(decode(encode(list))).bookmarks
    func bytes(_ bookmark: Bookmark) -> [[UInt8]] {
      ([bookmark.name, bookmark.folderID ?? ""] + bookmark.folder + bookmark.tags).map { Array($0.utf8) }
    }
    XCTAssertEqual(decoded.map(bytes), list.map(bytes))
  }

  func testSharedPartsAreWrittenOnce() {
    let shared = (0..<100).map { index in
      Bookmark(
        id: "\(index)", name: "n", url: "u", created: Date(timeIntervalSince1970: 0),
        modified: Date(timeIntervalSince1970: 0), folder: ["A long folder name", index % 2 == 0 ? "Even" : "Odd"],
        tags: ["a-long-tag-name"], folderID: index % 2 == 0 ? "folder-even" : "folder-odd")
    }
    let bytes = encode(shared)
    let text = String(decoding: bytes, as: UTF8.self)
    XCTAssertEqual(text.components(separatedBy: "A long folder name").count - 1, 2, "one path per table row")
    XCTAssertEqual(text.components(separatedBy: "a-long-tag-name").count - 1, 1)
    XCTAssertEqual(text.components(separatedBy: "folder-odd").count - 1, 1)
  }

  func testAListCutShortAnywhereIsRefused() {
    let bytes = encode(bookmarks)
    let listLength = bytes.count - 4
    for length in 0..<listLength {
      XCTAssertNil(decode(Array(bytes.prefix(length))), "cut to \(length) of \(listLength) bytes")
    }
  }

  func testAnyDamagedByteIsRefusedOrReadWithinTheListAndNeverPastIt() {
    // The checksum catches damage first; this is the reader's own guard, for a file that
    // passed it without being written this way. Every byte of the list, set to 0xFF.
    let bytes = encode(bookmarks)
    var refused = 0
    for offset in 0..<(bytes.count - 4) {
      var damaged = bytes
      damaged[offset] = 0xFF
      if let decoded = decode(damaged) {
        XCTAssertEqual(decoded.bookmarks.count, bookmarks.count, "damaged at \(offset)")
        XCTAssertEqual(decoded.rest, 0xC0FFEE, "damaged at \(offset)")
      } else {
        refused += 1
      }
    }
    XCTAssertGreaterThan(refused, 0)
  }

  func testTheBookmarksARecordPlacesElsewhereAreFoundWithTheirPlace() throws {
    // folder-1 (Work/Odd) now shows under Archive/Odd; folder-0 (Work/Even) stays; a record
    // the tree doesn't know (nil) leaves its bookmarks where they are.
    let bytes = encode(bookmarks)
    for (places, expected) in [
      (
        ["folder-1": ["Archive", "Odd"], "folder-0": ["Work", "Even"]],
        [1: ["Archive", "Odd"], 5: ["Archive", "Odd"]]
      ),
      (["folder-0": ["Work", "Odd"]], [2: ["Work", "Odd"], 4: ["Work", "Odd"]]),
      ([:], [:]),
    ] as [([String: [String]], [Int: [String]])] {
      let read = try XCTUnwrap(
        bytes.withUnsafeBytes { raw in
          var reader = CacheReader(raw: raw)
          return CachedBookmarks.read(&reader, place: { places[$0] })
        })
      XCTAssertEqual(read.bookmarks, bookmarks, "the paths they carry")
      XCTAssertEqual(Dictionary(uniqueKeysWithValues: read.moved.map { ($0.index, $0.folder) }), expected)
    }
  }

  func testAPlaceOutsideItsTableIsRefused() throws {
    let one = [bookmarks[1]]
    let bytes = encode(one)
    // The bookmark's last UInt32 is its folder id's place plus one, just before the marker.
    var outside = bytes
    outside[bytes.count - 8] = 2  // one past the table's single id
    XCTAssertNil(decode(outside))
    var none = bytes
    none[bytes.count - 8] = 0
    var unfiled = one
    unfiled[0].folderID = nil
    XCTAssertEqual(try XCTUnwrap(decode(none)).bookmarks, unfiled)
  }

  /// Asked to, above ``CachedBookmarks/readsInHalvesAbove`` the two halves are read on two
  /// threads into one array: the list, the bookmarks moved by their record (in both halves, in order), and
  /// where the reader stops are what one thread reads; halves that do not meet are refused.
  /// A list read in two halves: the samples again and again, each with an id of its own.
  private static func largeList() -> [Bookmark] {
    (0..<CachedBookmarks.readsInHalvesAbove * 2 + 1).map { index in
      var bookmark = sample(index % 7)
      bookmark.id = "id-\(index)"
      return bookmark
    }
  }

  func testALargeListIsReadInTwoHalvesAsOneThreadReadsIt() throws {
    let large = Self.largeList()
    let count = large.count
    let bytes = encode(large)
    let read = try XCTUnwrap(
      bytes.withUnsafeBytes { raw -> (bookmarks: [Bookmark], moved: [Int], rest: UInt32?)? in
        var reader = CacheReader(raw: raw)
        guard
          let read = CachedBookmarks.read(
            &reader, inHalves: true, place: { $0 == "folder-1" ? ["Archive", "Odd"] : nil })
        else {
          return nil
        }
        return (read.bookmarks, read.moved.map(\.index), reader.uint32())
      })
    XCTAssertEqual(read.bookmarks, large)
    XCTAssertEqual(read.moved, large.indices.filter { large[$0].folderID == "folder-1" }, "both halves, in order")
    XCTAssertEqual(read.rest, 0xC0FFEE)

    // The first half's length (the UInt64 before the first bookmark) one byte off: the
    // halves do not meet. A list cut in its second half: refused too.
    let lengthAt =
      try XCTUnwrap(
        bytes.indices.first { offset in
          bytes.withUnsafeBytes { raw in
            var reader = CacheReader(raw: raw, offset: offset)
            return reader.uint32() == UInt32(count / 2)
              && reader.uint64().map { $0 > 0 && $0 < UInt64(bytes.count) } == true
              && reader.string() == "id-0"
          }
        }) + 4
    var off = bytes
    off[lengthAt] &+= 1
    XCTAssertNil(decode(off))
    XCTAssertNil(decode(Array(bytes.prefix(bytes.count - 40))))
  }

  /// A lookup by id reads only the bookmarks asked for, each as the whole read makes it, in
  /// the list's order and from both halves; an id not in the list is left out. A list cut
  /// short, or whose halves do not meet, is refused; a damaged byte never reads past the list.
  func testOnlyTheBookmarksAskedForAreReadByID() throws {
    let large = Self.largeList()
    let count = large.count
    func lookUp(_ bytes: [UInt8], _ ids: Set<String>) -> [Bookmark]? {
      bytes.withUnsafeBytes { raw in
        var reader = CacheReader(raw: raw)
        return CachedBookmarks.read(&reader, keeping: ids)
      }
    }
    let bytes = encode(large)
    let ids: Set = ["id-\(count - 1)", "id-3", "id-\(count / 2)", "id-\(count / 2 - 1)", "id-nope", ""]
    XCTAssertEqual(lookUp(bytes, ids), large.filter { ids.contains($0.id) })
    XCTAssertEqual(lookUp(bytes, []), [])
    for length in stride(from: 0, to: bytes.count - 4, by: 997) {
      XCTAssertNil(lookUp(Array(bytes.prefix(length)), ids), "cut to \(length)")
    }
    let small = encode(bookmarks)
    for offset in 0..<(small.count - 4) {
      var damaged = small
      damaged[offset] = 0xFF
      if let found = lookUp(damaged, ["id-2", "id-5"]) { XCTAssertLessThanOrEqual(found.count, 2) }
    }
  }
}
