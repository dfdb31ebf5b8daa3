/// Makes a failing sequence of steps as short as it can: removes chunks of steps (halves,
/// then quarters, … then single steps) and keeps each removal after which the run still
/// fails the same invariant, until no single step can go. Then the picks are made small where
/// that keeps it failing, so the steps read simply.
struct ModelShrinker {
  /// Runs the steps; the violated invariant, or nil when they pass.
  var failure: ([ModelStep]) async -> String?
  /// How many runs the shrinker may make.
  var budget = 400

  func shrink(_ steps: [ModelStep], invariant: String) async -> [ModelStep] {
    var best = steps
    var runs = 0
    // Everything after the failing step is cut by the caller; chunks from the largest down.
    var chunk = max(1, best.count / 2)
    while chunk >= 1, runs < budget {
      var start = 0
      var removedAny = false
      while start < best.count, runs < budget {
        var candidate = best
        candidate.removeSubrange(start..<min(best.count, start + chunk))
        // The last step settles, so a shortened run still ends with every check.
        if candidate.last?.kind != .settle { candidate.append(ModelStep(kind: .settle, device: 0, pick: 0)) }
        runs += 1
        if candidate.count < best.count, await failure(candidate) == invariant {
          best = candidate
          removedAny = true
        } else {
          start += chunk
        }
      }
      if !removedAny { chunk /= 2 }
    }
    for index in best.indices where runs < budget && best[index].pick > 9 {
      for small: UInt64 in [0, 1, 2, 3] {
        var candidate = best
        candidate[index].pick = small
        runs += 1
        if await failure(candidate) == invariant {
          best = candidate
          break
        }
      }
    }
    return best
  }
}
