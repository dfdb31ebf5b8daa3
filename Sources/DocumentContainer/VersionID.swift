/// A version's id, as compact as it can be kept: the 16 bytes of a UUID written in the usual
/// upper-case form (`10BE6674-BF7A-4D51-9F4F-3DC7F5420B59`, what `UUID().uuidString` gives),
/// or the text itself. Each text has one form, so two ids are equal exactly when their texts
/// are.
enum VersionID: Hashable, Sendable {
  case uuid(UInt64, UInt64)
  case text(String)

  init(_ text: String) {
    self = Self.uuid(of: text).map { .uuid($0.high, $0.low) } ?? .text(text)
  }

  var text: String {
    switch self {
    case .text(let text): return text
    case .uuid(let high, let low):
      var bytes = [UInt8]()
      bytes.reserveCapacity(36)
      for (index, half) in [high, low].enumerated() {
        for nibble in 0..<16 {
          let place = index * 16 + nibble
          if place == 8 || place == 12 || place == 16 || place == 20 { bytes.append(0x2D) }
          bytes.append(Self.digits[Int((half >> UInt64(60 - 4 * nibble)) & 0xF)])
        }
      }
      return String(decoding: bytes, as: UTF8.self)
    }
  }

  private static let digits = Array("0123456789ABCDEF".utf8)

  /// The UUID `text` holds, if it is one in the upper-case form with its four dashes.
  private static func uuid(of text: String) -> (high: UInt64, low: UInt64)? {
    var text = text
    text.makeContiguousUTF8()
    return text.utf8.withContiguousStorageIfAvailable { bytes -> (high: UInt64, low: UInt64)? in
      guard bytes.count == 36 else { return nil }
      var halves: (UInt64, UInt64) = (0, 0)
      var digit = 0
      for (offset, byte) in bytes.enumerated() {
        if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
          guard byte == 0x2D else { return nil }
          continue
        }
        let value: UInt64
        switch byte {
        case 0x30...0x39: value = UInt64(byte - 0x30)
        case 0x41...0x46: value = UInt64(byte - 0x41 + 10)
        default: return nil
        }
        if digit < 16 { halves.0 = halves.0 << 4 | value } else { halves.1 = halves.1 << 4 | value }
        digit += 1
      }
      return (halves.0, halves.1)
    } ?? nil
  }
}
