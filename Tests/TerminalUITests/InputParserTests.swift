import BookmarksState
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

  /// The end marker may be cut across reads anywhere: what came of it is kept until the rest
  /// arrives, so the paste ends there and the next key is typed, not pasted.
  func testAPasteEndMarkerCutAcrossReadsStillEndsThePaste() {
    let marker = "\u{1B}[201~"
    for cut in 1..<marker.unicodeScalars.count {
      var parser = InputParser()
      var result: [KeyDecoder.Input] = []
      let head = "\u{1B}[200~ab" + String(marker.unicodeScalars.prefix(cut))
      for scalar in head.unicodeScalars { result += parser.feed(.character(scalar)) }
      result += parser.flush()
      XCTAssertEqual(result, [], "cut after \(cut)")
      XCTAssertTrue(parser.isInPaste)
      for scalar in (String(marker.unicodeScalars.dropFirst(cut)) + "x").unicodeScalars {
        result += parser.feed(.character(scalar))
      }
      result += parser.flush()
      XCTAssertEqual(result, [.key(.paste("ab")), .key(.character("x"))], "cut after \(cut)")
    }
    // Another sequence cut across reads inside a paste is still its text.
    var parser = InputParser()
    var result: [KeyDecoder.Input] = []
    for read in ["\u{1B}[200~a\u{1B}[1", ";5C\u{1B}[201~"] {
      for scalar in read.unicodeScalars { result += parser.feed(.character(scalar)) }
      result += parser.flush()
    }
    XCTAssertEqual(result, [.key(.paste("a[1;5C"))])
  }

  /// Escape sequences inside a paste are text counted against its limit like any other.
  func testEscapeSequencesInAPasteCountAgainstItsLimit() {
    var parser = InputParser()
    var result: [KeyDecoder.Input] = []
    let text = "\u{1B}[200~" + String(repeating: "\u{1B}[A", count: 40_000) + "\u{1B}[201~"
    for scalar in text.unicodeScalars { result += parser.feed(.character(scalar)) }
    guard case .key(.paste(let pasted)) = result.first else { return XCTFail("no paste: \(result.prefix(2))") }
    XCTAssertEqual(pasted.count, InputParser.longestPaste)
    XCTAssertEqual(result.count, 1)
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
