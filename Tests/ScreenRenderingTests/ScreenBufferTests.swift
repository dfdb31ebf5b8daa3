import ScreenRendering
import XCTest

final class ScreenBufferTests: XCTestCase {
  func testWideCharactersTakeTwoCellsAndShowOnce() {
    var buffer = ScreenBuffer(width: 8, height: 1)
    XCTAssertEqual(buffer.write("東京x", row: 0, column: 1, style: .plain), 5)
    XCTAssertEqual(buffer[0, 1].content, .character("東"))
    XCTAssertEqual(buffer[0, 2].content, .continuation)
    XCTAssertEqual(buffer.lines, [" 東京x  "])
  }

  func testWideCharacterNeverStraddlesTheEdge() {
    var buffer = ScreenBuffer(width: 4, height: 1)
    buffer.write("ab東", row: 0, column: 1, style: .plain)
    XCTAssertEqual(buffer.lines, [" ab "], "the wide character that does not fit becomes a space")
    XCTAssertEqual(buffer[0, 3].content, .character(" "))
  }

  func testWritesAreClippedAndSanitized() {
    var buffer = ScreenBuffer(width: 6, height: 2)
    buffer.write("a\u{1B}]0;x\u{07}", row: 1, column: 0, style: .plain, limit: 4)
    buffer.write("ignored", row: 2, column: 0, style: .plain)
    buffer.write("ignored", row: -1, column: 0, style: .plain)
    XCTAssertEqual(buffer.lines, ["      ", "a␛]0  "])
  }

  func testTruncateAddsEllipsisWithinWidth() {
    XCTAssertEqual(TextLayout.truncate("Hello, world", toWidth: 6), "Hello…")
    XCTAssertEqual(TextLayout.truncate("東京タワー", toWidth: 6), "東京…")
    XCTAssertEqual(CellWidth.of(TextLayout.truncate("東京タワー", toWidth: 6)), 5)
    XCTAssertEqual(TextLayout.truncate("short", toWidth: 6), "short")
    XCTAssertEqual(TextLayout.truncate("anything", toWidth: 0), "")
  }

  func testZeroSizedBufferIsSafe() {
    var buffer = ScreenBuffer(width: 0, height: 0)
    buffer.write("x", row: 0, column: 0, style: .plain)
    buffer.fill(row: 0, column: 0, width: 5, height: 5, style: .plain)
    XCTAssertEqual(buffer.lines, [])
  }
}

final class ScreenBufferOverlapTests: XCTestCase {
  func testOverwritingEitherHalfOfAWideCharacterBlanksTheOtherHalf() {
    var buffer = ScreenBuffer(width: 6, height: 2)
    buffer.write("東京", row: 0, column: 0, style: .plain)
    buffer.draw(.vertical, row: 0, column: 1, style: .plain)  // right half of 東
    XCTAssertEqual(buffer.lines[0], " │京  ")
    buffer.write("東京", row: 1, column: 0, style: .plain)
    buffer.write("x", row: 1, column: 2, style: .plain)  // left half of 京
    XCTAssertEqual(buffer.lines[1], "東x   ")
  }

  func testWideOverWideKeepsTheNewCharacter() {
    var buffer = ScreenBuffer(width: 6, height: 1)
    buffer.write("東京", row: 0, column: 0, style: .plain)
    buffer.write("タ", row: 0, column: 1, style: .plain)
    XCTAssertEqual(buffer.lines[0], " タ   ")
    XCTAssertEqual(buffer[0, 1].content, .character("タ"))
    XCTAssertEqual(buffer[0, 2].content, .continuation)
  }
}
