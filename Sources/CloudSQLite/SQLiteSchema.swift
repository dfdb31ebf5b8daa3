import Foundation
import GRDB

/// The embedded cloud's tables, versioned with SQLite's `user_version`.
///
/// The check and every migration step run in one `BEGIN IMMEDIATE` transaction, so two
/// devices opening a new cloud at once cannot both create it: the second waits for the
/// write lock, then sees the version the first wrote.
enum SQLiteSchema {
  static let currentVersion = 2

  static func migrate(_ db: Database) throws {
    try db.inTransaction(.immediate) {
      let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
      if version > currentVersion {
        throw SchemaTooNew(version: version)
      }
      if version < 1 {
        // One row per account: the last sequence number handed out. Writers update it in
        // the same transaction as their records, so sequence order is commit order.
        try db.execute(
          sql: """
            CREATE TABLE accounts (
              account TEXT PRIMARY KEY NOT NULL,
              last_sequence INTEGER NOT NULL
            ) WITHOUT ROWID;
            CREATE TABLE records (
              account TEXT NOT NULL,
              zone TEXT NOT NULL,
              key TEXT NOT NULL,
              value BLOB,
              sequence INTEGER NOT NULL,
              origin TEXT NOT NULL,
              PRIMARY KEY (account, zone, key)
            ) WITHOUT ROWID;
            CREATE UNIQUE INDEX records_by_sequence ON records (account, zone, sequence);
            PRAGMA user_version = 1;
            """)
      }
      if version < 2 {
        // The cloud's identity, made once here: a new or emptied file gets a new one.
        try db.execute(
          sql: """
            CREATE TABLE cloud (identity TEXT NOT NULL);
            INSERT INTO cloud (identity) VALUES (?);
            PRAGMA user_version = 2;
            """, arguments: [UUID().uuidString.lowercased()])
      }
      return .commit
    }
  }

  struct SchemaTooNew: Error {
    var version: Int
  }
}
