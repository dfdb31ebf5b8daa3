import Cloud
import CloudPostgres
import CloudSQLite
import CloudyTestDoubles
import Foundation
import TestSupport

/// Every implementation the contract suite runs against.
enum CloudImplementations {
  /// SQLite always; PostgreSQL too when `CLOUDY_TEST_POSTGRES_URL` names a server
  /// (`scripts/with-postgres`, which `scripts/test` uses, starts one and sets it).
  static func all() -> [CloudImplementation] {
    guard PostgresTestServer.current != nil else {
      reportSkippedPostgres()
      return [memory, sqlite]
    }
    return [memory, sqlite, postgres]
  }

  /// The in-memory twin: a fresh server per test; every device is its own connection to
  /// it, and the external writer writes to the server directly (it has no other process).
  static let memory = CloudImplementation(name: "memory") {
    let server = InMemoryCloudServer()
    return CloudTestStore(
      name: "memory",
      makeCloud: { account in server.connect(account: account) },
      externalWriter: InMemoryExternalWriter(server: server),
      reset: { server.reset() },
      cleanup: {})
  }

  /// The embedded SQLite cloud: a fresh temporary folder per test with the database file
  /// inside; every device is its own `SQLiteCloud` on that one file.
  static let sqlite = CloudImplementation(name: "sqlite") {
    let folder = try TemporaryFolder()
    let path = folder.file("cloud.sqlite")
    return CloudTestStore(
      name: "sqlite",
      makeCloud: { account in SQLiteCloud(path: path, account: account) },
      externalWriter: SQLiteExternalWriter(path: path),
      reset: {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
      },
      cleanup: { folder.remove() })
  }

  /// The PostgreSQL cloud: a fresh database per test on the throwaway server; every device
  /// is its own `PostgresCloud` (its own connection) on that database.
  static let postgres = CloudImplementation(name: "postgres") {
    guard let server = PostgresTestServer.current else { throw PostgresTestServer.Failure(description: "no server") }
    let database = try server.createDatabase()
    let settings = try PostgresSettings(
      url: server.url(database: database), environment: ["PGPASSWORD": server.password])
    return CloudTestStore(
      name: "postgres",
      makeCloud: { account in PostgresCloud(settings: settings, account: account) },
      externalWriter: PostgresExternalWriter(server: server, database: database),
      reset: { try server.psql(["-c", "DROP SCHEMA cloudy CASCADE"], database: database) },
      cleanup: { server.dropDatabase(database) })
  }

  private static let skipNotice: Void = {
    print("postgres: skipped, \(PostgresTestServer.skipReason)")
  }()

  private static func reportSkippedPostgres() {
    _ = skipNotice
  }
}
