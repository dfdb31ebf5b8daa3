import Foundation
import TestSupport

/// Runs seeds, shrinks failures, and sums up.
enum ModelChecker {
  static let devices = 3

  /// One run of `steps` in a new folder; the violation, if any.
  static func run(_ steps: [ModelStep], cloud: ModelCloud, backend: ModelBackend = .documents) async throws
    -> ModelViolation?
  {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let world = ModelWorld(
      cloud: cloud, backend: backend, root: home.path,
      postgresURL: ProcessInfo.processInfo.environment["CLOUDY_TEST_POSTGRES_URL"])
    let run = try ModelRun(world: world, devices: devices)
    let violation = await run.run(steps)
    await run.closeAll()
    if violation != nil || ProcessInfo.processInfo.environment["CLOUDY_MODEL_LOG"] == "1", ModelRun.tracing {
      FileHandle.standardError.write(Data(("What happened:\n" + run.log.joined(separator: "\n") + "\n").utf8))
    }
    return violation
  }

  /// Checks one seed; nil when it passes, else the report: the violation, the shrunk steps
  /// as a readable list and as Swift.
  static func check(seed: UInt64, steps count: Int, cloud: ModelCloud, backend: ModelBackend = .documents)
    async throws -> String?
  {
    let steps = ModelStep.random(count: count, devices: devices, seed: seed)
    guard let violation = try await run(steps, cloud: cloud, backend: backend) else { return nil }
    return try await report(violation, steps: steps, seed: seed, cloud: cloud, backend: backend)
  }

  static func report(
    _ violation: ModelViolation, steps: [ModelStep], seed: UInt64, cloud: ModelCloud, backend: ModelBackend
  ) async throws -> String {
    var prefix = Array(steps.prefix(violation.step + 1))
    if prefix.last?.kind != .settle { prefix.append(ModelStep(kind: .settle, device: 0, pick: 0)) }
    let shrinker = ModelShrinker(failure: { candidate in
      (try? await run(candidate, cloud: cloud, backend: backend))??.invariant
    })
    let shrunk = await shrinker.shrink(prefix, invariant: violation.invariant)
    let last = try await run(shrunk, cloud: cloud, backend: backend)
    return """
      Model violation, seed \(seed), cloud \(cloud.rawValue), store \(backend.rawValue): \(violation)
      Shrunk to \(shrunk.count) steps (\(last.map { "\($0)" } ?? "passes now?")):
      \(shrunk.enumerated().map { "  \($0.offset). \($0.element)" }.joined(separator: "\n"))
      As a regression test:
      [\(shrunk.map(\.swift).joined(separator: ",\n "))]
      """
  }

  struct Summary {
    var steps = 0
    var seeds: [UInt64] = []
    var byInvariant: [String: Int] = [:]
    var reports: [String] = []
    var seconds = 0.0
    var cloud: ModelCloud
    var backend: ModelBackend
    var violations: Int { byInvariant.values.reduce(0, +) }

    var text: String {
      let rate = seconds > 0 ? Double(steps) / seconds : 0
      let first = seeds.first ?? 0
      let last = seeds.last ?? 0
      let time = String(format: "%.0f", seconds)
      let perSecond = String(format: "%.1f", rate)
      var head =
        "scripts/model summary: \(backend.rawValue) store, cloud \(cloud.rawValue), \(steps) steps, \(seeds.count) seeds"
      head += " (\(first)…\(last)), \(time) s, \(perSecond) steps/s"
      var counts = "violations: \(violations)"
      if !byInvariant.isEmpty {
        let parts: [String] = byInvariant.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        counts += " (" + parts.joined(separator: ", ") + ")"
      }
      return ([head, counts] + reports).joined(separator: "\n")
    }
  }

  /// Seeds from `firstSeed` on, `perSeed` steps each, until `total` steps are done. The first
  /// failure of each invariant is shrunk and reported.
  static func longRun(total: Int, firstSeed: UInt64, perSeed: Int, cloud: ModelCloud, backend: ModelBackend)
    async throws -> Summary
  {
    var summary = Summary(cloud: cloud, backend: backend)
    let started = Date()
    var seed = firstSeed
    while summary.steps < total {
      let count = min(perSeed, total - summary.steps)
      let steps = ModelStep.random(count: count, devices: devices, seed: seed)
      summary.seeds.append(seed)
      let runStart = Date()
      let violation = try await run(steps, cloud: cloud, backend: backend)
      summary.seconds += Date().timeIntervalSince(runStart)
      summary.steps += violation.map { $0.step + 1 } ?? count
      if let violation {
        let first = summary.byInvariant[violation.invariant] == nil
        summary.byInvariant[violation.invariant, default: 0] += 1
        FileHandle.standardError.write(Data("seed \(seed): \(violation)\n".utf8))
        if first {
          let text = try await report(violation, steps: steps, seed: seed, cloud: cloud, backend: backend)
          FileHandle.standardError.write(Data((text + "\n").utf8))
          summary.reports.append(text)
        }
      }
      seed += 1
    }
    _ = started
    return summary
  }
}
