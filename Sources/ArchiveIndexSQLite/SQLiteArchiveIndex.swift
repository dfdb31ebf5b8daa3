import Archives
import DurableFiles
import Foundation
import GRDB

#if canImport(Glibc)
  import Glibc
#endif

/// The archives' index in SQLite (`archives/index.sqlite`, 0600): each bookmark's versions,
/// and each asset's folded text with an FTS5 trigram index over it, so any three characters
/// find their pages (Cyrillic, CJK, anything) without a dictionary. Shorter queries (`東京`
/// is two characters) are found by a scan of the same text, which is correct at any length.
///
/// The trigram index keeps no positions (`detail=none`): a query finds the texts that hold
/// every trigram of it, ranked by bm25, and each is checked to hold the query itself. With
/// positions the index was about twice the size of the text it indexes (version 1).
public final class SQLiteArchiveIndex: ArchiveIndex {
  private let queue: DatabaseQueue
  /// Whether this SQLite has the trigram tokenizer (3.34 and later); without it every
  /// search scans.
  private let hasSearchIndex: Bool

  public init(path: String) throws {
    try PrivateFiles.makeDirectory((path as NSString).deletingLastPathComponent)
    // Created 0600 by us, so its -wal and -shm files are private too.
    let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    if fd >= 0 { Glibc.close(fd) }
    var configuration = Configuration()
    configuration.busyMode = .timeout(30)
    configuration.label = "cloudy.archive-index"
    configuration.prepareDatabase { db in
      try db.execute(sql: "PRAGMA journal_mode = WAL")
      try TextPositionFunction.register(in: db)
    }
    do {
      queue = try DatabaseQueue(path: path, configuration: configuration)
      hasSearchIndex = try queue.writeWithoutTransaction { db in try Self.migrate(db) }
    } catch let error as DatabaseError {
      throw FileError.unreadable(path: path, reason: error.message ?? "\(error.resultCode)")
    }
  }

  private static func migrate(_ db: Database) throws -> Bool {
    let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
    try db.inTransaction(.immediate) {
      if try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 < 1 {
        try db.execute(
          sql: """
            CREATE TABLE versions (
              bookmark_id TEXT NOT NULL,
              hash TEXT NOT NULL,
              url TEXT NOT NULL,
              title TEXT,
              fetched REAL NOT NULL,
              PRIMARY KEY (bookmark_id, hash)
            ) WITHOUT ROWID;
            CREATE INDEX versions_by_hash ON versions (hash);
            CREATE TABLE texts (
              id INTEGER PRIMARY KEY,
              hash TEXT NOT NULL UNIQUE,
              folded TEXT NOT NULL
            );
            PRAGMA user_version = 1;
            """)
      }
      if try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 < 2 {
        // Version 1's index kept positions; it is made again from the texts without them.
        try db.execute(sql: "DROP TABLE IF EXISTS text_search")
        // The trigram tokenizer came with SQLite 3.34: without it search scans.
        if (try? db.execute(sql: searchIndex)) != nil {
          try db.execute(sql: searchTriggers)
          try db.execute(sql: "INSERT INTO text_search (text_search) VALUES ('rebuild')")
        } else {
          try db.execute(sql: "DROP TRIGGER IF EXISTS texts_inserted; DROP TRIGGER IF EXISTS texts_deleted")
        }
        try db.execute(sql: "PRAGMA user_version = 2")
      }
      return .commit
    }
    // Version 1's larger index leaves free pages: the file is written again without them, once.
    if version == 1 { try db.execute(sql: "VACUUM") }
    return try Bool.fetchOne(db, sql: "SELECT count(*) > 0 FROM sqlite_master WHERE name = 'text_search'") ?? false
  }

  private static let searchIndex = """
    CREATE VIRTUAL TABLE text_search USING fts5(
      folded, content = 'texts', content_rowid = 'id', tokenize = 'trigram', detail = none)
    """

  private static let searchTriggers = """
    CREATE TRIGGER IF NOT EXISTS texts_inserted AFTER INSERT ON texts BEGIN
      INSERT INTO text_search (rowid, folded) VALUES (new.id, new.folded);
    END;
    CREATE TRIGGER IF NOT EXISTS texts_deleted AFTER DELETE ON texts BEGIN
      INSERT INTO text_search (text_search, rowid, folded) VALUES ('delete', old.id, old.folded);
    END;
    """

  public func record(_ version: ArchiveVersion, foldedText: String, keeping: Int) throws -> ArchiveRecording {
    try queue.write { db in
      let newest = try String.fetchOne(
        db, sql: "SELECT hash FROM versions WHERE bookmark_id = ? ORDER BY fetched DESC LIMIT 1",
        arguments: [version.bookmarkID])
      try db.execute(
        sql: """
          INSERT INTO versions (bookmark_id, hash, url, title, fetched) VALUES (?, ?, ?, ?, ?)
          ON CONFLICT (bookmark_id, hash) DO UPDATE SET url = excluded.url, title = excluded.title,
            fetched = excluded.fetched
          """,
        arguments: [
          version.bookmarkID, version.hash, version.url, version.title, version.fetched.timeIntervalSince1970,
        ])
      try db.execute(
        sql: "INSERT INTO texts (hash, folded) VALUES (?, ?) ON CONFLICT (hash) DO NOTHING",
        arguments: [version.hash, foldedText])
      let dropped = try String.fetchAll(
        db, sql: "SELECT hash FROM versions WHERE bookmark_id = ? ORDER BY fetched DESC LIMIT -1 OFFSET ?",
        arguments: [version.bookmarkID, max(1, keeping)])
      var released: [String] = []
      for hash in dropped {
        try db.execute(
          sql: "DELETE FROM versions WHERE bookmark_id = ? AND hash = ?", arguments: [version.bookmarkID, hash])
        if try Int.fetchOne(db, sql: "SELECT count(*) FROM versions WHERE hash = ?", arguments: [hash]) == 0 {
          try db.execute(sql: "DELETE FROM texts WHERE hash = ?", arguments: [hash])
          released.append(hash)
        }
      }
      return ArchiveRecording(wasUnchanged: newest == version.hash, released: released)
    }
  }

