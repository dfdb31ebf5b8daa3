import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Random version-4 UUIDs as text, drawn from the system generator (`getrandom`).
///
/// Foundation's `UUID()` on Linux opened `/dev/urandom` for each one: a tenth of an import of
/// 100,000 bookmarks when each bookmark's id was made so, and again for each document's
/// version id. The bytes are asked for 4 KB at a time (256 ids), not two calls an id.
public enum RandomID {
  /// A new UUID, lower-case unless asked (`3f2a…-…`).
  public static func uuid(uppercase: Bool = false) -> String {
    var bytes = pool.withLock { $0.take() }
    bytes.6 = bytes.6 & 0x0F | 0x40
    bytes.8 = bytes.8 & 0x3F | 0x80
    let digits: StaticString = uppercase ? "0123456789ABCDEF" : "0123456789abcdef"
    return withUnsafeBytes(of: bytes) { raw in
      String(unsafeUninitializedCapacity: 36) { text in
        var at = 0
        for index in 0..<16 {
          if index == 4 || index == 6 || index == 8 || index == 10 {
            text[at] = UInt8(ascii: "-")
            at += 1
          }
          text[at] = digits.utf8Start[Int(raw[index] >> 4)]
          text[at + 1] = digits.utf8Start[Int(raw[index] & 0x0F)]
          at += 2
        }
        return at
      }
    }
  }

  private static let pool = Mutex(Pool())

  /// Random bytes from the system, a block at a time.
  private struct Pool: ~Copyable {
    private var bytes = [UInt8](repeating: 0, count: 4096)
    private var used = 4096

    typealias Sixteen = (
      UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
    )

    mutating func take() -> Sixteen {
      if used + 16 > bytes.count { refill() }
      defer { used += 16 }
      return bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: used, as: Sixteen.self) }
    }

    private mutating func refill() {
      // (glibc's arc4random_buf: getrandom, retried until it has every byte.)
      bytes.withUnsafeMutableBytes { arc4random_buf($0.baseAddress!, $0.count) }
      used = 0
    }
  }
}
