/// SHA-256 (FIPS 180-4), the name of an archived page: small and dependency-free, since the
/// archives hash at most a few megabytes a page and the package already links enough.
public struct SHA256: Sendable {
  private static let roundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
  ]

  private var state: [UInt32] = [
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
  ]
  private var pending: [UInt8] = []
  private var length: UInt64 = 0

  public init() {}

  /// The digest of `bytes` as 64 lower-case hexadecimal digits.
  public static func hex(of bytes: [UInt8]) -> String {
    var hasher = SHA256()
    hasher.update(bytes)
    let digest = hasher.finalize()
    let digits: StaticString = "0123456789abcdef"
    return String(unsafeUninitializedCapacity: 64) { text in
      for (index, byte) in digest.enumerated() {
        text[2 * index] = digits.utf8Start[Int(byte >> 4)]
        text[2 * index + 1] = digits.utf8Start[Int(byte & 0x0f)]
      }
      return 64
    }
  }

  public mutating func update(_ bytes: [UInt8]) {
    length &+= UInt64(bytes.count)
    bytes.withUnsafeBufferPointer { input in
      var offset = 0
      if !pending.isEmpty {
        let taken = min(64 - pending.count, input.count)
        pending += input[0..<taken]
        offset = taken
        guard pending.count == 64 else { return }
        pending.withUnsafeBufferPointer { compress($0.baseAddress!) }
        pending.removeAll(keepingCapacity: true)
      }
      // Whole blocks straight from the input: no copy, no allocation.
      while offset + 64 <= input.count {
        compress(input.baseAddress! + offset)
        offset += 64
      }
      pending += input[offset...]
    }
  }

  /// The 32 bytes of the digest.
  public mutating func finalize() -> [UInt8] {
    let bits = length &* 8
    var tail = pending + [0x80]
    while tail.count % 64 != 56 { tail.append(0) }
    for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
    pending = []
    tail.withUnsafeBufferPointer { blocks in
      for offset in stride(from: 0, to: blocks.count, by: 64) { compress(blocks.baseAddress! + offset) }
    }
    return state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * $0)) } }
  }

  /// One 64-byte block, with the message schedule on the stack. (A schedule array made for
  /// each block, and bounds checks on every word, made hashing a third of `search --text`.)
  private mutating func compress(_ block: UnsafePointer<UInt8>) {
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
      for index in 0..<16 {
        let at = block + 4 * index
        schedule[index] = UInt32(at[0]) << 24 | UInt32(at[1]) << 16 | UInt32(at[2]) << 8 | UInt32(at[3])
      }
      for index in 16..<64 {
        let early = schedule[index - 15]
        let late = schedule[index - 2]
        let s0 = Self.rotate(early, 7) ^ Self.rotate(early, 18) ^ (early >> 3)
        let s1 = Self.rotate(late, 17) ^ Self.rotate(late, 19) ^ (late >> 10)
        schedule[index] = schedule[index - 16] &+ s0 &+ schedule[index - 7] &+ s1
      }
      state.withUnsafeMutableBufferPointer { state in
        Self.roundConstants.withUnsafeBufferPointer { constants in
          var (a, b, c, d, e, f, g, h) = (
            state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7]
          )
          for index in 0..<64 {
            let sum1 = Self.rotate(e, 6) ^ Self.rotate(e, 11) ^ Self.rotate(e, 25)
            let choose = (e & f) ^ (~e & g)
            let first = h &+ sum1 &+ choose &+ constants[index] &+ schedule[index]
            let sum0 = Self.rotate(a, 2) ^ Self.rotate(a, 13) ^ Self.rotate(a, 22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let second = sum0 &+ majority
            (h, g, f, e, d, c, b, a) = (g, f, e, d &+ first, c, b, a, first &+ second)
          }
          state[0] &+= a
          state[1] &+= b
          state[2] &+= c
          state[3] &+= d
          state[4] &+= e
          state[5] &+= f
          state[6] &+= g
          state[7] &+= h
        }
      }
    }
  }

  private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 { (value >> count) | (value << (32 - count)) }
}
