import XCTest

@testable import TerminalUI

/// OSC 52 encoding, plain and wrapped for tmux and GNU screen.
final class ClipboardSequenceTests: XCTestCase {
  private func text(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: "⎋").replacingOccurrences(
      of: "\u{07}", with: "🔔")
  }

  func testPlainOSC52IsBase64OfTheUTF8() {
    let sequence = ClipboardSequence(copying: "https://東京.example/?q=1", environment: [:])
    XCTAssertEqual(sequence?.route, "OSC 52")
    XCTAssertEqual(text(sequence!.bytes), "⎋]52;c;aHR0cHM6Ly/mnbHkuqwuZXhhbXBsZS8/cT0x🔔")
  }

  func testInsideTmuxThePlainSequenceAndThePassthroughAreBothSent() {
    let sequence = ClipboardSequence(copying: "hi", environment: ["TMUX": "/tmp/tmux-0/default,1,0"])
    XCTAssertEqual(sequence?.route, "OSC 52 through tmux")
    XCTAssertEqual(text(sequence!.bytes), "⎋]52;c;aGk=🔔" + "⎋Ptmux;⎋⎋]52;c;aGk=🔔⎋\\")
  }

  func testInsideScreenTheSequenceIsSentInDCSPiecesOf76Bytes() {
    let url = "https://example.com/" + String(repeating: "x", count: 200)
    let sequence = ClipboardSequence(copying: url, environment: ["STY": "1234.pts-0.host"])!
    XCTAssertEqual(sequence.route, "OSC 52 through screen")
    let pieces = text(sequence.bytes).components(separatedBy: "⎋\\").dropLast()
    XCTAssertGreaterThan(pieces.count, 3)
    var joined = ""
    for piece in pieces {
      XCTAssertTrue(piece.hasPrefix("⎋P"), piece)
      XCTAssertLessThanOrEqual(Array(piece.dropFirst(2).utf8).count, 76 + 2 * 2)
      joined += piece.dropFirst(2)
    }
    let base64 = Data(url.utf8).base64EncodedString()
    XCTAssertEqual(joined, "⎋]52;c;" + base64 + "🔔")
  }

  func testTextTooLongForTerminalsIsRefused() {
    XCTAssertNil(ClipboardSequence(copying: String(repeating: "a", count: 60_000), environment: [:]))
    XCTAssertNotNil(ClipboardSequence(copying: String(repeating: "a", count: 50_000), environment: [:]))
  }
}
