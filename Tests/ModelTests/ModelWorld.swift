import Cloud
import CloudPostgres
import CloudSQLite
import CloudyTestDoubles
import DocumentContainer
import DocumentIndexSQLite
import Foundation
import Synchronization

/// Which cloud the devices of a run share.
enum ModelCloud: String, CaseIterable, Sendable {
  case memory, sqlite, postgres
}

/// Which store the devices of a run keep their bookmarks in: the document store (conflicts
/// keep both versions, an edit beats a delete) or the key-value store (the last write wins,
/// and an edit replaced unseen is said).
enum ModelBackend: String, CaseIterable, Sendable {
  case documents
  case keyValue = "key-value"
}

/// The clock every device reads: it moves 10 µs a reading (every change has a time of its
/// own), and days ahead when a step says so (Recently Deleted's 30 days).
final class ModelClock: Sendable {
  private let state: Mutex<(start: Date, reads: Int)>

  init(_ start: Date) {
    state = Mutex((start, 0))
  }

  func now() -> Date {
    state.withLock { state in
      state.reads += 1
      return state.start.addingTimeInterval(Double(state.reads) * 0.000_01)
    }
  }

  /// The time now, without moving the clock.
  func peek() -> Date {
    state.withLock { $0.start.addingTimeInterval(Double($0.reads) * 0.000_01) }
  }

  func advance(days: Int) {
    advance(seconds: Double(days) * 86_400)
  }

  func advance(seconds: Double) {
    state.withLock { $0.start = $0.start.addingTimeInterval(seconds) }
  }
}

/// A device's connection to the shared cloud that the model can cut and restore: offline,
/// every call fails as unreachable, as a dropped network does.
final class SwitchableCloud: CloudService {
  private let inner: any CloudService
  private let reachable = Mutex(true)
  private let hold = Mutex<WriteHold?>(nil)

  init(_ inner: any CloudService) {
    self.inner = inner
  }

  var displayName: String { inner.displayName }

  func setReachable(_ value: Bool) {
    reachable.withLock { $0 = value }
  }

  private func check() throws {
    guard reachable.withLock({ $0 }) else {
      throw CloudError.unreachable(cloud: displayName, reason: "the model took this device offline")
    }
  }

  /// Holds the next write on its way, until ``WriteHold/release()``: a push in flight.
  func holdNextWrite() -> WriteHold {
    let made = WriteHold()
    hold.withLock { $0 = made }
    return made
  }

  /// Takes back a hold no write met.
  func cancelHold() {
    hold.withLock { $0 = nil }
  }

  func write(_ writes: [CloudWrite], in zone: CloudZone, origin: String) async throws -> [CloudWriteOutcome] {
    try check()
    if let held = hold.withLock({ $0.take() }) { await held.wait() }
    return try await inner.write(writes, in: zone, origin: origin)
  }

  func changes(in zone: CloudZone, since token: CloudToken, limit: Int) async throws -> CloudChanges {
    try check()
    return try await inner.changes(in: zone, since: token, limit: limit)
  }

  func identity() async throws -> String {
    try check()
    return try await inner.identity()
  }

  func record(for key: String, in zone: CloudZone) async throws -> CloudRecord? {
    try check()
    return try await inner.record(for: key, in: zone)
  }

  func signals() -> AsyncStream<Void> { inner.signals() }

  func close() async { await inner.close() }
}

/// A write held on its way to the cloud: it says when it started, and goes on when released.
final class WriteHold: Sendable {
  let started: AsyncStream<Void>
  private let startedContinuation: AsyncStream<Void>.Continuation
  private let released: AsyncStream<Void>
  private let releasedContinuation: AsyncStream<Void>.Continuation

  init() {
    (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
    (released, releasedContinuation) = AsyncStream.makeStream(of: Void.self)
  }

  fileprivate func wait() async {
    startedContinuation.yield()
    startedContinuation.finish()
    for await _ in released { break }
  }

  func release() { releasedContinuation.finish() }
}

/// Where a run keeps its files and how it reaches its cloud: one account, new for each run.
struct ModelWorld: Sendable {
  let cloud: ModelCloud
  let backend: ModelBackend
  let root: String
  let account: String
  let memoryServer: InMemoryCloudServer
  let postgresURL: String?

  init(cloud: ModelCloud, backend: ModelBackend = .documents, root: String, postgresURL: String?) {
    self.cloud = cloud
    self.backend = backend
    self.root = root
    account = "model-" + UUID().uuidString.lowercased().prefix(12)
    memoryServer = InMemoryCloudServer(name: root)
    self.postgresURL = postgresURL
  }

  /// A new connection to the run's cloud.
  func connect() throws -> any CloudService {
    switch cloud {
    case .memory:
      return memoryServer.connect(account: account)
    case .sqlite:
      return SQLiteCloud(path: root + "/cloud.sqlite", account: account)
    case .postgres:
      guard let postgresURL else { throw CloudError.badAddress("no CLOUDY_TEST_POSTGRES_URL") }
      return PostgresCloud(settings: try PostgresSettings(url: postgresURL), account: account)
    }
  }

  /// A device's metadata index: in memory with the in-memory cloud (kept across restarts, as
  /// a file is), else an SQLite file in the device's folder.
  func index(device: String, memory: inout InMemoryDocumentIndex?) throws -> any DocumentIndex {
    switch cloud {
    case .memory:
      if let existing = memory { return existing.reopened() }
      let made = InMemoryDocumentIndex()
      memory = made
      return made.reopened()
    case .sqlite, .postgres:
      return try SQLiteDocumentIndex(path: root + "/" + device + "/documents/index.sqlite")
    }
  }
}
