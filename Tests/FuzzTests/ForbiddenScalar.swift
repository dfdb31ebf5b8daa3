/// The characters the one URL rule keeps out of every stored URL, whatever the input: C0
/// controls, DEL, C1 controls, and the bidi controls (embeddings and overrides U+202A–U+202E,
/// isolates U+2066–U+2069, the marks U+200E, U+200F and U+061C).
enum ForbiddenScalar {
  static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// The first forbidden character of `text`, if any.
  static func first(in text: String) -> Unicode.Scalar? {
    text.unicodeScalars.first(where: isForbidden)
  }

  /// `text` with every non-ASCII or non-printable character as `\u{…}`, for reports.
  static func visible(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      if scalar.value >= 0x20, scalar.value < 0x7F, scalar != "\\", scalar != "\"" {
        out.unicodeScalars.append(scalar)
      } else {
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      }
    }
    return out + "\""
  }
}
