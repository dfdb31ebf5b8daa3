import Foundation

/// How each fuzz target runs, read from the environment:
///
/// - `CLOUDY_FUZZ_SEED`: the run's seed, decimal or `0x` hex (default ``defaultSeed``), so a
///   failure is replayed by running again with the seed it printed;
/// - `CLOUDY_FUZZ_SECONDS`: the time each target runs (default 1.5 s, so the whole target takes
///   well under 30 s in CI);
/// - `CLOUDY_FUZZ_ITERATIONS`: at most this many inputs per target (default 1,000,000);
/// - `CLOUDY_FUZZ_MAX_LENGTH`: the longest input made by mutation, in bytes (default 4096);
/// - `CLOUDY_FUZZ_SLOW`: an input that takes longer than this many seconds fails (default 3);
/// - `CLOUDY_FUZZ_TIMEOUT`: an input still running after this many seconds is taken as a hang,
///   reported and the process stopped (default 30).
struct FuzzSettings: Sendable {
  static let defaultSeed: UInt64 = 0xC10D_F022

  var seed: UInt64
  var seconds: Double
  var maximumIterations: Int
  var maximumLength: Int
  var slowSeconds: Double
  var hangSeconds: Double

  static let current = FuzzSettings(environment: ProcessInfo.processInfo.environment)

  init(environment: [String: String]) {
    seed = environment["CLOUDY_FUZZ_SEED"].flatMap(Self.parseSeed) ?? Self.defaultSeed
    seconds = environment["CLOUDY_FUZZ_SECONDS"].flatMap(Double.init) ?? 1.5
    maximumIterations = environment["CLOUDY_FUZZ_ITERATIONS"].flatMap { Int($0) } ?? 1_000_000
    maximumLength = max(16, environment["CLOUDY_FUZZ_MAX_LENGTH"].flatMap { Int($0) } ?? 4096)
    slowSeconds = environment["CLOUDY_FUZZ_SLOW"].flatMap(Double.init) ?? 3
    hangSeconds = environment["CLOUDY_FUZZ_TIMEOUT"].flatMap(Double.init) ?? 30
  }

  private static func parseSeed(_ text: String) -> UInt64? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.lowercased().hasPrefix("0x") { return UInt64(trimmed.dropFirst(2), radix: 16) }
    return UInt64(trimmed)
  }

  /// The seed as printed in reports: `0x…`, as `CLOUDY_FUZZ_SEED` takes it.
  var seedText: String { "0x" + String(seed, radix: 16) }
}
