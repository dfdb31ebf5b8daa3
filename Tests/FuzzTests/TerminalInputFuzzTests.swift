import TestSupport
import XCTest

@testable import TerminalUI

/// Fuzzes how keys are read from the terminal, each for CLOUDY_FUZZ_SECONDS (1.5 s by default):
///
/// ``InputParser`` (`Corpus/terminal-input`, bytes read as ``InputScript``):
/// - `read-split`: the keys are the same however the input is cut into reads (a `flush()`
///   after each), where a cut keeps the parser's promises: inside a bracketed paste (whose
///   end "may still come"), or right after a complete key with no escape sequence begun; a
///   cut just after an ESC is Esc by design (ncurses already waited for more);
/// - `key-text`: no control character is typed as a character or an Alt key, and a paste
///   holds no line break.
///
/// ``KeyDecoder`` (`Corpus/key-decoder`, five bytes a value: a flag, then the value):
/// - `key-decoder`: a control character or a non-character is never a character key, and a
///   key code is never text.
final class TerminalInputFuzzTests: XCTestCase {
  static let tokens = [
    "\u{1B}", "\u{1B}[", "\u{1B}O", "[", "200~", "201~", "\u{1B}[200~", "\u{1B}[201~", "~", ";", "0", "1", "2", "5",
    "9", "11", "24", "99999999999999999999", "A", "C", "D", "H", "Z", "P", "\u{1B}\u{1B}", "\u{7F}", "\u{8}", "\r",
    "\n", "\t", "b", "f", "d", "x", "\u{85}", "\u{9B}", "\u{202E}", "東", "🚀",
  ]
  static let rawTokens: [[UInt8]] = [[0xFF, 0], [0xFF, 2], [0xFF, 3], [0xFF, 9], [0xFF, 12], [0xFE, 0, 0xD8, 0]]

  func testInputParser() {
    FuzzDriver(target: "terminal-input", tokens: Self.tokens, rawTokens: Self.rawTokens).run {
      input, random throws(FuzzFailure) in
      try Self.checkParser(input, &random)
    }
  }

  func testKeyDecoder() {
    FuzzDriver(target: "key-decoder", tokens: []).run { input, _ throws(FuzzFailure) in
      try Self.checkDecoder(input)
    }
  }

  static func checkParser(_ input: [UInt8], _ random: inout SplitMix64) throws(FuzzFailure) -> String {
    let raws = InputScript.raws(input)
    var parser = InputParser()
    var whole: [KeyDecoder.Input] = []
    for raw in raws { whole += parser.feed(raw) }
    whole += parser.flush()
    whole += parser.finishPaste()

    var reader = InputParser()
    var pieces: [KeyDecoder.Input] = []
    var cuts: [String] = []
    for (index, raw) in raws.enumerated() {
      let keys = reader.feed(raw)
      pieces += keys
      guard random.oneIn(3) else { continue }
      if reader.isInPaste {
        cuts.append("\(index + 1) (in a paste)")
      } else if !keys.isEmpty, raw != .character("\u{1B}") {
        cuts.append("\(index + 1)")
      } else {
        continue
      }
      pieces += reader.flush()
    }
    pieces += reader.flush()
    pieces += reader.finishPaste()
    try FuzzFailure.check(
      pieces == whole, "read-split",
      "read at once: \(whole); read cut after values \(cuts.joined(separator: ", ")): \(pieces)")

    for input in whole {
      guard case .key(let key) = input else { continue }
      switch key {
      case .character(let character), .alt(let character):
        try FuzzFailure.check(
          !character.unicodeScalars.contains(where: isControl), "key-text",
          "the control character \(ForbiddenScalar.visible(String(character))) is typed as \(key)")
      case .paste(let text):
        try FuzzFailure.check(
          !text.contains("\n") && !text.contains("\r") && !text.isEmpty, "key-text",
          "a paste holds a line break or is empty: \(ForbiddenScalar.visible(text))")
      case .function(let number):
        try FuzzFailure.check((1...12).contains(number), "key-text", "F\(number) is read")
      default:
        break
      }
    }
    let kinds = Set(whole.map { String(describing: $0).prefix { $0 != "(" && $0 != "\"" } })
    return kinds.sorted().joined(separator: " ") + " \(min(whole.count, 4))"
  }

  /// C0, DEL and C1: never a character key (bidi controls are characters to ncurses; the
  /// text field decides whether to take them).
  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  static func checkDecoder(_ input: [UInt8]) throws(FuzzFailure) -> String {
    var kinds: Set<String> = []
    var index = 0
    while index + 5 <= input.count {
      let isKeyCode = input[index] & 1 == 1
      let value = input[index + 1..<index + 5].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
      index += 5
      let decoded = KeyDecoder.decode(value, isKeyCode: isKeyCode)
      try FuzzFailure.check(
        decoded == KeyDecoder.decode(value, isKeyCode: isKeyCode), "key-decoder", "decoding \(value) twice differs")
      kinds.insert("\(isKeyCode) " + String(describing: decoded).prefix { $0 != "(" && $0 != "\"" })
      guard case .key(let key) = decoded else { continue }
      switch key {
      case .character(let character), .alt(let character):
        try FuzzFailure.check(
          !isKeyCode, "key-decoder", "the key code \(value) decodes as the text \(key)")
        let scalars = Array(character.unicodeScalars)
        try FuzzFailure.check(
          scalars.count == 1 && scalars[0].value == value && !(0..<0x20).contains(value)
            && !(0x7F...0x9F).contains(value),
          "key-decoder", "the character value \(value) decodes as \(key)")
      case .paste:
        throw FuzzFailure("key-decoder", "\(value) decodes as a paste")
      case .control(let character):
        try FuzzFailure.check(
          !isKeyCode && (1...26).contains(value) && character.asciiValue == UInt8(value + 96), "key-decoder",
          "\(value) (key code: \(isKeyCode)) decodes as \(key)")
      default:
        break
      }
    }
    return kinds.sorted().joined(separator: ",")
  }
}
