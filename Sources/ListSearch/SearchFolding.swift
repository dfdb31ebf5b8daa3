import Foundation

/// Folds text for matching: case, diacritics and width are ignored, so `swi` finds
/// “Swift”, `creme` finds “Crème”, `ｓｗｉｆｔ` finds “swift” and `ｶﾀ` finds “カタ”.
///
/// The fold goes scalar by scalar, so folding a query and folding the text it is typed
/// against agree on every prefix. ASCII is lower-cased in place; every other scalar is
/// folded once with Foundation's case-, diacritic- and width-insensitive folding and
/// remembered, so a list of 100,000 names asks Foundation only about the few thousand
/// distinct scalars it holds. Combining diacritical marks (U+0300–U+036F), variation
/// selectors and controls fold to nothing; CJK, kana and emoji stay themselves.
public struct SearchFolding: Sendable {
  private var folded: [Unicode.Scalar: [UInt8]] = [:]

  public init() {}

  /// The UTF-8 bytes of the folded text.
  public mutating func fold(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    append(text, to: &bytes)
    return bytes
  }

  /// Appends the folded text's UTF-8 bytes.
  public mutating func append(_ text: String, to bytes: inout [UInt8]) {
    // Fast path: ASCII text, byte by byte (most URLs and many names).
    let wasASCII = text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
      guard !utf8.contains(where: { $0 >= 0x80 }) else { return false }
      for byte in utf8 { Self.appendASCII(byte, to: &bytes) }
      return true
    }
    if wasASCII == true { return }
    for scalar in text.unicodeScalars {
      if scalar.isASCII {
        Self.appendASCII(UInt8(scalar.value), to: &bytes)
      } else {
        bytes.append(contentsOf: fold(scalar))
      }
    }
  }

  private static func appendASCII(_ byte: UInt8, to bytes: inout [UInt8]) {
    switch byte {
    case 0x41...0x5A: bytes.append(byte + 0x20)
    case 0x00...0x1F, 0x7F: break
    default: bytes.append(byte)
    }
  }

  private mutating func fold(_ scalar: Unicode.Scalar) -> [UInt8] {
    if let known = folded[scalar] { return known }
    var result: [UInt8] = []
    if !Self.foldsToNothing(scalar) {
      let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive, .widthInsensitive]
      for part in String(Character(scalar)).folding(options: options, locale: nil).lowercased().unicodeScalars
      where !Self.foldsToNothing(part) {
        result.append(contentsOf: Array(String(Character(part)).utf8))
      }
    }
    folded[scalar] = result
    return result
  }

  /// Marks that folding drops from precomposed letters (so they must go when they come
  /// separately too), variation selectors, and controls.
  private static func foldsToNothing(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x0300...0x036F: true
    case 0xFE00...0xFE0F, 0xE0100...0xE01EF: true
    default: false
    }
  }
}
