import Archives
import DurableFiles
import Foundation
import GRDB
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The archives' index in SQLite (`archives/index.sqlite`, 0600): each bookmark's versions,
/// and each asset's folded text, compressed (Zstandard), with an FTS5 trigram index over it, so any three
/// characters find their pages (Cyrillic, CJK, anything) without a dictionary. Shorter
/// queries (`東京` is two characters) are found by a scan of the same texts, which is correct
/// at any length.
///
/// The trigram index keeps no positions (`detail=none`) and no copy of the text (it is
/// contentless: the text is given to it on insert and on delete): a query finds the texts that
/// hold every trigram of it, and each is checked to hold the query itself (``TextPosition``),
/// on every core at once. With positions the index was about
/// twice the size of the text it indexes (version 1); with the text kept plain, the text was
/// nine tenths of the index (version 2).
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
    configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA journal_mode = WAL") }
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
      let found = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
      if found < 1 {
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
            """)
      }
      if found < 3 {
        // Versions 1 and 2 kept each text plain (`texts`), indexed by an FTS5 table with the
        // text as its content: the texts are compressed into `folded_texts` (same ids) and the
        // index made again without a copy.
        let plain =
          found < 1
          ? []
          : try Row.fetchAll(db, sql: "SELECT id, hash, folded FROM texts").map { row in
            (id: row["id"] as Int64, hash: row["hash"] as String, folded: row["folded"] as String)
          }
        try db.execute(
          sql: """
            DROP TRIGGER IF EXISTS texts_inserted;
            DROP TRIGGER IF EXISTS texts_deleted;
            DROP TABLE IF EXISTS text_search;
            DROP TABLE IF EXISTS texts;
            CREATE TABLE folded_texts (
              id INTEGER PRIMARY KEY,
              hash TEXT NOT NULL UNIQUE,
              length INTEGER NOT NULL,
              compressed BLOB NOT NULL
            );
            """)
        // The trigram tokenizer came with SQLite 3.34: without it search scans.
        let indexes = (try? db.execute(sql: searchIndex)) != nil
        for text in plain {
          try insert(text.folded, hash: text.hash, id: text.id, indexing: indexes, in: db)
        }
        try db.execute(sql: "PRAGMA user_version = 3")
      }
      return .commit
    }
    // The plain texts leave free pages: the file is written again without them, once.
    if (1..<3).contains(version) { try db.execute(sql: "VACUUM") }
    return try Bool.fetchOne(db, sql: "SELECT count(*) > 0 FROM sqlite_master WHERE name = 'text_search'") ?? false
  }

  private static let searchIndex = """
    CREATE VIRTUAL TABLE text_search USING fts5(folded, content = '', tokenize = 'trigram', detail = none)
    """

  /// Keeps `folded` compressed (under `id`, or a new one) and gives it to the search index.
  private static func insert(_ folded: String, hash: String, id: Int64?, indexing: Bool, in db: Database) throws {
    let bytes = Array(folded.utf8)
    try db.execute(
      sql: "INSERT INTO folded_texts (id, hash, length, compressed) VALUES (?, ?, ?, ?)",
      arguments: [id, hash, bytes.count, Data(Zstd.compress(bytes, level: Zstd.textLevel))])
    if indexing {
      try db.execute(
        sql: "INSERT INTO text_search (rowid, folded) VALUES (?, ?)", arguments: [db.lastInsertedRowID, folded])
    }
  }

  /// Removes the text of `hash`; the search index is told what it held, as a contentless
  /// index must be.
  private func removeText(_ hash: String, in db: Database) throws {
    guard
      let row = try Row.fetchOne(
        db, sql: "SELECT id, length, compressed FROM folded_texts WHERE hash = ?", arguments: [hash])
    else { return }
    let id: Int64 = row["id"]
    try db.execute(sql: "DELETE FROM folded_texts WHERE id = ?", arguments: [id])
    guard hasSearchIndex else { return }
    // A text that can't be decompressed (a damaged file) can't be taken out of the index: its
    // trigrams stay, and finding them the search checks the text, which is gone.
    guard let folded = Self.decompressed(row) else { return }
    try db.execute(
      sql: "INSERT INTO text_search (text_search, rowid, folded) VALUES ('delete', ?, ?)", arguments: [id, folded])
  }

  private static func decompressed(_ row: Row) -> String? {
    guard let data = row["compressed"] as Data?,
      let bytes = Zstd.decompress(ArraySlice(data), length: row["length"] as Int)
    else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

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
      if try !Bool.fetchOne(db, sql: "SELECT count(*) > 0 FROM folded_texts WHERE hash = ?", arguments: [version.hash])!
      {
        try Self.insert(foldedText, hash: version.hash, id: nil, indexing: hasSearchIndex, in: db)
      }
      let dropped = try String.fetchAll(
        db, sql: "SELECT hash FROM versions WHERE bookmark_id = ? ORDER BY fetched DESC LIMIT -1 OFFSET ?",
        arguments: [version.bookmarkID, max(1, keeping)])
      var released: [String] = []
      for hash in dropped {
        try db.execute(
          sql: "DELETE FROM versions WHERE bookmark_id = ? AND hash = ?", arguments: [version.bookmarkID, hash])
        if try Int.fetchOne(db, sql: "SELECT count(*) FROM versions WHERE hash = ?", arguments: [hash]) == 0 {
          try removeText(hash, in: db)
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
        try removeText(hash, in: db)
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

  public func search(folded: String, limit: Int, scanning: Int?) throws -> [ArchiveMatch] {
    let query = Array(folded.utf8)
    guard !query.isEmpty else { return [] }
    return try queue.read { db in
      // The newest version of each bookmark among those whose text holds the query, ranked by
      // where the text first holds it (the title and the opening first), then the newest.
      // (FTS5's bm25 reads each text again for its trigrams without positions, 0.9 s for 200
      // texts; counting the matches with `replace` took 0.3 s for 1,000.)
      let matches = try Self.texts(holding: query, scanning: scanning, indexed: hasSearchIndex, in: db)
      guard !matches.isEmpty else { return [] }
      var found: [String: Match] = [:]
      for match in matches { found[match.hash] = match }
      let hashes = String(decoding: try JSONEncoder().encode(Array(found.keys)), as: UTF8.self)
      let versions = try Row.fetchAll(
        db, sql: "SELECT * FROM versions WHERE hash IN (SELECT value FROM json_each(?))", arguments: [hashes]
      ).map(Self.version)
      var newest: [String: ArchiveVersion] = [:]
      for version in versions where newest[version.bookmarkID].map({ $0.fetched < version.fetched }) ?? true {
        newest[version.bookmarkID] = version
      }
      let ranked = newest.values.sorted { left, right in
        let (leftRank, rightRank) = (found[left.hash]!.position, found[right.hash]!.position)
        if leftRank != rightRank { return leftRank < rightRank }
        if left.fetched != right.fetched { return left.fetched > right.fetched }
        return left.bookmarkID < right.bookmarkID
      }
      return ranked.prefix(max(1, limit)).map { version in
        let match = found[version.hash]!
        return ArchiveMatch(version: version, line: match.line, foldedLine: match.foldedLine)
      }
    }
  }

  /// A text that holds a query: its asset's hash, where the query first is (from 1), and
  /// the line that holds it.
  private struct Match {
    let hash: String
    let position: Int
    let line: Int
    let foldedLine: String
  }

  /// How many texts are checked at once, one core each: the check (``TextPosition``, which
  /// decompresses the text) is most of a search's time.
  private static let cores = min(4, max(1, ProcessInfo.processInfo.activeProcessorCount))
  /// How many texts are read before they are checked: a search that needs `scanning` texts
  /// checks at most this many more than it needs.
  private static let batch = 64

  /// The texts that hold `query`, the highest ids (the kept last) first; with `scanning`, the
  /// first that many. Three characters or more: the trigram index finds the candidates; fewer:
  /// every text is one. The candidates are read in batches, and each batch is checked on every
  /// core at once.
  private static func texts(holding query: [UInt8], scanning: Int?, indexed: Bool, in db: Database) throws
    -> [Match]
  {
    let folded = String(decoding: query, as: UTF8.self)
    let rows: RowCursor
    if folded.unicodeScalars.count >= 3, indexed {
      rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT folded_texts.hash, folded_texts.length, folded_texts.compressed
          FROM text_search JOIN folded_texts ON folded_texts.id = text_search.rowid
          WHERE text_search MATCH ? ORDER BY text_search.rowid DESC
          """, arguments: [trigrams(of: folded)])
    } else {
      rows = try Row.fetchCursor(db, sql: "SELECT hash, length, compressed FROM folded_texts ORDER BY id DESC")
    }
    let decompressors = Decompressors(count: cores)
    var matches: [Match] = []
    var candidates: [(hash: String, length: Int, compressed: Data)] = []
    repeat {
      candidates.removeAll(keepingCapacity: true)
      while candidates.count < batch, let row = try rows.next() {
        candidates.append((row[0], row[1], row[2] ?? Data()))
      }
      let checked = candidates
      let found = Mutex([TextPosition.Found?](repeating: nil, count: checked.count))
      DispatchQueue.concurrentPerform(iterations: min(cores, checked.count)) { core in
        for number in stride(from: core, to: checked.count, by: cores) {
          let (_, length, compressed) = checked[number]
          let place = TextPosition.place(
            of: query, inCompressed: compressed, length, using: decompressors.byCore[core])
          found.withLock { $0[number] = place }
        }
      }
      for (candidate, place) in zip(checked, found.withLock { $0 }) {
        guard let place else { continue }
        matches.append(
          Match(hash: candidate.hash, position: place.position, line: place.line, foldedLine: place.foldedLine))
      }
    } while candidates.count == batch && matches.count < (scanning.map { max(1, $0) } ?? .max)
    if let scanning { matches = Array(matches.prefix(max(1, scanning))) }
    return matches
  }

  /// A search's decompressors, one for each core, made once (each allocates its workspace
  /// with `mmap`: made for every batch, they were about 1,300 page faults a search). The `n`th
  /// is used only by iteration `n` of a `concurrentPerform`, so never by two threads at once.
  private final class Decompressors: @unchecked Sendable {
    let byCore: [Zstd.Decompressor]

    init(count: Int) {
      byCore = (0..<count).map { _ in
        guard let decompressor = Zstd.Decompressor() else { preconditionFailure("out of memory") }
        return decompressor
      }
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

  private static func version(_ row: Row) -> ArchiveVersion {
    ArchiveVersion(
      bookmarkID: row["bookmark_id"], hash: row["hash"], url: row["url"], title: row["title"],
      fetched: Date(timeIntervalSince1970: row["fetched"]))
  }
}
