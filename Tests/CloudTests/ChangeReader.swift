import Cloud
import Foundation

/// A device that keeps a copy of one zone by fetching changes since its token, and checks
/// what it is given: sequences strictly increase and none comes twice.
actor ChangeReader {
  /// What the reader has seen so far.
  struct Summary: Sendable {
    /// Each key's latest value (empty for a delete).
    var latest: [String: Data] = [:]
    /// Sequences that came more than once.
    var duplicates: [Int64] = []
    /// Sequences that came after a higher one.
    var outOfOrder: [Int64] = []

    /// How many of `expected`'s keys have their expected value.
    func matching(_ expected: [String: Data]) -> Int {
      expected.filter { latest[$0.key] == $0.value }.count
    }
  }

  let cloud: any CloudService
  let zone: CloudZone
  let pageSize: Int
  private var token = CloudToken.beginning
  private var seen: Set<Int64> = []
  private var state = Summary()

  init(cloud: any CloudService, zone: CloudZone = .keyValue, pageSize: Int = 7) {
    self.cloud = cloud
    self.zone = zone
    self.pageSize = pageSize
  }

  /// Subscribes, fetches once, then fetches on every signal until the copy equals `expected`.
  func run(until expected: [String: Data]) async throws {
    let signals = cloud.signals()
    try await fetch()
    if state.latest == expected { return }
    for await _ in signals {
      try await fetch()
      if state.latest == expected { return }
    }
    throw CancellationError()
  }

  /// Fetches every change since the token, a page at a time.
  @discardableResult
  func fetch() async throws -> Summary {
    while true {
      let page = try await cloud.changes(in: zone, since: token, limit: pageSize)
      for record in page.records {
        if !seen.insert(record.sequence).inserted { state.duplicates.append(record.sequence) }
        if record.sequence <= token.sequence { state.outOfOrder.append(record.sequence) }
        token = CloudToken(sequence: max(token.sequence, record.sequence))
        state.latest[record.key] = record.value ?? Data()
      }
      if page.token < token { state.outOfOrder.append(page.token.sequence) }
      token = max(token, page.token)
      if !page.hasMore { return state }
    }
  }

  func summary() -> Summary {
    state
  }
}
