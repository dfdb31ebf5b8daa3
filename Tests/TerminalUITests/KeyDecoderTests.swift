import CNcurses
import XCTest

@testable import TerminalUI

final class KeyDecoderTests: XCTestCase {
  func testControlCharacters() {
    XCTAssertEqual(KeyDecoder.decode(9, isKeyCode: false), .key(.tab))
    XCTAssertEqual(KeyDecoder.decode(13, isKeyCode: false), .key(.enter))
    XCTAssertEqual(KeyDecoder.decode(10, isKeyCode: false), .key(.enter))
    XCTAssertEqual(KeyDecoder.decode(27, isKeyCode: false), .key(.escape))
    XCTAssertEqual(KeyDecoder.decode(127, isKeyCode: false), .key(.backspace))
    XCTAssertEqual(KeyDecoder.decode(8, isKeyCode: false), .key(.backspace))
    XCTAssertEqual(KeyDecoder.decode(1, isKeyCode: false), .key(.control("a")))
    XCTAssertEqual(KeyDecoder.decode(3, isKeyCode: false), .key(.control("c")))
    XCTAssertEqual(KeyDecoder.decode(23, isKeyCode: false), .key(.control("w")))
    XCTAssertEqual(KeyDecoder.decode(0x9B, isKeyCode: false), .ignored, "a C1 CSI typed raw is not text")
  }

  func testPrintableAndWideCharacters() {
    XCTAssertEqual(KeyDecoder.decode(UInt32(("q" as Unicode.Scalar).value), isKeyCode: false), .key(.character("q")))
    XCTAssertEqual(KeyDecoder.decode(0x6771, isKeyCode: false), .key(.character("東")))
    XCTAssertEqual(KeyDecoder.decode(0x1F680, isKeyCode: false), .key(.character("🚀")))
    XCTAssertEqual(KeyDecoder.decode(0xD800, isKeyCode: false), .ignored, "a lone surrogate is not a character")
  }

  func testKeyCodes() {
    XCTAssertEqual(KeyDecoder.decode(UInt32(KEY_UP), isKeyCode: true), .key(.up))
    XCTAssertEqual(KeyDecoder.decode(UInt32(KEY_NPAGE), isKeyCode: true), .key(.pageDown))
    XCTAssertEqual(KeyDecoder.decode(UInt32(KEY_DC), isKeyCode: true), .key(.delete))
    XCTAssertEqual(KeyDecoder.decode(UInt32(KEY_BTAB), isKeyCode: true), .key(.backTab))
    XCTAssertEqual(KeyDecoder.decode(UInt32(KEY_BACKSPACE), isKeyCode: true), .key(.backspace))
    XCTAssertEqual(KeyDecoder.decode(UInt32(cloudy_key_resize()), isKeyCode: true), .resize)
    XCTAssertEqual(KeyDecoder.decode(UInt32(KEY_F0 + 5), isKeyCode: true), .key(.function(5)))
    XCTAssertEqual(KeyDecoder.decode(UInt32(KEY_IC), isKeyCode: true), .key(.other))
  }

  func testCellCharactersKeepMarksAndDropJoinedEmoji() {
    XCTAssertEqual(Terminal.wideCharacters("e\u{301}"), [0x65, 0x301, 0])
    XCTAssertEqual(Terminal.wideCharacters("❤️"), [0x2764, 0xFE0F, 0])
    // ❤️ and 🇯🇵 take two cells in the buffer but one for `wcwidth`: the second cell gets a
    // space or the second regional indicator, so it is always repainted.
    XCTAssertEqual(Terminal.secondCell(of: "❤️"), [0x20, 0])
    XCTAssertEqual(Terminal.secondCell(of: "🇯🇵"), [0x1F1F5, 0])
    XCTAssertNil(Terminal.secondCell(of: "🚀"), "ncurses fills both cells of a wide emoji itself")
    XCTAssertNil(Terminal.secondCell(of: "a"))
    XCTAssertEqual(Terminal.wideCharacters("👨‍👩‍👧"), [0x1F468, 0], "a ZWJ sequence draws its first emoji")
  }
}
