import Cloud

/// A test's cloud that hands every call to a real one (`base`) unless it says otherwise: the
/// doubles that hold or reorder one kind of call implement only that one.
protocol ForwardingCloud: CloudService {
  var base: any CloudService { get }
}

extension ForwardingCloud {
  var displayName: String { base.displayName }

  func write(_ writes: [CloudWrite], in zone: CloudZone, origin: String) async throws -> [CloudWriteOutcome] {
    try await base.write(writes, in: zone, origin: origin)
  }

  func changes(in zone: CloudZone, since token: CloudToken, limit: Int) async throws -> CloudChanges {
    try await base.changes(in: zone, since: token, limit: limit)
  }

  func identity() async throws -> String { try await base.identity() }

  func history() async throws -> CloudHistory { try await base.history() }

  func record(for key: String, in zone: CloudZone) async throws -> CloudRecord? {
    try await base.record(for: key, in: zone)
  }

  func signals() -> AsyncStream<Void> { base.signals() }

  func close() async { await base.close() }
}
