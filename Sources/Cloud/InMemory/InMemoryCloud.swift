import Foundation
import Synchronization

/// One device's connection to an ``InMemoryCloudServer``, bound to one account.
public final class InMemoryCloud: CloudService {
  private let server: InMemoryCloudServer
  private let account: String
  private let listeners = Mutex<(closed: Bool, ids: [UUID])>((false, []))

  init(server: InMemoryCloudServer, account: String) {
    self.server = server
    self.account = account
  }

  public var displayName: String { "memory:\(server.name)" }

  public func write(_ writes: [CloudWrite], in zone: CloudZone, origin: String) async throws -> [CloudWriteOutcome] {
    try checkOpen()
    return try server.write(writes, in: zone, origin: origin, account: account)
  }

  public func changes(in zone: CloudZone, since token: CloudToken, limit: Int) async throws -> CloudChanges {
    try checkOpen()
    return try server.changes(in: zone, since: token, limit: limit, account: account)
  }

  public func identity() async throws -> String {
    try checkOpen()
    return try server.identity()
  }

  public func record(for key: String, in zone: CloudZone) async throws -> CloudRecord? {
    try checkOpen()
    return try server.record(for: key, in: zone, account: account)
  }

  public func signals() -> AsyncStream<Void> {
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    let id = UUID()
    let isOpen = listeners.withLock { state in
      if !state.closed { state.ids.append(id) }
      return !state.closed
    }
    guard isOpen else {
      continuation.finish()
      return stream
    }
    server.listen(id, account: account, continuation)
    let server = server
    let account = account
    continuation.onTermination = { _ in _ = server.stopListening(id, account: account) }
    return stream
  }

  public func close() async {
    let ids = listeners.withLock { state in
      state.closed = true
      defer { state.ids.removeAll() }
      return state.ids
    }
    for id in ids { server.stopListening(id, account: account)?.finish() }
  }

  private func checkOpen() throws {
    if listeners.withLock({ $0.closed }) { throw CloudError.closed }
  }
}
