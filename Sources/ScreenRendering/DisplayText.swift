/// Turns untrusted text (bookmark names and URLs) into text that is safe to draw.
///
/// Every C0 control (U+0000–U+001F), DEL and C1 control (U+0080–U+009F), the line and
/// paragraph separators, and the bidirectional marks, embeddings, overrides and isolates
/// are replaced by a visible placeholder, so no bookmark can send a terminal escape
/// sequence, move the cursor, or reorder the columns around it. C0 controls and DEL
/// become their Control Pictures (`␛` for ESC, `␊` for LF); the others become `�`.
public enum DisplayText {
  /// The placeholder for controls that have no Control Picture.
  public static let placeholder: Unicode.Scalar = "\u{FFFD}"

  /// The text with every unsafe scalar replaced by a visible placeholder.
  public static func sanitize(_ text: String) -> String {
    guard !isPlainlySafe(text), text.unicodeScalars.contains(where: isUnsafe) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      result.append(isUnsafe(scalar) ? picture(for: scalar) : scalar)
    }
    return String(result)
  }

  /// True when no byte of the text can begin an unsafe scalar (most text): one pass over the
  /// UTF-8, no decoding. Every unsafe scalar starts with a byte below 0x20, 0x7F, or a lead
  /// byte 0xC2 (U+0080–U+009F), 0xD8 (U+061C) or 0xE2 (U+2000–U+2FFF).
  ///
  /// Eight bytes a step while they are printable ASCII (`cloudy list` of 100,000 bookmarks
  /// checks about 10 MB); a step with any other byte checks its bytes one by one.
  public static func isPlainlySafe(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      let raw = UnsafeRawBufferPointer(bytes)
      let ones: UInt64 = 0x0101_0101_0101_0101
      let highBits: UInt64 = 0x8080_8080_8080_8080
      var offset = 0
      while offset + 8 <= raw.count {
        let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        let below20 = (word &- ones &* 0x20) & ~word & highBits
        let delete = word ^ (ones &* 0x7F)
        let is7F = (delete &- ones) & ~delete & highBits
        if (word & highBits) | below20 | is7F != 0, raw[offset..<offset + 8].contains(where: mayBeginUnsafe) {
          return false
        }
        offset += 8
      }
      return !raw[offset...].contains(where: mayBeginUnsafe)
    }
  }

  private static func mayBeginUnsafe(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2
  }

  /// Whether a scalar must never reach the terminal as it is.
  public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x2028, 0x2029: true  // line and paragraph separators
    case 0x061C, 0x200E, 0x200F: true  // bidi marks
    case 0x202A...0x202E, 0x2066...0x2069: true  // bidi embeddings, overrides, isolates
    default: false
    }
  }

  private static func picture(for scalar: Unicode.Scalar) -> Unicode.Scalar {
    switch scalar.value {
    case 0x00...0x1F: Unicode.Scalar(0x2400 + scalar.value)!
    case 0x7F: "\u{2421}"
    default: placeholder
    }
  }
}
