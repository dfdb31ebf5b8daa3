import Broadcasting
import Cloud
import Foundation

/// One device's connection to an ``InMemoryCloudServer``, bound to one account.
public final class InMemoryCloud: CloudService {
  private let server: InMemoryCloudServer
  private let account: String
  private let signalled = Broadcast<Void>(bufferingPolicy: .bufferingNewest(1))

  init(server: InMemoryCloudServer, account: String) {
    self.server = server
    self.account = account
    server.listen(signalled, account: account)
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

  public func history() async throws -> CloudHistory {
    try checkOpen()
    return try server.history(account: account)
  }

  public func record(for key: String, in zone: CloudZone) async throws -> CloudRecord? {
    try checkOpen()
    return try server.record(for: key, in: zone, account: account)
  }

  public func signals() -> AsyncStream<Void> {
    signalled.subscribe()
  }

  public func close() async {
    server.stopListening(signalled, account: account)
    signalled.finish()
  }

  private func checkOpen() throws {
    if signalled.isFinished { throw CloudError.closed }
  }
}
