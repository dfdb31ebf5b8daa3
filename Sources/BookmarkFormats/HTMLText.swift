/// Entity decoding and escaping for the text and attribute values of bookmark files.
enum HTMLText {
  /// Decodes character references: `&#38;`, `&#x26;`, and the named entities browsers and
  /// bookmark tools write. An unknown or malformed reference is kept as written; a numeric
  /// reference to no character (0, a surrogate, beyond U+10FFFF) becomes U+FFFD.
  static func decode(_ text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
    var result = String.UnicodeScalarView()
    let scalars = Array(text.unicodeScalars)
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "&", let (decoded, length) = reference(in: scalars, at: index) {
        result.append(contentsOf: decoded.unicodeScalars)
        index += length
      } else {
        result.append(scalar)
        index += 1
      }
    }
    return String(result)
  }

  /// The reference starting at `start` (an `&`) and how many scalars it spans.
  private static func reference(in scalars: [Unicode.Scalar], at start: Int) -> (String, Int)? {
    var index = start + 1
    guard index < scalars.count else { return nil }
    if scalars[index] == "#" {
      index += 1
      let hex = index < scalars.count && (scalars[index] == "x" || scalars[index] == "X")
      if hex { index += 1 }
      var value: UInt32 = 0
      let digitsStart = index
      while index < scalars.count, index - digitsStart < 8,
        let digit = Character(scalars[index]).hexDigitValue, hex || digit < 10
      {
        value = value * (hex ? 16 : 10) + UInt32(digit)
        index += 1
      }
      guard index > digitsStart else { return nil }
      if index < scalars.count, scalars[index] == ";" { index += 1 }
      let character = value == 0 ? nil : Unicode.Scalar(value)
      return (String(character ?? "\u{FFFD}"), index - start)
    }
    var name = ""
    while index < scalars.count, index - start <= 10, isAlphanumericASCII(scalars[index]) {
      name.unicodeScalars.append(scalars[index])
      index += 1
    }
    if index < scalars.count, scalars[index] == ";", let value = named[name] {
      return (value, index + 1 - start)
    }
    // Legacy references without the semicolon, as old tools wrote them.
    if let value = legacy[name] { return (value, index - start) }
    return nil
  }

  private static func isAlphanumericASCII(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
    default: false
    }
  }

  private static let legacy = ["amp": "&", "lt": "<", "gt": ">", "quot": "\""]

  private static let named: [String: String] = [
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
  /// references, and so does every control character, so line breaks and tabs in a name
  /// survive a round trip instead of turning into spaces.
  static func escape(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default:
        if needsEscape(scalar) {
          result += "&#\(scalar.value);"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x26, 0x3C, 0x3E, 0x22, 0x27, 0x00...0x1F, 0x7F...0x9F: true
    default: false
    }
  }
}
