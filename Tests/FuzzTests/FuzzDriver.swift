import Foundation
import TestSupport
import XCTest

/// Runs one fuzz target for the configured time (``FuzzSettings``): first each corpus input
/// as it is, then mutations of the corpus and of inputs that showed a new behaviour (the
/// property's signature), until the time or the iteration cap is reached.
///
/// A property returns a short signature of what the input did (`html 3 bookmarks`) or throws
/// a ``FuzzFailure``. Each failing property is reported once: the seed, the iteration, the
/// input as hex and a smaller input that fails the same way (found by deleting chunks), both
/// written to files under the temporary folder, so they can be made into unit tests.
struct FuzzDriver {
  typealias Property = (_ input: [UInt8], _ random: inout SplitMix64) throws(FuzzFailure) -> String

  /// The corpus folder's name and the name in reports.
  let target: String
  let mutator: FuzzMutator
  let settings: FuzzSettings

  /// Where the input that kills the process is written.
  private let crashFile: String

  init(target: String, tokens: [String], rawTokens: [[UInt8]] = [], settings: FuzzSettings = .current) {
    self.target = target
    self.settings = settings
    mutator = FuzzMutator(tokens: tokens, rawTokens: rawTokens, maximumLength: settings.maximumLength)
    crashFile = Self.artifact(target, "crash-\(settings.seedText)").path
  }

  /// What the run did, for the summary line.
  struct Summary {
    var iterations = 0
    var seconds = 0.0
    var behaviours = 0
    var failures: [Found] = []
  }

  /// A failing property, as first found and as minimized.
  struct Found {
    var failure: FuzzFailure
    var iteration: Int
    var input: [UInt8]
    var minimized: [UInt8]
    var minimizedDetail: String
    var count = 1
  }

  @discardableResult
  func run(file: StaticString = #filePath, line: UInt = #line, _ property: Property) -> Summary {
    FuzzCrashGuard.install(hangSeconds: settings.hangSeconds)
    FuzzCrashGuard.prepare(target: target, seed: settings.seedText, file: crashFile)
    let corpus = FuzzCorpus.entries(target)
    XCTAssertFalse(corpus.isEmpty, "no corpus in Corpus/\(target)", file: file, line: line)
    var pool = corpus.isEmpty ? [[]] : corpus
    var signatures: Set<String> = []
    var found: [String: Found] = [:]
    var order: [String] = []
    var random = SplitMix64(seed: SplitMix64.seed(settings.seed, for: target))
    let clock = ContinuousClock()
    let start = clock.now
    let budget = Duration.milliseconds(Int64(settings.seconds * 1000))
    var iteration = 0
    while iteration < settings.maximumIterations, iteration < corpus.count || clock.now - start < budget {
      let input =
        iteration < corpus.count
        ? corpus[iteration] : mutator.mutate(pool[random.below(pool.count)], pool: pool, using: &random)
      let propertySeed = random.next()
      func record(_ failure: FuzzFailure) {
        if found[failure.property] != nil {
          found[failure.property]!.count += 1
          return
        }
        let (minimized, detail) = minimize(property, input, propertySeed, failure)
        found[failure.property] = Found(
          failure: failure, iteration: iteration, input: input, minimized: minimized, minimizedDetail: detail)
        order.append(failure.property)
      }
      let began = clock.now
      let outcome = attempt(property, input, propertySeed, iteration: iteration)
      let took = clock.now - began
      switch outcome {
      case .success(let signature):
        if took > .milliseconds(Int64(settings.slowSeconds * 1000)) {
          record(FuzzFailure("slow", "took \(took) (CLOUDY_FUZZ_SLOW is \(settings.slowSeconds) s)"))
        } else if signatures.insert(signature).inserted, pool.count < 1024 {
          pool.append(input)
        }
      case .failure(let failure):
        record(failure)
      }
      iteration += 1
    }
    let elapsed = (clock.now - start).components
    let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
    let summary = Summary(
      iterations: iteration, seconds: seconds, behaviours: signatures.count, failures: order.map { found[$0]! })
    print(
      "FuzzTests[\(target)]: seed \(settings.seedText), \(iteration) inputs in \(String(format: "%.2f", seconds)) s"
        + " (\(Int(Double(iteration) / max(seconds, 0.001)))/s), \(signatures.count) behaviours,"
        + " \(order.count) failing properties")
    for failing in summary.failures {
      XCTFail(report(failing), file: file, line: line)
    }
    return summary
  }

  /// Runs the property on one input under the crash guard.
  private func attempt(
    _ property: Property, _ input: [UInt8], _ propertySeed: UInt64, iteration: Int
  ) -> Result<String, FuzzFailure> {
    FuzzCrashGuard.begin(iteration: iteration, input: input)
    defer { FuzzCrashGuard.end() }
    var random = SplitMix64(seed: propertySeed)
    do throws(FuzzFailure) {
      return .success(try property(input, &random))
    } catch {
      return .failure(error)
    }
  }

  /// A smaller input that fails the same property: chunks are deleted while it still fails
  /// (at most 4000 tries or 5 seconds), then its detail as that input gives it. A slow input
  /// is not minimized: each try could take seconds.
  private func minimize(
    _ property: Property, _ input: [UInt8], _ propertySeed: UInt64, _ failure: FuzzFailure
  ) -> ([UInt8], String) {
    var best = input
    var detail = failure.detail
    guard failure.property != "slow" else { return (best, detail) }
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(5)
    var chunk = max(1, best.count / 2)
    var tries = 0
    while tries < 4000, clock.now < deadline {
      var index = 0
      var progress = false
      while index < best.count, tries < 4000, clock.now < deadline {
        var candidate = best
        candidate.removeSubrange(index..<min(best.count, index + chunk))
        tries += 1
        if case .failure(let again) = attempt(property, candidate, propertySeed, iteration: -1),
          again.property == failure.property
        {
          best = candidate
          detail = again.detail
          progress = true
        } else {
          index += chunk
        }
      }
      if !progress {
        if chunk == 1 { break }
        chunk = max(1, chunk / 2)
      }
    }
    return (best, detail)
  }

  /// The failure's report; the inputs are written beside it.
  private func report(_ found: Found) -> String {
    let name = "\(found.failure.property)-\(settings.seedText)-\(found.iteration)"
    let inputFile = Self.artifact(target, name)
    let minimizedFile = Self.artifact(target, name + "-minimized")
    try? Data(found.input).write(to: inputFile)
    try? Data(found.minimized).write(to: minimizedFile)
    return """
      FuzzTests[\(target)]: property “\(found.failure.property)” failed at iteration \(found.iteration) \
      (CLOUDY_FUZZ_SEED=\(settings.seedText); \(found.count) failing input(s) in this run).
        \(found.failure.detail)
        input (\(found.input.count) bytes, \(inputFile.path)): \(Self.hex(found.input))
        minimized (\(found.minimized.count) bytes, \(minimizedFile.path)): \(Self.hex(found.minimized))
        minimized: \(found.minimizedDetail)
        minimized as a Swift literal: \(Self.literal(found.minimized))
      """
  }

  /// Where this target's input files go: `$TMPDIR/cloudy-fuzz/<target>-<name>.bin`.
  private static func artifact(_ target: String, _ name: String) -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cloudy-fuzz")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent("\(target)-\(name).bin")
  }

  static func hex(_ bytes: [UInt8]) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }

  /// The bytes as a Swift array literal, for a regression test.
  static func literal(_ bytes: [UInt8]) -> String {
    "[" + bytes.map { "0x" + ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined(separator: ", ")
      + "]"
  }
}
