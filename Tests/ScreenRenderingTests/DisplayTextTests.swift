import ScreenRendering
import XCTest

final class DisplayTextTests: XCTestCase {
  func testEveryC0AndC1ControlBecomesVisible() {
    for value in Array(0x00...0x1F) + Array(0x7F...0x9F) {
      let text = "a" + String(Character(Unicode.Scalar(UInt32(value))!)) + "b"
      let shown = DisplayText.sanitize(text)
      XCTAssertEqual(shown.unicodeScalars.count, 3, "U+\(String(value, radix: 16))")
      XCTAssertFalse(shown.unicodeScalars.contains { $0.value == UInt32(value) }, "U+\(String(value, radix: 16))")
    }
  }

  func testControlPicturesForC0() {
    XCTAssertEqual(DisplayText.sanitize("\u{1B}[31mRED\r\n\t\u{08}\u{7F}"), "␛[31mRED␍␊␉␈␡")
  }

  func testBidiControlsAndSeparatorsArePlaceholders() {
    for value: UInt32 in [
      0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C, 0x2028, 0x2029,
    ] {
      let shown = DisplayText.sanitize("x" + String(Character(Unicode.Scalar(value)!)) + "y")
      XCTAssertEqual(shown, "x\u{FFFD}y", String(value, radix: 16))
    }
  }

  func testOrdinaryTextIsUnchanged() {
    let text = "Apple 東京 🚀 café e\u{301} 👨‍👩‍👧 עברית"
    XCTAssertEqual(DisplayText.sanitize(text), text)
  }

  /// The byte scan that lets most text through without decoding never lets an unsafe
  /// scalar through: every scalar there is, alone and between letters.
  func testTheFastPathNeverPassesAnUnsafeScalar() {
    var unsafe = 0
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value), DisplayText.isUnsafe(scalar) else { continue }
      unsafe += 1
      // Short texts, and each place in the eight-byte steps of a longer one.
      let long = (0..<17).map { String(repeating: "a", count: $0) + String(Character(scalar)) + "0123456789abcdef" }
      for text in [String(Character(scalar)), "ab" + String(Character(scalar)) + "c"] + long {
        XCTAssertFalse(DisplayText.isPlainlySafe(text), "U+\(String(value, radix: 16))")
        XCTAssertNotEqual(DisplayText.sanitize(text), text, "U+\(String(value, radix: 16))")
      }
    }
    XCTAssertEqual(unsafe, 32 + 33 + 14)
    XCTAssertTrue(DisplayText.isPlainlySafe("Apple 東京 🚀 café e\u{301} עברית https://x.example/?q=1"))
    XCTAssertTrue(DisplayText.isPlainlySafe("https://example.com/a-long-path/with?query=1&more=~2"))
  }
}