  public func forget(_ bookmarkIDs: Set<String>) throws -> [String] {
    try queue.write { db in
      var hashes = Set<String>()
      for id in bookmarkIDs {
        hashes.formUnion(
          try String.fetchAll(db, sql: "SELECT hash FROM versions WHERE bookmark_id = ?", arguments: [id]))
        try db.execute(sql: "DELETE FROM versions WHERE bookmark_id = ?", arguments: [id])
      }
      var released: [String] = []
      for hash in hashes.sorted()
      where try Int.fetchOne(db, sql: "SELECT count(*) FROM versions WHERE hash = ?", arguments: [hash]) == 0 {
        try db.execute(sql: "DELETE FROM texts WHERE hash = ?", arguments: [hash])
        released.append(hash)
      }
      return released
    }
  }

  public func versions(of bookmarkID: String) throws -> [ArchiveVersion] {
    try queue.read { db in
      try Row.fetchAll(
        db, sql: "SELECT * FROM versions WHERE bookmark_id = ? ORDER BY fetched DESC", arguments: [bookmarkID]
      ).map(Self.version)
    }
  }

  public func archivedBookmarks() throws -> Set<String> {
    try queue.read { db in Set(try String.fetchAll(db, sql: "SELECT DISTINCT bookmark_id FROM versions")) }
  }

  public func search(folded: String, limit: Int, scanning: Int?) throws -> [ArchiveVersion] {
    try queue.read { db in
      // The newest version of each bookmark among those whose text holds the query. Three
      // characters or more: the trigram index finds the texts; fewer: a scan. Ranked by where
      // the text first holds the query, the title and the opening first: the position
      // (``TextPositionFunction``) answers that already. (FTS5's bm25 reads each text again
      // for its trigrams without positions, 0.9 s for 200 texts; counting the matches with
      // `replace` took 0.3 s for 1,000.)
      // With `scanning`, the texts are looked at kept last first (the highest ids) and the
      // search stops at that many that hold the query.
      let rank = "\(TextPositionFunction.name)(texts.folded, ?1)"
      var matching: String
      var arguments: StatementArguments = [folded]
      if folded.unicodeScalars.count >= 3, hasSearchIndex {
        matching = """
          SELECT texts.hash, \(rank) AS rank FROM text_search JOIN texts ON texts.id = text_search.rowid
          WHERE text_search MATCH ?2 AND \(rank) > 0 ORDER BY text_search.rowid DESC
          """
        arguments += [Self.trigrams(of: folded)]
      } else {
        matching = "SELECT texts.hash, \(rank) AS rank FROM texts WHERE \(rank) > 0 ORDER BY texts.id DESC"
      }
      if let scanning { matching += " LIMIT \(max(1, scanning))" }
      arguments += [max(1, limit)]
      return try Row.fetchAll(
        db,
        sql: """
          WITH matching AS (\(matching)),
          newest AS (
            SELECT versions.*, matching.rank,
              row_number() OVER (PARTITION BY bookmark_id ORDER BY fetched DESC) AS place
            FROM versions JOIN matching ON matching.hash = versions.hash)
          SELECT * FROM newest WHERE place = 1 ORDER BY rank, fetched DESC LIMIT ?
          """, arguments: arguments
      ).map(Self.version)
    }
  }

  /// The FTS5 query for the texts holding every trigram of `text` (three scalars or more),
  /// each quoted: the tokenizer's trigrams are of Unicode scalars.
  static func trigrams(of text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    var seen = Set<String>()
    var terms: [String] = []
    for start in 0...(scalars.count - 3) {
      var trigram = ""
      trigram.unicodeScalars.append(contentsOf: scalars[start..<start + 3])
      guard seen.insert(trigram).inserted else { continue }
      terms.append("\"" + trigram.replacingOccurrences(of: "\"", with: "\"\"") + "\"")
    }
    return terms.joined(separator: " AND ")
  }

  public func foldedText(of hash: String) throws -> String? {
    try queue.read { db in try String.fetchOne(db, sql: "SELECT folded FROM texts WHERE hash = ?", arguments: [hash]) }
  }

  private static func version(_ row: Row) -> ArchiveVersion {
    ArchiveVersion(
      bookmarkID: row["bookmark_id"], hash: row["hash"], url: row["url"], title: row["title"],
      fetched: Date(timeIntervalSince1970: row["fetched"]))
  }
}
