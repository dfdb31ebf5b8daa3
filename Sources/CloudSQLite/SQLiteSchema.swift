import Foundation
import GRDB

/// The embedded cloud's tables, versioned with SQLite's `user_version`.
///
/// The check and every migration step run in one `BEGIN IMMEDIATE` transaction, so two
/// devices opening a new cloud at once cannot both create it: the second waits for the
/// write lock, then sees the version the first wrote.
enum SQLiteSchema {
  static let currentVersion = 3

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
      if version < 3 {
        // The team shelf (issue 20): one settings row with the shelf's last sequence, the
        // members, the bookmarks with their search text (lowercased by Cloudy) and a
        // trigram index over it that SQLite keeps in step through triggers. `seq` is the
        // bookmarks' rowid by name, so a VACUUM keeps the index's keys.
        try db.execute(
          sql: """
            CREATE TABLE shelf (
              id INTEGER PRIMARY KEY CHECK (id = 1),
              world_readable INTEGER NOT NULL DEFAULT 0,
              last_sequence INTEGER NOT NULL DEFAULT 0
            );
            INSERT INTO shelf (id) VALUES (1);
            CREATE TABLE shelf_members (
              account TEXT PRIMARY KEY NOT NULL,
              role TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'reader'))
            ) WITHOUT ROWID;
            CREATE TABLE shelf_bookmarks (
              seq INTEGER PRIMARY KEY,
              id TEXT NOT NULL UNIQUE,
              name TEXT NOT NULL,
              url TEXT NOT NULL,
              folded TEXT NOT NULL,
              sort_name TEXT NOT NULL,
              created_account TEXT NOT NULL,
              created_at REAL NOT NULL,
              modified_account TEXT NOT NULL,
              modified_at REAL NOT NULL,
              version INTEGER NOT NULL
            );
            CREATE INDEX shelf_bookmarks_by_name ON shelf_bookmarks (sort_name, id);
            PRAGMA user_version = 3;
            """)
        // The trigram tokenizer came with SQLite 3.34: without it the shelf is searched by
        // scan, and the cloud still opens.
        if (try? db.execute(sql: shelfSearchIndex)) == nil {
          try db.execute(sql: "DROP TABLE IF EXISTS shelf_search")
        }
      }
      return .commit
    }
  }

  /// The shelf's search index (FTS5, trigram) and the triggers that keep it in step.
  static let shelfSearchIndex = """
    CREATE VIRTUAL TABLE shelf_search USING fts5(
      folded, content = 'shelf_bookmarks', content_rowid = 'seq', tokenize = 'trigram');
    CREATE TRIGGER shelf_search_add AFTER INSERT ON shelf_bookmarks BEGIN
      INSERT INTO shelf_search (rowid, folded) VALUES (new.seq, new.folded);
    END;
    CREATE TRIGGER shelf_search_remove AFTER DELETE ON shelf_bookmarks BEGIN
      INSERT INTO shelf_search (shelf_search, rowid, folded) VALUES ('delete', old.seq, old.folded);
    END;
    CREATE TRIGGER shelf_search_change AFTER UPDATE ON shelf_bookmarks BEGIN
      INSERT INTO shelf_search (shelf_search, rowid, folded) VALUES ('delete', old.seq, old.folded);
      INSERT INTO shelf_search (rowid, folded) VALUES (new.seq, new.folded);
    END;
    """

  struct SchemaTooNew: Error {
    var version: Int
  }
}
