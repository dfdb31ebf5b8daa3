import TestSupport

/// Makes new inputs from old ones: bit flips, bytes inserted, deleted or overwritten, a
/// chunk repeated, an input cut short, two inputs spliced, and the target's interesting
/// tokens (tags, escape sequences, entities, huge numbers, invalid UTF-8) put in.
struct FuzzMutator {
  /// The target's own tokens, plus ``commonTokens``.
  let tokens: [[UInt8]]
  let maximumLength: Int

  init(tokens: [String], rawTokens: [[UInt8]] = [], maximumLength: Int) {
    self.tokens = tokens.map { Array($0.utf8) } + rawTokens + Self.commonTokens
    self.maximumLength = maximumLength
  }

  /// Byte sequences every parser should survive: invalid and borderline UTF-8 (a lone
  /// continuation byte, a cut sequence, an overlong form, an encoded surrogate, beyond
  /// U+10FFFF), NUL, controls, invisible characters, and numbers at the edges of their types.
  static let commonTokens: [[UInt8]] = [
    [0x80], [0xC3], [0xE2, 0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF], [0xFE],
    [0xEF, 0xBB, 0xBF], [0x00], [0x1B], [0x7F], [0xC2, 0x85], [0xC2, 0x9B], [0xE2, 0x80, 0xAE], [0xE2, 0x81, 0xA6],
    [0xE2, 0x80, 0x8E], [0xD8, 0x9C], [0xE2, 0x80, 0xA8], [0xEF, 0xBF, 0xBF], [0xF0, 0x9F, 0x9A, 0x80],
    Array("99999999999999999999".utf8), Array("9223372036854775807".utf8), Array("-9223372036854775808".utf8),
    Array("18446744073709551616".utf8), Array("1e308".utf8), Array("-1e400".utf8), Array("0".utf8), Array("-1".utf8),
    Array("\r\n".utf8), Array("\n".utf8), Array("\t".utf8), Array(" ".utf8),
  ]

  /// One to four mutations of `input`; `pool` supplies the other half of a splice.
  func mutate(_ input: [UInt8], pool: [[UInt8]], using random: inout SplitMix64) -> [UInt8] {
    var bytes = input
    for _ in 0...random.below(4) {
      mutateOnce(&bytes, pool: pool, using: &random)
    }
    if bytes.count > maximumLength { bytes.removeLast(bytes.count - maximumLength) }
    return bytes
  }

  private func mutateOnce(_ bytes: inout [UInt8], pool: [[UInt8]], using random: inout SplitMix64) {
    switch random.below(11) {
    case 0:  // flip a bit
      guard !bytes.isEmpty else { return insertToken(&bytes, using: &random) }
      bytes[random.below(bytes.count)] ^= 1 << UInt8(random.below(8))
    case 1:  // overwrite a byte with an interesting one
      guard !bytes.isEmpty else { return insertToken(&bytes, using: &random) }
      let interesting: [UInt8] = [
        0x00, 0x09, 0x0A, 0x0D, 0x1B, 0x20, 0x22, 0x26, 0x27, 0x3C, 0x3E, 0x5B, 0x7F, 0x80, 0xFF,
      ]
      bytes[random.below(bytes.count)] =
        random.oneIn(2) ? interesting[random.below(interesting.count)] : UInt8(random.below(256))
    case 2:  // insert random bytes
      let count = 1 + random.below(8)
      let at = random.below(bytes.count + 1)
      bytes.insert(contentsOf: (0..<count).map { _ in UInt8(random.below(256)) }, at: at)
    case 3:  // delete a range
      guard !bytes.isEmpty else { return }
      let start = random.below(bytes.count)
      let end = min(bytes.count, start + 1 + random.below(random.oneIn(4) ? bytes.count : 16))
      bytes.removeSubrange(start..<end)
    case 4:  // repeat a chunk
      guard !bytes.isEmpty else { return }
      let start = random.below(bytes.count)
      let chunk = Array(bytes[start..<min(bytes.count, start + 1 + random.below(32))])
      let times = 1 + random.below(random.oneIn(8) ? 200 : 8)
      bytes.insert(contentsOf: Array(repeating: chunk, count: times).joined(), at: start)
    case 5:  // cut short
      guard !bytes.isEmpty else { return }
      bytes.removeLast(1 + random.below(bytes.count))
    case 6:  // splice: the start of this input and the end of another
      guard let other = pool.randomElement(using: &random), !other.isEmpty else { return }
      let cut = random.below(bytes.count + 1)
      let otherCut = random.below(other.count)
      bytes = Array(bytes[..<cut]) + other[otherCut...]
    case 7, 8:  // insert a token
      insertToken(&bytes, using: &random)
    case 9:  // replace a range with a token
      guard !bytes.isEmpty else { return insertToken(&bytes, using: &random) }
      let start = random.below(bytes.count)
      let end = min(bytes.count, start + 1 + random.below(8))
      bytes.replaceSubrange(start..<end, with: tokens[random.below(tokens.count)])
    default:  // swap two bytes
      guard bytes.count > 1 else { return }
      bytes.swapAt(random.below(bytes.count), random.below(bytes.count))
    }
  }

  private func insertToken(_ bytes: inout [UInt8], using random: inout SplitMix64) {
    bytes.insert(contentsOf: tokens[random.below(tokens.count)], at: random.below(bytes.count + 1))
  }
}
