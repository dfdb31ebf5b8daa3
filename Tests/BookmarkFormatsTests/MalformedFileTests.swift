import BookmarkFormats
import XCTest

/// Files that cannot be imported give one plain sentence and no bookmarks.
final class MalformedFileTests: XCTestCase {
  private func assertRefused(
    _ bytes: [UInt8], _ expected: BookmarkFileError, file: StaticString = #filePath, line: UInt = #line
  ) {
    for chunkSize in [Int.max, 3] {
      XCTAssertThrowsError(try Fixture.parse(bytes: bytes, chunkSize: chunkSize), file: file, line: line) { error in
        XCTAssertEqual(error as? BookmarkFileError, expected, file: file, line: line)
        let message = "\(error)"
        XCTAssertFalse(message.contains("\n"), "one line: \(message)", file: file, line: line)
        XCTAssertTrue(message.hasSuffix("."), "a sentence: \(message)", file: file, line: line)
      }
    }
  }

  func testTruncatedInsideATag() throws {
    assertRefused(try Fixture.bytes("truncated.html"), .truncatedTag(line: 17))
  }

  func testFileEndingBeforeAFolderIsClosed() throws {
    assertRefused(try Fixture.bytes("unclosed-folder.html"), .unclosedFolder(name: "Favorites bar", line: 9))
  }

  /// Lists nested deeper than any browser writes are refused as soon as the limit is
  /// passed, so a huge file of unclosed `<DL><p>` costs neither minutes nor gigabytes.
  func testListsNestedBeyondTheLimitAreRefusedEarly() {
    let header = Array("<!DOCTYPE NETSCAPE-Bookmark-file-1>\n".utf8)
    let nested = Array(repeating: Array("<DL><p>\n".utf8), count: 50_000).flatMap { $0 }
    assertRefused(header + nested, .nestedTooDeep(line: 2 + NetscapeLimits.maximumListDepth))
  }

  func testPlainText() throws {
    assertRefused(try Fixture.bytes("not-bookmarks.txt"), .notBookmarks)
  }

  func testEmptyAndBlankFiles() {
    assertRefused([], .empty)
    assertRefused(Array(" \r\n\t\n".utf8), .empty)
    assertRefused([0xEF, 0xBB, 0xBF, 0x0A], .empty)
  }

  /// The reader takes chunks of any size: a byte-order mark cut across them is still one.
  func testAByteOrderMarkCutAcrossChunksIsStillSkipped() throws {
    let json = Array(#"[{"id":"a","name":"n","url":"https://a.example","created":1}]"#.utf8)
    for chunkSize in [1, 2] {
      let file = try Fixture.parse(bytes: [0xEF, 0xBB, 0xBF] + json, chunkSize: chunkSize)
      XCTAssertEqual(file.format, .json, "chunks of \(chunkSize)")
      XCTAssertEqual(file.bookmarks.count, 1)
    }
    for chunkSize in [1, 2, 3] {
      XCTAssertThrowsError(try Fixture.parse(bytes: [0xEF, 0xBB, 0xBF], chunkSize: chunkSize)) { error in
        XCTAssertEqual(error as? BookmarkFileError, .empty, "a file that is only the mark, in chunks of \(chunkSize)")
      }
    }
  }

  func testBinaryData() {
    assertRefused(Array("<DL><p>\n<DT><A HREF=\"x\">a".utf8) + [0] + Array("</A>".utf8), .binary(line: 2))
  }

  func testLatin1IsNotGuessed() {
    // "Café" in Windows-1252: 0xE9 is not UTF-8.
    let bytes = Array("<DL><p>\n\n<DT><A HREF=\"https://a.example\">Caf".utf8) + [0xE9] + Array("</A>\n</DL>".utf8)
    assertRefused(bytes, .notUTF8(line: 3))
  }

  func testXMLThatIsNotXBELIsNotBookmarks() {
    assertRefused(Array("<?xml version=\"1.0\"?>\n<rss version=\"2.0\"></rss>".utf8), .notBookmarks)
  }

  func testBrokenJSON() {
    XCTAssertThrowsError(try Fixture.parse(bytes: Array("[{\"id\": \"a\", ".utf8))) { error in
      XCTAssertEqual(error as? BookmarkFileError, .invalidJSON("it is not valid JSON"))
    }
    let missingURL =
      #"[{"id":"a","name":"A","url":"https://a.example","created":"2024-01-01T00:00:00Z"},"#
      + #"{"id":"b","name":"B","created":"2024-01-01T00:00:00Z"}]"#
    XCTAssertThrowsError(try Fixture.parse(bytes: Array(missingURL.utf8))) { error in
      XCTAssertEqual(error as? BookmarkFileError, .invalidJSON("entry 2 has no “url”"))
      XCTAssertEqual("\(error)", "The file is not a Cloudy JSON export: entry 2 has no “url”.")
    }
  }
}
