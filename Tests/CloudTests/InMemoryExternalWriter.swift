import Cloud
import CloudyTestDoubles
import Foundation

/// Commits a record to an in-memory cloud through a connection of its own, as another
/// device would (the in-memory server has no other process to write from).
struct InMemoryExternalWriter: ExternalCloudWriter {
  let server: InMemoryCloudServer

  func write(account: String, zone: CloudZone, key: String, value: Data, origin: String) async throws -> Int64 {
    let cloud = server.connect(account: account)
    defer { Task { await cloud.close() } }
    let outcomes = try await cloud.write([CloudWrite(key: key, value: value)], in: zone, origin: origin)
    guard case .written(let record) = outcomes.first else { throw CloudError.refused(reason: "not written") }
    return record.sequence
  }
}
