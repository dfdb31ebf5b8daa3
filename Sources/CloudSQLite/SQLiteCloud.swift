import Cloud
import DurableFiles
import Foundation
import GRDB

/// The embedded cloud: one SQLite database file (WAL mode) that every device on this
/// machine opens. Writes are `BEGIN IMMEDIATE` transactions with `synchronous = FULL`, so
/// a change is durable once `write` returns, and commit order is sequence order.
///
/// The database is opened on first use, not in `init`: a cloud that cannot be opened now
/// (a missing mount, a locked file) makes calls fail with ``CloudError/unreachable(cloud:reason:)``
/// and the devices keep working from their local copies until it can.
public final class SQLiteCloud: CloudService {
  public let path: String
  public let account: String
  public var displayName: String { "sqlite:" + path }
  private let file: SQLiteFile

  /// A cloud in the database file at `path`, seen as `account`.
  public init(path: String, account: String) {
    self.path = path
    self.account = account
    file = SQLiteFile(path: path, account: account, probe: .account(account))
  }

  public func write(_ writes: [CloudWrite], in zone: CloudZone, origin: String) async throws -> [CloudWriteOutcome] {
    for write in writes where write.key.isEmpty || write.key.utf8.count > CloudError.maximumKeyBytes {
      throw CloudError.refused(reason: "a key must have 1 to \(CloudError.maximumKeyBytes) bytes")
    }
    let pool = try database()
    let account = account
    return try await run {
      try await pool.writeWithoutTransaction { db in
        var outcomes: [CloudWriteOutcome] = []
        try db.inTransaction(.immediate) {
          outcomes = try Self.apply(writes, account: account, zone: zone, origin: origin, db: db)
          return .commit
        }
        return outcomes
      }
    }
  }

  public func changes(in zone: CloudZone, since token: CloudToken, limit: Int) async throws -> CloudChanges {
    let pool = try database()
    let account = account
    // One more row than the page tells whether more follow; clamped so `limit + 1` cannot
    // overflow (a caller may pass `Int.max` to mean "all").
    let limit = min(max(1, limit), Int(Int32.max))
    return try await run {
      try await pool.read { db in
        let rows = try Row.fetchAll(
          db,
          sql: """
            SELECT key, value, sequence, origin FROM records
            WHERE account = ? AND zone = ? AND sequence > ? ORDER BY sequence LIMIT ?
            """,
          arguments: [account, zone.rawValue, token.sequence, limit + 1])
        let records = rows.prefix(limit).map(Self.record)
        return CloudChanges(
          records: Array(records), token: CloudToken(sequence: records.last?.sequence ?? token.sequence),
          hasMore: rows.count > limit)
      }
    }
  }

  public func identity() async throws -> String {
    let pool = try database()
    let displayName = displayName
    return try await run {
      try await pool.read { db in
        guard let identity = try String.fetchOne(db, sql: "SELECT identity FROM cloud") else {
          throw CloudError.incompatible(cloud: displayName, reason: "it has no identity")
        }
        return identity
      }
    }
  }

  public func record(for key: String, in zone: CloudZone) async throws -> CloudRecord? {
    let pool = try database()
    let account = account
    return try await run {
      try await pool.read { db in try Self.current(key, account: account, zone: zone, db: db) }
    }
  }

  public func signals() -> AsyncStream<Void> {
    file.signals()
  }

  public func close() async {
    file.close()
  }

  // MARK: - Opening

  private func database() throws -> DatabasePool {
    try file.database()
  }

  /// Opens (creating if needed, private to the user) and migrates the database.
  ///
  /// Opening is retried for a while when SQLite answers "busy": switching a new file to WAL
  /// and GRDB's set-up write can fail at once, without waiting for the busy timeout, when
  /// other devices open the same file at the same moment (two connections that both hold
  /// a read lock and both want the write lock; one is told to give up).
  ///
  /// The account is recorded as one that has used this cloud (the team shelf's owners grant
  /// roles only to such accounts).
  static func openDatabase(_ path: String, displayName: String, account: String) throws -> DatabasePool {
    let deadline = ContinuousClock.now + openingTimeout
    while true {
      do {
        return try openDatabaseOnce(path, account: account)
      } catch let error as DatabaseError
        where (error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED)
        && ContinuousClock.now < deadline
      {
        usleep(UInt32.random(in: 1_000...20_000))
      } catch {
        throw cloudError(error, displayName: displayName)
      }
    }
  }

  static let openingTimeout = Duration.seconds(10)

