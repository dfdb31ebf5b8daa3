import Cloud
import Foundation
import TestSupport

/// Commits a record to a PostgreSQL cloud from a separate process (`psql`), through the
/// same server-side function `PostgresCloud.write` calls.
struct PostgresExternalWriter: ExternalCloudWriter {
  let server: PostgresTestServer
  let database: String

  private static let script = """
    SELECT set_config('cloudy.account', :'account', false) \\g /dev/null
    SELECT o_sequence FROM cloudy.write(:'zone', :'origin', ARRAY[:'key'], ARRAY[decode(:'value', 'hex')],
      ARRAY[false], ARRAY[0::smallint], ARRAY[0::bigint]);
    """

  func write(account: String, zone: CloudZone, key: String, value: Data, origin: String) async throws -> Int64 {
    let hex = value.map { String(format: "%02x", $0) }.joined()
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("cloudy-writer-\(UUID().uuidString).sql")
    try Data(Self.script.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let variables = ["account": account, "zone": zone.rawValue, "key": key, "value": hex, "origin": origin]
    let arguments = variables.flatMap { ["-v", "\($0.key)=\($0.value)"] } + ["-f", file.path]
    let output = try server.psql(arguments, database: database)
    guard let sequence = Int64(output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw ChildProcess.Failure(description: "psql printed \(output.debugDescription)")
    }
    return sequence
  }
}
