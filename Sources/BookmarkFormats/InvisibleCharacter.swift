/// The characters every export writes as a numeric reference (HTML, XBEL) or a `\u` escape
/// (JSON) rather than raw: DEL, the C1 controls, and every invisible formatting character —
/// Unicode's format category (bidi embeddings, overrides, isolates and marks, U+061C, zero-
/// width characters, the byte-order mark, soft hyphens) and the line and paragraph
/// separators. Raw, they reorder or hide text in whatever shows the file (a terminal, an
/// editor, a browser's import dialog); as references they read back to the same text.
enum InvisibleCharacter {
  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x7F: return false
    case 0x7F...0x9F: return true
    default:
      switch scalar.properties.generalCategory {
      case .format, .lineSeparator, .paragraphSeparator: return true
      default: return false
      }
    }
  }
}
