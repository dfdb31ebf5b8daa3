import Broadcasting
import DocumentContainer
import DurableFiles
import Foundation
import GRDB
import Synchronization

/// The document container's metadata index in a SQLite file beside the container
/// (`index.sqlite`, WAL mode), shared by every session of the device.
///
/// Contents are kept in the index too, so gathering and pushing never read the documents.
/// Conflict versions are stored as JSON. A write is one `BEGIN IMMEDIATE` transaction, so
/// sessions and processes take turns, and the files it writes change under that lock.
public final class SQLiteDocumentIndex: DocumentIndex {
  public let path: String
  private let queue: DatabaseQueue
  private let closed = Atomic<Bool>(false)
  private let commits = Broadcast<Void>(bufferingPolicy: .bufferingNewest(1))
  private let watcher = Mutex<DirectoryWatcher?>(nil)
  public let notice: String?
  /// The index's own random name (kept in it when it is made) and the file's inode.
  public let identity: String?

  /// Opens (creating if needed, 0600) the index at `path`. The index is a cache of the
  /// documents and the cloud, so one SQLite says is not a database or is corrupt is moved
  /// aside (`index.sqlite.damaged-<time>`, with its -wal and -shm) and a new one made,
  /// which the container fills from the documents and the cloud; ``notice`` says so.
  public init(path: String) throws {
    if Self.isReadOnly(path) {
      queue = try Self.openReadOnly(path)
      notice = nil
      self.path = path
      identity = Self.identity(of: queue, at: path)
      return
    }
    do {
      (queue, notice) = (try Self.openDatabase(path), nil)
    } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT {
      let aside = path + ".damaged-\(Int(Date().timeIntervalSince1970))"
      for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
        guard rename(path + suffix, aside + suffix) == 0 else {
          throw FileError.unreadable(path: path, reason: error.message ?? "\(error.resultCode)")
        }
      }
      queue = try Self.openOrThrowFileError(path)
      notice =
        "The document index \(path) was damaged (\(error.message ?? "\(error.resultCode)")); it was kept as"
        + " \(aside) and rebuilt from the documents and the cloud."
    } catch let error as DatabaseError {
      throw FileError.unreadable(path: path, reason: error.message ?? "\(error.resultCode)")
    }
    self.path = path
    identity = Self.identity(of: queue, at: path)
  }

  /// The identity and generation of the index at `path`, and the container folder's
  /// signature as the index last saw it (`folder`, nil if none), read without making,
  /// migrating or writing anything (the opening frame's check, before the store is opened);
  /// nil when there is no index or it can't be read.
  public static func identityAndGeneration(at path: String) -> (identity: String, generation: Int64, folder: String?)? {
    guard access(path, R_OK) == 0 else { return nil }
    var configuration = Configuration()
    configuration.readonly = true
    configuration.busyMode = .timeout(1)
    configuration.label = "cloudy.document-index-stamp"
    guard let queue = try? DatabaseQueue(path: path, configuration: configuration),
      let identity = identity(of: queue, at: path),
      let (generation, folder) = try? queue.read({ db in
        (
          try Int64.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'generation'") ?? 0,
          try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'folder'")
        )
      })
    else { return nil }
    return (identity, generation, folder)
  }

  private static func identity(of queue: DatabaseQueue, at path: String) -> String? {
    guard
      let name = try? queue.read({ db in try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'identity'") }
      ),
      let file = PrivateFiles.signature(path)
    else { return nil }
    return "\(name) \(file.inode)"
  }

  private static func openOrThrowFileError(_ path: String) throws -> DatabaseQueue {
    do {
      return try openDatabase(path)
    } catch let error as DatabaseError {
      throw FileError.unreadable(path: path, reason: error.message ?? "\(error.resultCode)")
    }
  }

  /// Whether the index exists but this process can't write it or its folder (a read-only
  /// home, a mount, a backup being looked at).
  private static func isReadOnly(_ path: String) -> Bool {
    guard access(path, F_OK) == 0 else { return false }
    return access(path, W_OK) != 0 || access((path as NSString).deletingLastPathComponent, W_OK) != 0
  }

  /// Opens an index that can't be written, read-only: listing works, and every write fails
  /// (and says nothing was changed) rather than the whole store refusing to open.
  private static func openReadOnly(_ path: String) throws -> DatabaseQueue {
    var configuration = Configuration()
    configuration.readonly = true
    configuration.busyMode = .timeout(30)
    configuration.label = "cloudy.document-index"
    // Without a -wal file (the last writer checkpointed it away) SQLite would try to make one
    // and fail; as nobody can write here, the file is opened as immutable instead.
    let hasWAL = access(path + "-wal", F_OK) == 0
    let location =
      hasWAL
      ? path : "file:" + (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path) + "?immutable=1"
    do {
      let queue = try DatabaseQueue(path: location, configuration: configuration)
      let version = try queue.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 }
      guard (1...schemaVersion).contains(version) else {
        throw FileError.unreadable(path: path, reason: "it can't be written, and it is not an index this Cloudy reads")
      }
      return queue
    } catch let error as DatabaseError {
      throw FileError.unreadable(path: path, reason: error.message ?? "\(error.resultCode)")
    }
  }

  /// Opens and migrates the database, retrying while another process holds it busy.
  private static func openDatabase(_ path: String) throws -> DatabaseQueue {
    try PrivateFiles.makeDirectory((path as NSString).deletingLastPathComponent)
    // Created by us with 0600 so its -wal and -shm files are private too; only when new
    // (see SQLiteCloud on why an existing database file is never opened and closed here).
    let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    if fd >= 0 { Glibc.close(fd) }
    var configuration = Configuration()
    configuration.busyMode = .timeout(30)
    configuration.label = "cloudy.document-index"
    configuration.prepareDatabase { db in
      try db.execute(sql: "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL")
    }
    let deadline = ContinuousClock.now + .seconds(10)
    while true {
      do {
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try migrate(queue)
        return queue
      } catch let error as DatabaseError
        where (error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED) && ContinuousClock.now < deadline
      {
        usleep(UInt32.random(in: 1_000...20_000))
      }
    }
  }

  /// Signalled by inotify on the index's folder when the database or its WAL file changes
  /// (another session wrote), and every second regardless: the watcher starts with the
  /// first subscriber and stops when the index is closed.
  public func commitSignals() -> AsyncStream<Void> {
    let stream = commits.subscribe()
    watcher.withLock { watcher in
      guard watcher == nil, !closed.load(ordering: .acquiring) else { return }
      let name = (path as NSString).lastPathComponent
      let names: Set<String> = [name, name + "-wal"]
      let commits = commits
      watcher = try? DirectoryWatcher(
        directory: (path as NSString).deletingLastPathComponent, fallbackInterval: .seconds(1),
        handler: { changed in
          if changed.isEmpty || !changed.isDisjoint(with: names) { commits.send(()) }
        })
    }
    return stream
  }

  public func write<T>(_ body: (any DocumentIndexSession) throws -> T) throws -> T {
    try run {
      try queue.writeWithoutTransaction { db in
        var result: T?
        try db.inTransaction(.immediate) {
          let generation = (try Int64.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'generation'") ?? 0) + 1
          let session = Session(db: db, writeGeneration: generation)
          result = try body(session)
          if session.saved {
            try db.execute(
              sql: "INSERT INTO meta (key, value) VALUES ('generation', ?) ON CONFLICT (key) DO UPDATE SET value = ?",
              arguments: [generation, generation])
          }
          return .commit
        }
        return result!
      }
    }
  }

  public func read<T>(_ body: (any DocumentIndexSession) throws -> T) throws -> T {
    try run {
      try queue.read { db in try body(Session(db: db, writeGeneration: nil)) }
    }
  }

  /// Refuses further use. The connection itself closes when the last user lets go (a
  /// sync step may still be finishing), so nothing ever runs on a closed connection.
  public func close() {
    closed.store(true, ordering: .releasing)
    let stopped = watcher.withLock { watcher in
      defer { watcher = nil }
      return watcher
    }
    stopped?.stop()
    commits.finish()
  }

  private func run<T>(_ body: () throws -> T) throws -> T {
    if closed.load(ordering: .acquiring) {
      throw FileError.unreadable(path: path, reason: "the index was closed")
    }
    do {
      return try body()
    } catch let error as DatabaseError {
      throw FileError.unreadable(path: path, reason: error.message ?? "\(error.resultCode)")
    }
  }

  static let schemaVersion = 1

  private static func migrate(_ queue: DatabaseQueue) throws {
    try queue.writeWithoutTransaction { db in
      try db.inTransaction(.immediate) {
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        if version > schemaVersion {
          throw DatabaseError(message: "the index was written by a newer Cloudy (schema \(version))")
        }
        if version < 1 {
          try db.execute(
            sql: """
              CREATE TABLE documents (
                file TEXT PRIMARY KEY NOT NULL,
                contents BLOB NOT NULL,
                version_id TEXT NOT NULL,
                version_device TEXT NOT NULL,
                version_saved REAL NOT NULL,
                conflicts BLOB,
                signature TEXT,
                removed INTEGER NOT NULL,
                base INTEGER NOT NULL,
                pending INTEGER NOT NULL,
                origin TEXT NOT NULL,
                generation INTEGER NOT NULL
              ) WITHOUT ROWID;
              CREATE INDEX documents_by_generation ON documents (generation);
              CREATE INDEX documents_pending ON documents (pending) WHERE pending = 1;
              CREATE INDEX documents_conflicted ON documents (removed) WHERE conflicts IS NOT NULL;
              CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value) WITHOUT ROWID;
              PRAGMA user_version = 1;
              """)
        }
        // Every open lists the documents still to be written: without this index, a scan of
        // every row (100,000 documents: 90 MB read). Added to older indexes too; an older
        // Cloudy ignores it.
        try db.execute(
          sql:
            "CREATE INDEX IF NOT EXISTS documents_unwritten ON documents (file) WHERE signature IS NULL AND removed = 0"
        )
        // Named once, when first opened by a Cloudy that names indexes.
        try db.execute(
          sql: "INSERT OR IGNORE INTO meta (key, value) VALUES ('identity', ?)", arguments: [UUID().uuidString])
        return .commit
      }
    }
  }

  // MARK: - Session

  private final class Session: DocumentIndexSession {
    let db: Database
    let writeGeneration: Int64?
    var saved = false

    init(db: Database, writeGeneration: Int64?) {
      self.db = db
      self.writeGeneration = writeGeneration
    }

    static let columns =
      "file, contents, version_id, version_device, version_saved, conflicts, signature, removed, base, pending, origin, generation"

    func entry(_ file: String) throws -> DocumentIndexEntry? {
      // Cached statements: preparing one for each of 10,000 documents was a tenth of an import.
      let statement = try db.cachedStatement(sql: "SELECT \(Self.columns) FROM documents WHERE file = ?")
      return try Row.fetchOne(statement, arguments: [file]).map(Self.entry)
    }

    func entries(_ files: [String]) throws -> [String: DocumentIndexEntry] {
      try rows(Self.columns, of: files) { found, row in
        let entry = Self.entry(row)
        found[entry.file] = entry
      }
    }

    func syncStates(_ files: [String]) throws -> [String: DocumentIndexEntry.SyncState] {
      try rows("file, base, pending, removed", of: files) { found, row in
        found[row[0]] = DocumentIndexEntry.SyncState(base: row[1], pending: row[2], removed: row[3])
      }
    }

    /// These columns of these files' rows, looked up ``filesPerQuery`` at a time.
    private func rows<Value>(
      _ columns: String, of files: [String], _ add: (inout [String: Value], Row) -> Void
    ) throws -> [String: Value] {
      var found: [String: Value] = [:]
      found.reserveCapacity(files.count)
      for start in stride(from: 0, to: files.count, by: Self.filesPerQuery) {
        let chunk = files[start..<min(start + Self.filesPerQuery, files.count)]
        let marks = repeatElement("?", count: chunk.count).joined(separator: ",")
        let sql = "SELECT \(columns) FROM documents WHERE file IN (\(marks))"
        // Every chunk but the last has the same statement.
        let statement =
          try chunk.count == Self.filesPerQuery ? db.cachedStatement(sql: sql) : db.makeStatement(sql: sql)
        let cursor = try Row.fetchCursor(statement, arguments: StatementArguments(Array(chunk)))
        while let row = try cursor.next() { add(&found, row) }
      }
      return found
    }

    /// How many files ``entries(_:)`` asks for in one query (SQLite allows 32,766 parameters).
    static let filesPerQuery = 500

    func allEntries() throws -> [DocumentIndexEntry] {
      try entries(where: "1")
    }

    func entries(changedAfter generation: Int64) throws -> [DocumentIndexEntry] {
      try entries(where: "generation > ?", [generation])
    }

    func entries(changedAfter generation: Int64, after place: DocumentIndexPlace?, limit: Int) throws
      -> [DocumentIndexEntry]
    {
      // `documents_by_generation` holds the file too (the table's key), in this order.
      let place = place ?? DocumentIndexPlace(generation: generation, file: "")
      return try entries(
        where: "generation > ? AND (generation, file) > (?, ?) ORDER BY generation, file LIMIT ?",
        [generation, place.generation, place.file, max(1, limit)])
    }

    func pendingEntries() throws -> [DocumentIndexEntry] {
      try entries(where: "pending = 1")
    }

    func pendingFiles() throws -> [String] {
      try String.fetchAll(db, sql: "SELECT file FROM documents WHERE pending = 1 ORDER BY file")
    }

    /// Read row by row: `fetchAll` held every row copied and every entry made from them at
    /// once (an import's catch-up of 100,000: 64 MB more at its peak).
    private func entries(where condition: String, _ arguments: StatementArguments = []) throws
      -> [DocumentIndexEntry]
    {
      var entries: [DocumentIndexEntry] = []
      let cursor = try Row.fetchCursor(
        db, sql: "SELECT \(Self.columns) FROM documents WHERE \(condition)", arguments: arguments)
      while let row = try cursor.next() { entries.append(Self.entry(row)) }
      return entries
    }

    func unwrittenFiles() throws -> [String] {
      try String.fetchAll(db, sql: "SELECT file FROM documents WHERE signature IS NULL AND removed = 0")
    }

    func counts() throws -> (pending: Int, conflicted: Int) {
      let pending = try Int.fetchOne(db, sql: "SELECT count(*) FROM documents WHERE pending = 1") ?? 0
      let conflicted =
        try Int.fetchOne(db, sql: "SELECT count(*) FROM documents WHERE conflicts IS NOT NULL AND removed = 0") ?? 0
      return (pending, conflicted)
    }

    func generation() throws -> Int64 {
      if saved, let writeGeneration { return writeGeneration }
      return try Int64.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'generation'") ?? 0
    }

    func save(_ entry: DocumentIndexEntry) throws {
      guard let writeGeneration else { throw DatabaseError(message: "the index was opened for reading") }
      saved = true
      let conflicts = entry.conflicts.isEmpty ? nil : Self.encode(entry.conflicts)
      let statement = try db.cachedStatement(
        sql: "INSERT OR REPLACE INTO documents (\(Self.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
      try statement.execute(
        arguments: [
          entry.file, entry.contents, entry.versionID, entry.versionDevice, entry.versionSaved.timeIntervalSince1970,
          conflicts, entry.signature, entry.removed, entry.base, entry.pending, entry.origin, writeGeneration,
        ])
    }

    func setSignature(_ signature: String?, of file: String) throws {
      guard writeGeneration != nil else { throw DatabaseError(message: "the index was opened for reading") }
      let statement = try db.cachedStatement(sql: "UPDATE documents SET signature = ? WHERE file = ?")
      try statement.execute(arguments: [signature, file])
    }

    func markPushed(_ file: String, sequence: Int64, sentAt generation: Int64) throws {
      guard writeGeneration != nil else { throw DatabaseError(message: "the index was opened for reading") }
      let statement = try db.cachedStatement(
        sql: "UPDATE documents SET base = ?, pending = pending AND generation != ? WHERE file = ?")
      try statement.execute(arguments: [sequence, generation, file])
    }

    func value(_ key: String) throws -> String? {
      try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [key])
    }

    func setValue(_ value: String?, for key: String) throws {
      try db.execute(
        sql: "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        arguments: [key, value])
    }

    /// A row of ``columns``, read by position (by name, GRDB compares names case-insensitively:
    /// a third of gathering 10,000 documents).
    private static func entry(_ row: Row) -> DocumentIndexEntry {
      let conflicts: [DocumentVersion] = (row[5] as Data?).flatMap(decode) ?? []
      return DocumentIndexEntry(
        file: row[0], contents: row[1], versionID: row[2], versionDevice: row[3],
        versionSaved: Date(timeIntervalSince1970: row[4]), conflicts: conflicts, signature: row[6], removed: row[7],
        base: row[8], pending: row[9], origin: row[10], generation: row[11])
    }

    private static func encode(_ versions: [DocumentVersion]) -> Data {
      let encoder = JSONEncoder()
      encoder.dateEncodingStrategy = .secondsSince1970
      return (try? encoder.encode(versions)) ?? Data()
    }

    private static func decode(_ data: Data) -> [DocumentVersion]? {
      let decoder = JSONDecoder()
      decoder.dateDecodingStrategy = .secondsSince1970
      return try? decoder.decode([DocumentVersion].self, from: data)
    }
  }
}
