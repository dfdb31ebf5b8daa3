import BookmarksState
import XCTest

final class TextFieldTests: XCTestCase {
  private func field(_ text: String, cursor: Int? = nil) -> TextField {
    var field = TextField(text)
    if let cursor { for _ in cursor..<text.count { _ = field.handle(.left) } }
    return field
  }

  func testInsertAtCursor() {
    var f = field("helo", cursor: 3)
    f.insert("l")
    XCTAssertEqual(f.text, "hello")
    XCTAssertEqual(f.cursor, 4)
  }

  func testMovement() {
    var f = field("abc")
    _ = f.handle(.control("a"))
    XCTAssertEqual(f.cursor, 0)
    _ = f.handle(.left)
    XCTAssertEqual(f.cursor, 0)
    _ = f.handle(.right)
    XCTAssertEqual(f.cursor, 1)
    _ = f.handle(.control("e"))
    XCTAssertEqual(f.cursor, 3)
    _ = f.handle(.right)
    XCTAssertEqual(f.cursor, 3)
    _ = f.handle(.home)
    XCTAssertEqual(f.cursor, 0)
    _ = f.handle(.end)
    XCTAssertEqual(f.cursor, 3)
  }

  func testBackspaceAndDelete() {
    var f = field("abcd", cursor: 2)
    _ = f.handle(.backspace)
    XCTAssertEqual(f.text, "acd")
    XCTAssertEqual(f.cursor, 1)
    _ = f.handle(.delete)
    XCTAssertEqual(f.text, "ad")
    XCTAssertEqual(f.cursor, 1)
    var start = field("ab", cursor: 0)
    _ = start.handle(.backspace)
    XCTAssertEqual(start.text, "ab")
    var end = field("ab")
    _ = end.handle(.delete)
    XCTAssertEqual(end.text, "ab")
  }

  func testKillKeys() {
    var k = field("hello world", cursor: 5)
    _ = k.handle(.control("k"))
    XCTAssertEqual(k.text, "hello")
    XCTAssertEqual(k.cursor, 5)
    var u = field("hello world", cursor: 6)
    _ = u.handle(.control("u"))
    XCTAssertEqual(u.text, "world")
    XCTAssertEqual(u.cursor, 0)
    var w = field("https://a.com  path", cursor: 19)
    _ = w.handle(.control("w"))
    XCTAssertEqual(w.text, "https://a.com  ")
    _ = w.handle(.control("w"))
    XCTAssertEqual(w.text, "")
  }

  func testWideCharactersAreOneStepEach() {
    var f = field("東京🚀")
    _ = f.handle(.backspace)
    XCTAssertEqual(f.text, "東京")
    _ = f.handle(.left)
    f.insert("の")
    XCTAssertEqual(f.text, "東の京")
  }

  func testCombiningMarkMergesIntoThePreviousCharacter() {
    var f = field("cafe")
    f.insert("\u{301}")
    XCTAssertEqual(f.characters.count, 4)
    XCTAssertEqual(f.text, "cafe\u{301}")
    _ = f.handle(.backspace)
    XCTAssertEqual(f.text, "caf")
  }

  func testNonEditingKeysAreNotConsumed() {
    var f = field("x")
    XCTAssertFalse(f.handle(.enter))
    XCTAssertFalse(f.handle(.tab))
    XCTAssertEqual(f.text, "x")
  }
}