  private static func openDatabaseOnce(_ path: String, account: String) throws -> DatabasePool {
    try PrivateFiles.makeDirectory((path as NSString).deletingLastPathComponent)
    // Create the file ourselves with mode 0600: SQLite gives its -wal and -shm files the
    // database file's mode, so all three stay private. Only if it does not exist yet
    // (O_EXCL): closing any descriptor of a database file drops every POSIX lock this
    // process's SQLite connections hold on it, which lets another process think it is the
    // last user, reset the WAL, and lose committed changes.
    let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    if fd >= 0 { Glibc.close(fd) }
    let pool = try DatabasePool(path: path, configuration: configuration())
    try pool.writeWithoutTransaction { db in
      // GRDB sets `synchronous = NORMAL` on a WAL pool's writer after `prepareDatabase`
      // ran; every write goes through this one connection, so set FULL again here.
      try db.execute(sql: "PRAGMA synchronous = FULL")
      try SQLiteSchema.migrate(db)
      try db.execute(
        sql: "INSERT INTO accounts (account, last_sequence) VALUES (?, 0) ON CONFLICT (account) DO NOTHING",
        arguments: [account])
    }
    return pool
  }

  static func configuration() -> Configuration {
    var configuration = Configuration()
    configuration.busyMode = .timeout(10)
    configuration.label = "cloudy.cloud"
    configuration.prepareDatabase { db in
      try db.execute(sql: "PRAGMA synchronous = FULL")
    }
    return configuration
  }

  private func run<T>(_ body: () async throws -> T) async throws -> T {
    do {
      return try await body()
    } catch {
      throw Self.cloudError(error, displayName: displayName)
    }
  }

  static func cloudError(_ error: any Error, displayName: String) -> any Error {
    switch error {
    case let error as CloudError: return error
    case let error as FileError:
      switch error {
      case .unreadable(_, let reason), .writeFailed(_, let reason), .notDurable(_, let reason):
        return CloudError.unreachable(cloud: displayName, reason: reason)
      }
    case let error as SQLiteSchema.SchemaTooNew:
      return CloudError.incompatible(
        cloud: displayName, reason: "it was written by a newer Cloudy (schema \(error.version))")
    case let error as DatabaseError:
      switch error.resultCode {
      case .SQLITE_NOTADB, .SQLITE_CORRUPT:
        return CloudError.incompatible(cloud: displayName, reason: "the file is not a Cloudy cloud database")
      case .SQLITE_BUSY, .SQLITE_LOCKED:
        return CloudError.unreachable(cloud: displayName, reason: "the database stayed busy")
      default:
        return CloudError.unreachable(cloud: displayName, reason: error.message ?? "\(error.resultCode)")
      }
    default:
      return CloudError.unreachable(cloud: displayName, reason: "\(error)")
    }
  }

  // MARK: - Records

  private static func apply(
    _ writes: [CloudWrite], account: String, zone: CloudZone, origin: String, db: Database
  ) throws -> [CloudWriteOutcome] {
    var sequence =
      try Int64.fetchOne(db, sql: "SELECT last_sequence FROM accounts WHERE account = ?", arguments: [account]) ?? 0
    var outcomes: [CloudWriteOutcome] = []
    outcomes.reserveCapacity(writes.count)
    // Compiled once for the batch (a push of 100,000 compiled each twice: a tenth of an
    // import's time, most of it SQLite asking GRDB's authorizer about every column).
    let upsert = try db.cachedStatement(
      sql: """
        INSERT INTO records (account, zone, key, value, sequence, origin) VALUES (?, ?, ?, ?, ?, ?)
        ON CONFLICT (account, zone, key) DO UPDATE
        SET value = excluded.value, sequence = excluded.sequence, origin = excluded.origin
        """)
    for write in writes {
      let current = try current(write.key, account: account, zone: zone, db: db)
      guard write.condition.allows(replacing: current) else {
        outcomes.append(.conflict(current: current))
        continue
      }
      sequence += 1
      try upsert.execute(arguments: [account, zone.rawValue, write.key, write.value, sequence, origin])
      outcomes.append(.written(CloudRecord(key: write.key, value: write.value, sequence: sequence, origin: origin)))
    }
    try db.execute(
      sql: """
        INSERT INTO accounts (account, last_sequence) VALUES (?, ?)
        ON CONFLICT (account) DO UPDATE SET last_sequence = excluded.last_sequence
        """,
      arguments: [account, sequence])
    return outcomes
  }

  private static func current(_ key: String, account: String, zone: CloudZone, db: Database) throws -> CloudRecord? {
    try Row.fetchOne(
      db.cachedStatement(
        sql: "SELECT key, value, sequence, origin FROM records WHERE account = ? AND zone = ? AND key = ?"),
      arguments: [account, zone.rawValue, key]
    ).map(record)
  }

  /// A row of `SELECT key, value, sequence, origin`, read by position (a name is looked up
  /// case-insensitively on every row).
  private static func record(_ row: Row) -> CloudRecord {
    CloudRecord(key: row[0], value: row[1], sequence: row[2], origin: row[3])
  }
}
