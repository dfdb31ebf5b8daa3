/// Random version-4 UUIDs as text, drawn from the system generator (`getrandom`).
///
/// Foundation's `UUID()` on Linux opened `/dev/urandom` for each one: a tenth of an import of
/// 100,000 bookmarks when each bookmark's id was made so, and again for each document's
/// version id.
public enum RandomID {
  /// A new UUID, lower-case unless asked (`3f2a…-…`).
  public static func uuid(uppercase: Bool = false) -> String {
    var generator = SystemRandomNumberGenerator()
    var bytes = withUnsafeBytes(of: (generator.next() as UInt64, generator.next() as UInt64)) { Array($0) }
    bytes[6] = bytes[6] & 0x0F | 0x40
    bytes[8] = bytes[8] & 0x3F | 0x80
    let digits = Array((uppercase ? "0123456789ABCDEF" : "0123456789abcdef").utf8)
    var text: [UInt8] = []
    text.reserveCapacity(36)
    for (index, byte) in bytes.enumerated() {
      if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }
}
