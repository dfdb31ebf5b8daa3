import BookmarkModel
import Foundation
import XCTest

/// Fuzzes the document store's format, ``BookmarkDocument`` (`Corpus/document`), for
/// CLOUDY_FUZZ_SECONDS (1.5 s by default):
///
/// - `url-rule`: a document that reads holds a URL the one URL rule accepts (no control or
///   bidi character: such a document is quarantined, not read);
/// - `round-trip`: a document that reads is written and read back the same bookmark and
///   order (read → write → read).
final class BookmarkDocumentFuzzTests: XCTestCase {
  static let tokens = [
    "cloudy-bookmark 1\n", "id: ", "name: ", "url: ", "created: ", "modified: ", "order: ", "folder: ", "tag: ",
    "notes: ", "\n", "\r\n", ":", "\\", "\\n", "\\r", "\\x1B", "\\x00", "\\xC2\\x9B", "\\xE2\\x80\\xAE", "\\x", "\\xZZ",
    "\\x+5", "2026-11-22T09:00:00Z", "9999-12-31T23:59:59Z", "9999-99-99T99:99:99Z", "9999-12-31T23:59:60Z",
    "0000-00-00T00:00:00Z",
    "https://a.example", "javascript:void(0)", "9223372036854775807", "-9223372036854775808",
  ]

  func testDocumentFormat() {
    FuzzDriver(target: "document", tokens: Self.tokens).run { input, _ throws(FuzzFailure) in
      try Self.check(input)
    }
  }

  static func check(_ input: [UInt8]) throws(FuzzFailure) -> String {
    guard let (bookmark, order) = BookmarkDocument.read(Data(input)) else { return "unreadable" }
    if let scalar = ForbiddenScalar.first(in: bookmark.url) {
      throw FuzzFailure(
        "url-rule",
        "a document with U+\(String(scalar.value, radix: 16, uppercase: true)) in its URL is read: "
          + ForbiddenScalar.visible(bookmark.url))
    }
    let written = BookmarkDocument.data(for: bookmark, order: order)
    let again = BookmarkDocument.read(written)
    try FuzzFailure.check(
      again?.bookmark == bookmark && again?.order == order, "round-trip",
      "read \(bookmark) (order \(order)); written and read again, "
        + (again.map { "\($0.bookmark) (order \($0.order))" } ?? "nothing (unreadable)"))
    return "bookmark \(bookmark.folder.count) \(bookmark.tags.count) \(bookmark.notes.isEmpty) \(bookmark.name.isEmpty)"
  }
}
