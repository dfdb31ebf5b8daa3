/// UUID-shaped ids made from text (two 64-bit FNV-1a hashes): the same text makes the same
/// id on every device, so two devices doing the same thing at once write the same record.
public enum DerivedID {
  public static func make(from text: String) -> String {
    let high = fnv1a(text, basis: 0xcbf2_9ce4_8422_2325)
    let low = fnv1a(text, basis: 0x8422_2325_cbf2_9ce4)
    let hex = Array(padded(String(high, radix: 16)) + padded(String(low, radix: 16)))
    func part(_ range: Range<Int>) -> String { String(hex[range]) }
    return [part(0..<8), part(8..<12), part(12..<16), part(16..<20), part(20..<32)].joined(separator: "-")
  }

  private static func padded(_ hex: String) -> String {
    String(repeating: "0", count: max(0, 16 - hex.count)) + hex
  }

  private static func fnv1a(_ text: String, basis: UInt64) -> UInt64 {
    var hash = basis
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x100_0000_01b3
    }
    return hash
  }
}
