import Cloud
import CloudSQLite
import Foundation

/// Every implementation the contract suite runs against.
enum CloudImplementations {
  static func all() -> [CloudImplementation] {
    // Issue 5: when `CLOUDY_TEST_POSTGRES_URL` is set, add a PostgreSQL implementation here
    // (`if let url = ProcessInfo.processInfo.environment["CLOUDY_TEST_POSTGRES_URL"] { … }`):
    // `makeStore` creates a fresh database or schema per test, `makeCloud` opens a
    // PostgreSQL cloud on it, `cleanup` drops it, and `externalWriter` runs `psql` (or any
    // other process) to commit one record the way the implementation would.
    [sqlite]
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
      cleanup: { folder.remove() })
  }
}
