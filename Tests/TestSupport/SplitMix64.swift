/// A small deterministic random number generator (SplitMix64): the same seed gives the same
/// numbers on every machine and every run, so a fuzz run is replayed from its seed.
public struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  public init(seed: UInt64) {
    state = seed
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A number in `0..<bound` (`bound` > 0).
  public mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }

  /// True one time in `odds`.
  public mutating func oneIn(_ odds: Int) -> Bool {
    below(odds) == 0
  }

  /// A stable seed for a name, so each target draws its own numbers from the run's seed.
  public static func seed(_ seed: UInt64, for name: String) -> UInt64 {
    // FNV-1a: stable across runs, unlike `Hasher`.
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in name.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
    }
    return seed ^ hash
  }
}
