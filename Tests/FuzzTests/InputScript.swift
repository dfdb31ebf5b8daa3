import CNcurses

@testable import TerminalUI

/// Bytes read as what `wget_wch` returns, one value at a time, so byte-level mutations make
/// terminal input:
///
/// - UTF-8 is a character (`1B 5B 41` is ESC `[` `A`);
/// - `FF n` is a key code ncurses decoded: the `n`th of ``keyCodes`` (wrapping);
/// - `FE a b c` is the character value `0xabc` as three bytes (a surrogate, beyond U+10FFFF);
/// - any other byte that is not UTF-8 is that value alone (0x80–0x9F: a C1 control typed raw).
enum InputScript {
  static let keyCodes: [Int32] = [
    KEY_UP, KEY_DOWN, KEY_LEFT, KEY_RIGHT, KEY_PPAGE, KEY_NPAGE, KEY_HOME, KEY_END, KEY_ENTER, KEY_BACKSPACE, KEY_DC,
    KEY_BTAB, KEY_MOUSE, KEY_IC, KEY_F0 + 1, KEY_F0 + 12, KEY_F0 + 13, cloudy_key_resize(), 0, -1, 0o777, 0x7FFF_FFFF,
  ]

  static func raws(_ bytes: [UInt8]) -> [InputParser.Raw] {
    var raws: [InputParser.Raw] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0xFF, index + 1 < bytes.count {
        let code = keyCodes[Int(bytes[index + 1]) % keyCodes.count]
        raws.append(InputParser.Raw(value: UInt32(bitPattern: code), isKeyCode: true))
        index += 2
      } else if byte == 0xFE, index + 3 < bytes.count {
        let value = UInt32(bytes[index + 1]) << 16 | UInt32(bytes[index + 2]) << 8 | UInt32(bytes[index + 3])
        raws.append(InputParser.Raw(value: value, isKeyCode: false))
        index += 4
      } else if let (scalar, length) = utf8Scalar(bytes, at: index) {
        raws.append(.character(scalar))
        index += length
      } else {
        raws.append(InputParser.Raw(value: UInt32(byte), isKeyCode: false))
        index += 1
      }
    }
    return raws
  }

  /// The scalar a well-formed UTF-8 sequence at `index` encodes, and its length.
  private static func utf8Scalar(_ bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
    let length: Int
    switch bytes[index] {
    case 0..<0x80: return (Unicode.Scalar(bytes[index]), 1)
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return nil
    }
    guard index + length <= bytes.count else { return nil }
    var decoder = UTF8()
    var iterator = bytes[index..<index + length].makeIterator()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator), scalar.utf8.count == length else { return nil }
    return (scalar, length)
  }
}
