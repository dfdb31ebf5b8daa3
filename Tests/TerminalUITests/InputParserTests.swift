import BookmarksViewModel
import CNcurses
import XCTest

@testable import TerminalUI

/// Escape sequences ncurses leaves undecoded: a lone Esc is Esc, everything else is decoded
/// or ignored — never taken as Esc (which closed the dialog and lost what was typed).
final class InputParserTests: XCTestCase {
  /// Feeds text as characters, then ends the batch as the terminal loop does.
  private func keys(_ text: String, keyCodes: [Int32] = []) -> [KeyDecoder.Input] {
    var parser = InputParser()
    var result: [KeyDecoder.Input] = []
    for scalar in text.unicodeScalars { result += parser.feed(.character(scalar)) }
    for code in keyCodes { result += parser.feed(InputParser.Raw(value: UInt32(code), isKeyCode: true)) }
    return result + parser.flush()
  }

  func testALoneEscIsEsc() {
    XCTAssertEqual(keys("\u{1B}"), [.key(.escape)])
    XCTAssertEqual(keys("a\u{1B}"), [.key(.character("a")), .key(.escape)])
  }

  func testAltKeysEditByWordsOrAreIgnoredNeverEsc() {
    XCTAssertEqual(keys("\u{1B}\u{7F}"), [.key(.deleteWordBackward)])
    XCTAssertEqual(keys("\u{1B}\u{8}"), [.key(.deleteWordBackward)])
    XCTAssertEqual(keys("\u{1B}b"), [.key(.wordLeft)])
    XCTAssertEqual(keys("\u{1B}f"), [.key(.wordRight)])
    XCTAssertEqual(keys("\u{1B}d"), [.key(.deleteWordForward)])
    XCTAssertEqual(keys("\u{1B}x"), [.key(.alt("x"))])
    XCTAssertEqual(keys("\u{1B}O"), [.key(.alt("O"))], "ESC O with nothing after it is Alt-O")
  }

  func testEveryCommonHomeEndDeleteAndPageFormWhateverTheTerminfo() {
    for (sequence, key) in [
      ("[1~", Key.home), ("[7~", .home), ("[H", .home), ("OH", .home),
      ("[4~", .end), ("[8~", .end), ("[F", .end), ("OF", .end),
      ("[3~", .delete), ("[5~", .pageUp), ("[6~", .pageDown),
      ("[A", .up), ("OB", .down), ("[1;5C", .wordRight), ("[1;3D", .wordLeft), ("[Z", .backTab),
      ("OP", .function(1)), ("[11~", .function(1)), ("[21~", .function(10)),
    ] {
      XCTAssertEqual(keys("\u{1B}" + sequence), [.key(key)], sequence)
    }
  }

  func testUnknownSequencesAreIgnored() {
    XCTAssertEqual(keys("\u{1B}[99~"), [.ignored])
    XCTAssertEqual(keys("\u{1B}[2~"), [.ignored], "Insert")
    XCTAssertEqual(keys("\u{1B}[1;5Q"), [.ignored])
    XCTAssertEqual(keys("\u{1B}[12"), [], "an unfinished CSI is dropped")
  }

  func testEscThenADecodedArrowMovesByWords() {
    XCTAssertEqual(keys("\u{1B}", keyCodes: [KEY_LEFT]), [.key(.wordLeft)])
    XCTAssertEqual(keys("", keyCodes: [KEY_LEFT]), [.key(.left)])
    XCTAssertEqual(keys("\u{1B}", keyCodes: [KEY_NPAGE]), [.key(.escape), .key(.pageDown)], "Esc is not lost")
    XCTAssertEqual(
      keys("\u{1B}", keyCodes: [KEY_BACKSPACE]), [.key(.deleteWordBackward)], "kbs is DEL in xterm's terminfo")
  }

  func testABracketedPasteIsOneKeyWithoutLineBreaks() {
    XCTAssertEqual(
      keys("\u{1B}[200~https://forums.swift.org/\r\n\u{1B}[201~x"),
      [.key(.paste("https://forums.swift.org/")), .key(.character("x"))])
  }

  func testAPasteSpreadOverSeveralReadsWaitsForItsEnd() {
    var parser = InputParser()
    var result: [KeyDecoder.Input] = []
    for scalar in "\u{1B}[200~first line\n".unicodeScalars { result += parser.feed(.character(scalar)) }
    result += parser.flush()
    XCTAssertEqual(result, [])
    XCTAssertTrue(parser.isInPaste)
    for scalar in "second\u{1B}[201~".unicodeScalars { result += parser.feed(.character(scalar)) }
    XCTAssertEqual(result, [.key(.paste("first linesecond"))])
    XCTAssertFalse(parser.isInPaste)
  }

  func testAPasteWhoseEndNeverComesIsDeliveredWhenTheTerminalStops() {
    var parser = InputParser()
    for scalar in "\u{1B}[200~abc".unicodeScalars { _ = parser.feed(.character(scalar)) }
    XCTAssertEqual(parser.flush(), [])
    XCTAssertEqual(parser.finishPaste(), [.key(.paste("abc"))])
  }

  func testOverlongSequencesAndPastesAreBounded() {
    XCTAssertEqual(keys("\u{1B}[" + String(repeating: "1", count: 100) + "~x"), [.ignored, .key(.character("x"))])
    var parser = InputParser()
    for scalar in ("\u{1B}[200~" + String(repeating: "a", count: 100_000) + "\u{1B}[201~").unicodeScalars {
      _ = parser.feed(.character(scalar))
    }
    XCTAssertFalse(parser.isInPaste)
  }
}
