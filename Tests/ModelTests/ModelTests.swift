import Foundation
import TestSupport
import XCTest

/// The model-checked core (issue 37, docs/testing.md): seeded random steps on three devices
/// of one account, through their view models and real document stores, checked against the
/// reference model after every step. A failure prints the seed, then the steps shrunk to the
/// shortest sequence that still fails, as Swift for a regression test.
final class ModelTests: XCTestCase {
  private static let environment = ProcessInfo.processInfo.environment
  /// Steps per seed in the quick mode (`scripts/test`).
  private static let quickSteps = Int(environment["CLOUDY_MODEL_STEPS"] ?? "") ?? 60

  /// The quick mode: fixed seeds over the in-memory cloud and one over SQLite (document
  /// store), one over the key-value store, and one new seed each run (either store) (printed, so a failure can be repeated with `scripts/model --seed`).
  func testQuickSeedsKeepEveryInvariant() async throws {
    var seeds: [(UInt64, ModelCloud, ModelBackend)] = [
      (1, .memory, .documents), (3, .memory, .documents), (5, .memory, .documents), (4, .sqlite, .documents),
      (2, .memory, .keyValue),
    ]
    // A new seed each run, printed (`CLOUDY_MODEL_FRESH_SEED=0` leaves it out, to repeat a
    // run exactly).
    if Self.environment["CLOUDY_MODEL_FRESH_SEED"] != "0" {
      let fresh = UInt64(Date().timeIntervalSince1970 * 1000) % 1_000_000
      let backend: ModelBackend = fresh % 2 == 0 ? .documents : .keyValue
      print(
        "ModelTests: new seed this run: \(fresh) "
          + "(scripts/model --seed \(fresh) --steps \(Self.quickSteps) --store \(backend.rawValue))")
      seeds.append((fresh, .memory, backend))
    }
    for (seed, cloud, backend) in seeds {
      let report = try await ModelChecker.check(seed: seed, steps: Self.quickSteps, cloud: cloud, backend: backend)
      if let report { XCTFail(report) }
    }
  }

  /// The long mode (`scripts/model`): many seeds, a summary; skipped unless asked for.
  func testLongRun() async throws {
    guard let total = Int(Self.environment["CLOUDY_MODEL_LONG_STEPS"] ?? "") else {
      throw XCTSkip("the long run is scripts/model's (CLOUDY_MODEL_LONG_STEPS)")
    }
    let seed = UInt64(Self.environment["CLOUDY_MODEL_SEED"] ?? "") ?? 1
    let cloud = ModelCloud(rawValue: Self.environment["CLOUDY_MODEL_CLOUD"] ?? "memory") ?? .memory
    let perSeed = Int(Self.environment["CLOUDY_MODEL_STEPS_PER_SEED"] ?? "") ?? 200
    let backend = ModelBackend(rawValue: Self.environment["CLOUDY_MODEL_STORE"] ?? "documents") ?? .documents
    let summary = try await ModelChecker.longRun(
      total: total, firstSeed: seed, perSeed: perSeed, cloud: cloud, backend: backend)
    print(summary.text)
    XCTAssertEqual(summary.violations, 0, summary.text)
  }
}
