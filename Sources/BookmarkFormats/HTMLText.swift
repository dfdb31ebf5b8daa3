/// Entity decoding and escaping for the text and attribute values of bookmark files.
enum HTMLText {
  /// Decodes character references: `&#38;`, `&#x26;`, and the named entities browsers and
  /// bookmark tools write. An unknown or malformed reference is kept as written; a numeric
  /// reference to no character (0, a surrogate, beyond U+10FFFF) becomes U+FFFD.
  static func decode(_ text: String) -> String {
    String(decoding: decode(Array(text.utf8)), as: UTF8.self)
  }

  /// ``decode(_:)-(String)`` on UTF-8 bytes, which is how the parser holds text: references
  /// are ASCII, so bytes are scanned without building characters.
  static func decode(_ bytes: [UInt8]) -> [UInt8] {
    guard let first = bytes.firstIndex(of: ampersand) else { return bytes }
    var result = Array(bytes[..<first])
    result.reserveCapacity(bytes.count)
    var index = first
    while index < bytes.count {
      let byte = bytes[index]
      if byte == ampersand, let (scalar, length) = reference(in: bytes, at: index) {
        result.append(contentsOf: scalar.utf8)
        index += length
      } else {
        result.append(byte)
        index += 1
      }
    }
    return result
  }

  private static let ampersand = UInt8(ascii: "&")

  /// The reference starting at `start` (an `&`) and how many bytes it spans.
  private static func reference(in bytes: [UInt8], at start: Int) -> (Unicode.Scalar, Int)? {
    var index = start + 1
    guard index < bytes.count else { return nil }
    if bytes[index] == UInt8(ascii: "#") {
      index += 1
      let hex = index < bytes.count && (bytes[index] | 0x20) == UInt8(ascii: "x")
      if hex { index += 1 }
      var value: UInt32 = 0
      let digitsStart = index
      while index < bytes.count, index - digitsStart < 8, let digit = digitValue(bytes[index], hex: hex) {
        value = value * (hex ? 16 : 10) + digit
        index += 1
      }
      guard index > digitsStart else { return nil }
      if index < bytes.count, bytes[index] == UInt8(ascii: ";") { index += 1 }
      let scalar = value == 0 ? nil : Unicode.Scalar(value)
      return (scalar ?? "\u{FFFD}", index - start)
    }
    // The references every URL with a query has, without building a name to look up.
    if bytes.count - index >= 4, bytes[index] == UInt8(ascii: "a"), bytes[index + 1] == UInt8(ascii: "m"),
      bytes[index + 2] == UInt8(ascii: "p"), bytes[index + 3] == UInt8(ascii: ";")
    {
      return ("&", 5)
    }
    let nameStart = index
    while index < bytes.count, index - start <= 10, isAlphanumericASCII(bytes[index]) { index += 1 }
    let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
    if index < bytes.count, bytes[index] == UInt8(ascii: ";"), let value = named[name] {
      return (value, index + 1 - start)
    }
    // Legacy references without the semicolon, as old tools wrote them.
    if let value = legacy[name] { return (value, index - start) }
    return nil
  }

  private static func digitValue(_ byte: UInt8, hex: Bool) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  private static func isAlphanumericASCII(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
    default: false
    }
  }

  private static let legacy: [String: Unicode.Scalar] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\""]

  private static let named: [String: Unicode.Scalar] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
    "copy": "©", "reg": "®", "trade": "™", "hellip": "…", "mdash": "—", "ndash": "–",
    "lsquo": "‘", "rsquo": "’", "sbquo": "‚", "ldquo": "“", "rdquo": "”", "bdquo": "„",
    "laquo": "«", "raquo": "»", "lsaquo": "‹", "rsaquo": "›", "euro": "€", "pound": "£",
    "yen": "¥", "cent": "¢", "sect": "§", "para": "¶", "deg": "°", "middot": "·", "bull": "•",
    "times": "×", "divide": "÷", "plusmn": "±", "micro": "µ", "iexcl": "¡", "iquest": "¿",
    "shy": "\u{AD}", "ensp": "\u{2002}", "emsp": "\u{2003}", "thinsp": "\u{2009}",
    "zwnj": "\u{200C}", "zwj": "\u{200D}", "lrm": "\u{200E}", "rlm": "\u{200F}",
    "auml": "ä", "ouml": "ö", "uuml": "ü", "Auml": "Ä", "Ouml": "Ö", "Uuml": "Ü", "szlig": "ß",
    "eacute": "é", "egrave": "è", "ecirc": "ê", "aacute": "á", "agrave": "à", "acirc": "â",
    "iacute": "í", "oacute": "ó", "uacute": "ú", "ccedil": "ç", "ntilde": "ñ", "Eacute": "É",
    "aring": "å", "Aring": "Å", "aelig": "æ", "AElig": "Æ", "oslash": "ø", "Oslash": "Ø",
    "larr": "←", "rarr": "→", "uarr": "↑", "darr": "↓", "hearts": "♥", "star": "☆",
  ]

  /// Escapes text for an HTML element or a double-quoted attribute: `& < > " '` become
  /// references, and so does every control character (so line breaks and tabs in a name
  /// survive a round trip instead of turning into spaces), every invisible formatting
  /// character (``InvisibleCharacter``) and the spaces at either end (readers trim the white
  /// space around a name or a note, but keep `&#32;`). NUL, which HTML can't hold, is
  /// written as U+FFFD.
  static func escape(_ text: String) -> String {
    var out: [UInt8] = []
    escape(text, into: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// ``escape(_:)`` appending UTF-8 to `out`, copying runs of plain bytes at once.
  static func escape(_ text: String, into out: inout [UInt8]) {
    var text = text
    text.withUTF8 { bytes in
      let space = UInt8(ascii: " ")
      let firstNonSpace = bytes.firstIndex { $0 != space } ?? bytes.count
      let afterLastNonSpace = (bytes.lastIndex { $0 != space } ?? -1) + 1
      var runStart = 0
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        let replacement: String
        var length = 1
        switch byte {
        case space where index < firstNonSpace || index >= afterLastNonSpace: replacement = "&#32;"
        case UInt8(ascii: "&"): replacement = "&amp;"
        case UInt8(ascii: "<"): replacement = "&lt;"
        case UInt8(ascii: ">"): replacement = "&gt;"
        case UInt8(ascii: "\""): replacement = "&quot;"
        case UInt8(ascii: "'"): replacement = "&#39;"
        // HTML can't hold NUL: readers (ours, browsers') take `&#0;` as U+FFFD, which is
        // written instead (as the XBEL writer does), so a second export is the same.
        case 0x00: replacement = "\u{FFFD}"
        case 0x01..<0x20, 0x7F: replacement = "&#\(byte);"
        case 0xC0...0xF7:
          // A multi-byte scalar: C1 controls and invisible formatting characters become references.
          length = byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
          guard index + length <= bytes.count,
            let scalar = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<index + length]), as: UTF8.self)
              .unicodeScalars.first,
            InvisibleCharacter.needsEscape(scalar)
          else {
            index += min(length, bytes.count - index)
            continue
          }
          replacement = "&#\(scalar.value);"
        default:
          index += 1
          continue
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        out.append(contentsOf: replacement.utf8)
        index += length
        runStart = index
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }
  }

}
