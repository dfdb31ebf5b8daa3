extension UnsafeBufferPointer<UInt8> {
  /// Whether the bytes are well-formed UTF-8 (Unicode's table 3-7: no overlong forms, no
  /// surrogates, nothing past U+10FFFF), as `String(validating:as:)` decides, so that
  /// `String(decoding:as:)` of them repairs nothing. Runs of ASCII are checked eight bytes
  /// at a time.
  var isValidUTF8: Bool {
    guard let base = baseAddress else { return true }
    let count = self.count
    var i = 0
    func isContinuation(_ offset: Int) -> Bool { base[offset] & 0xC0 == 0x80 }
    while i < count {
      while i + 8 <= count, UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
        i += 8
      }
      guard i < count else { return true }
      let lead = base[i]
      if lead < 0x80 {
        i += 1
        continue
      }
      let second: ClosedRange<UInt8>
      let length: Int
      switch lead {
      case 0xC2...0xDF: (second, length) = (0x80...0xBF, 2)
      case 0xE0: (second, length) = (0xA0...0xBF, 3)
      case 0xE1...0xEC, 0xEE...0xEF: (second, length) = (0x80...0xBF, 3)
      case 0xED: (second, length) = (0x80...0x9F, 3)
      case 0xF0: (second, length) = (0x90...0xBF, 4)
      case 0xF1...0xF3: (second, length) = (0x80...0xBF, 4)
      case 0xF4: (second, length) = (0x80...0x8F, 4)
      default: return false
      }
      guard i + length <= count, second.contains(base[i + 1]) else { return false }
      if length > 2, !isContinuation(i + 2) { return false }
      if length > 3, !isContinuation(i + 3) { return false }
      i += length
    }
    return true
  }
}
