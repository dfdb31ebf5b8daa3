/// Character references in page text: `&amp;`, `&#8212;`, `&#x2014;` and the named ones
/// titles use. An unknown name stays as it is; a number outside Unicode (or a surrogate, or
/// zero) becomes U+FFFD, as a browser does.
enum HTMLEntities {
  static let named: [String: Unicode.Scalar] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "ndash": "\u{2013}",
    "mdash": "\u{2014}", "hellip": "\u{2026}", "laquo": "\u{AB}", "raquo": "\u{BB}", "lsquo": "\u{2018}",
    "rsquo": "\u{2019}", "sbquo": "\u{201A}", "ldquo": "\u{201C}", "rdquo": "\u{201D}", "bdquo": "\u{201E}",
    "middot": "\u{B7}", "bull": "\u{2022}", "copy": "\u{A9}", "reg": "\u{AE}", "trade": "\u{2122}",
    "euro": "\u{20AC}", "pound": "\u{A3}", "yen": "\u{A5}", "cent": "\u{A2}", "sect": "\u{A7}", "deg": "\u{B0}",
    "times": "\u{D7}", "divide": "\u{F7}", "larr": "\u{2190}", "rarr": "\u{2192}", "harr": "\u{2194}",
    "uarr": "\u{2191}", "darr": "\u{2193}", "iexcl": "\u{A1}", "iquest": "\u{BF}", "shy": "\u{AD}",
    "thinsp": "\u{2009}", "ensp": "\u{2002}", "emsp": "\u{2003}", "zwnj": "\u{200C}", "zwj": "\u{200D}",
    "lrm": "\u{200E}", "rlm": "\u{200F}", "aacute": "á", "agrave": "à", "acirc": "â", "auml": "ä", "atilde": "ã",
    "aring": "å", "aelig": "æ", "ccedil": "ç", "eacute": "é", "egrave": "è", "ecirc": "ê", "euml": "ë",
    "iacute": "í", "igrave": "ì", "icirc": "î", "iuml": "ï", "ntilde": "ñ", "oacute": "ó", "ograve": "ò",
    "ocirc": "ô", "ouml": "ö", "otilde": "õ", "oslash": "ø", "uacute": "ú", "ugrave": "ù", "ucirc": "û",
    "uuml": "ü", "yacute": "ý", "yuml": "ÿ", "szlig": "ß", "Aacute": "Á", "Agrave": "À", "Acirc": "Â",
    "Auml": "Ä", "Atilde": "Ã", "Aring": "Å", "AElig": "Æ", "Ccedil": "Ç", "Eacute": "É", "Egrave": "È",
    "Ecirc": "Ê", "Euml": "Ë", "Iacute": "Í", "Ntilde": "Ñ", "Oacute": "Ó", "Ouml": "Ö", "Oslash": "Ø",
    "Uacute": "Ú", "Uuml": "Ü",
  ]

  static func decode(_ text: String) -> String {
    guard text.contains("&") else { return text }
    var result = String.UnicodeScalarView()
    let scalars = Array(text.unicodeScalars)
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      guard scalar == "&", let (decoded, length) = reference(in: scalars, at: index) else {
        result.append(scalar)
        index += 1
        continue
      }
      result.append(decoded)
      index += length
    }
    return String(result)
  }

  /// The character a reference at `start` (the `&`) stands for, and its length.
  private static func reference(in scalars: [Unicode.Scalar], at start: Int) -> (Unicode.Scalar, Int)? {
    var end = start + 1
    while end < scalars.count, end - start <= 32, scalars[end] != ";", scalars[end] != "&",
      !scalars[end].properties.isWhitespace
    {
      end += 1
    }
    let hasSemicolon = end < scalars.count && scalars[end] == ";"
    let body = String(String.UnicodeScalarView(scalars[(start + 1)..<end]))
    let length = end - start + (hasSemicolon ? 1 : 0)
    if body.hasPrefix("#") {
      let digits = body.dropFirst()
      let value: UInt32? =
        digits.first == "x" || digits.first == "X"
        ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
      let isNumber =
        digits.first == "x" || digits.first == "X"
        ? digits.count > 1 && digits.dropFirst().allSatisfy(\.isHexDigit)
        : !digits.isEmpty && digits.allSatisfy { ("0"..."9").contains($0) }
      guard isNumber else { return nil }
      // Too big for UInt32, outside Unicode, a surrogate or zero: the replacement character.
      return (value.flatMap(Unicode.Scalar.init).flatMap { $0.value == 0 ? nil : $0 } ?? "\u{FFFD}", length)
    }
    guard let scalar = named[body] else { return nil }
    return (scalar, length)
  }
}
