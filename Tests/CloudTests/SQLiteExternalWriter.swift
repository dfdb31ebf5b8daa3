import Cloud
import Foundation
import TestSupport

/// Commits a record to an SQLite cloud from a separate process (Python's `sqlite3`
/// module), with the same statements and transaction as `SQLiteCloud.write`.
struct SQLiteExternalWriter: ExternalCloudWriter {
  let path: String

  private static let script = """
    import sqlite3, sys
    path, account, zone, key, value, origin = sys.argv[1:7]
    db = sqlite3.connect(path, timeout=10, isolation_level=None)
    db.execute("PRAGMA synchronous = FULL")
    db.execute("BEGIN IMMEDIATE")
    row = db.execute("SELECT last_sequence FROM accounts WHERE account = ?", (account,)).fetchone()
    sequence = (row[0] if row else 0) + 1
    db.execute(
        "INSERT INTO records (account, zone, key, value, sequence, origin) VALUES (?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (account, zone, key) DO UPDATE "
        "SET value = excluded.value, sequence = excluded.sequence, origin = excluded.origin",
        (account, zone, key, bytes.fromhex(value), sequence, origin))
    db.execute(
        "INSERT INTO accounts (account, last_sequence) VALUES (?, ?) "
        "ON CONFLICT (account) DO UPDATE SET last_sequence = excluded.last_sequence",
        (account, sequence))
    db.execute("COMMIT")
    db.close()
    print(sequence)
    """

  func write(account: String, zone: CloudZone, key: String, value: Data, origin: String) async throws -> Int64 {
    let hex = value.map { String(format: "%02x", $0) }.joined()
    let output = try await ChildProcess.output(
      of:
        "/usr/bin/env", ["python3", "-c", Self.script, path, account, zone.rawValue, key, hex, origin])
    guard let sequence = Int64(output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw ChildProcess.Failure(description: "the external writer printed \(output.debugDescription)")
    }
    return sequence
  }
}
