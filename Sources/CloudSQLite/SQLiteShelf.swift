import Cloud
import Foundation
import GRDB
import Shelf

/// The team shelf in the embedded cloud's file, seen as one account.
///
/// The same rules as PostgreSQL's, checked here inside the write transaction that the
/// change is made in (`BEGIN IMMEDIATE`, so two writers take turns and a role revoked a
/// moment ago is seen). Its limit, stated in docs/shelf.md: the file is the boundary —
/// anyone who can write the file can change anything in it, so the roles keep accounts of
/// people who share one machine's cloud from each other's mistakes, not from each other.
public final class SQLiteShelf: ShelfService {
  public let path: String
  public let account: String
  public var displayName: String { "sqlite:" + path }
  private let file: SQLiteFile

  public init(path: String, account: String) {
    self.path = path
    self.account = account
    file = SQLiteFile(path: path, account: account, probe: .shelf)
  }

  public func access() async throws -> ShelfAccess {
    try await reading { db in try Self.access(of: self.account, db) }
  }

  public func create(worldReadable: Bool) async throws {
    try await writing { db in
      guard try !Self.hasOwner(db) else { throw ShelfError.alreadyOwned }
      try db.execute(
        sql:
          "INSERT INTO shelf_members (account, role) VALUES (?, 'owner') ON CONFLICT (account) DO UPDATE SET role = 'owner'",
        arguments: [self.account])
      try db.execute(sql: "UPDATE shelf SET world_readable = ? WHERE id = 1", arguments: [worldReadable])
      _ = try Self.nextSequence(db)
    }
  }

  public func setWorldReadable(_ worldReadable: Bool) async throws {
    try await writing { db in
      try self.requireOwner(db)
      try db.execute(sql: "UPDATE shelf SET world_readable = ? WHERE id = 1", arguments: [worldReadable])
      _ = try Self.nextSequence(db)
    }
  }

  public func page(matching query: String, after: ShelfCursor?, limit: Int) async throws -> ShelfPage {
    let limit = min(max(1, limit), 10_000)
    let folded = ShelfRules.folded(query)
    return try await reading { db in
      guard try Self.access(of: self.account, db).canRead else { throw ShelfError.notReadable }
      var conditions: [String] = []
      var arguments: StatementArguments = []
      if !folded.isEmpty {
        // Three characters or more: the trigram index finds the candidates. Fewer (one or two
        // CJK characters, say): a scan, which is correct at any length.
        if folded.unicodeScalars.count >= 3, try Self.hasSearchIndex(db) {
          conditions.append("seq IN (SELECT rowid FROM shelf_search WHERE shelf_search MATCH ?)")
          arguments += ["\"" + folded.replacingOccurrences(of: "\"", with: "\"\"") + "\""]
        }
        conditions.append("instr(folded, ?) > 0")
        arguments += [folded]
      }
      if let after {
        conditions.append("(sort_name, id) > (?, ?)")
        arguments += [ShelfRules.folded(after.name), after.id]
      }
      let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
      arguments += [limit + 1]
      var bookmarks = try Row.fetchAll(
        db, sql: "SELECT * FROM shelf_bookmarks \(filter) ORDER BY sort_name, id LIMIT ?", arguments: arguments
      ).map(Self.bookmark)
      let hasMore = bookmarks.count > limit
      if hasMore { bookmarks.removeLast(bookmarks.count - limit) }
      return ShelfPage(bookmarks: bookmarks, hasMore: hasMore)
    }
  }

  public func bookmark(id: String) async throws -> ShelfBookmark? {
    try await reading { db in
      guard try Self.access(of: self.account, db).canRead else { throw ShelfError.notReadable }
      return try Self.find(id, db)
    }
  }

  public func add(name: String, url: String) async throws -> ShelfBookmark {
    try ShelfRules.check(name: name, url: url)
    return try await writing { db in
      try self.requireWriter(db)
      return try self.insert(id: UUID().uuidString, name: name, url: url, db)
    }
  }

  public func edit(id: String, name: String, url: String, basedOn version: Int64) async throws -> ShelfEdit {
    try ShelfRules.check(name: name, url: url)
    return try await writing { db in
      try self.requireWriter(db)
      guard let current = try Self.find(id, db), current.version == version else {
        // Changed or removed since: kept beside it (or in its place, under its own id).
        let exists = try Self.find(id, db) != nil
        return .keptBeside(try self.insert(id: exists ? UUID().uuidString : id, name: name, url: url, db))
      }
      let sequence = try Self.nextSequence(db)
      try db.execute(
        sql: """
          UPDATE shelf_bookmarks SET name = ?, url = ?, folded = ?, sort_name = ?, modified_account = ?,
            modified_at = ?, version = ? WHERE id = ?
          """,
        arguments: [
          name, url, Self.searchText(name: name, url: url), ShelfRules.folded(name), self.account,
          Date().timeIntervalSince1970, sequence, id,
        ])
      guard let edited = try Self.find(id, db) else { throw ShelfError.noSuchBookmark(id) }
      return .edited(edited)
    }
  }

  public func remove(id: String) async throws {
    try await writing { db in
      try self.requireWriter(db)
      try db.execute(sql: "DELETE FROM shelf_bookmarks WHERE id = ?", arguments: [id])
      if db.changesCount > 0 { _ = try Self.nextSequence(db) }
    }
  }

  public func members() async throws -> [ShelfMember] {
    try await reading { db in
      guard try Self.access(of: self.account, db).role != nil else { throw ShelfError.notReadable }
      return try Row.fetchAll(db, sql: "SELECT account, role FROM shelf_members").compactMap { row in
        ShelfRole(rawValue: row["role"]).map { ShelfMember(account: row["account"], group: nil, role: $0) }
      }.sorted { ($0.role, $0.account) < ($1.role, $1.account) }
    }
  }

  @discardableResult
  public func grant(account: String, group: String?, role: ShelfRole) async throws -> ShelfMember {
    try await writing { db in
      try self.requireOwner(db)
      try Self.requireKnown(account, db)
      if role != .owner { try Self.requireAnotherOwner(than: account, db) }
      try db.execute(
        sql:
          "INSERT INTO shelf_members (account, role) VALUES (?, ?) ON CONFLICT (account) DO UPDATE SET role = excluded.role",
        arguments: [account, role.rawValue])
      _ = try Self.nextSequence(db)
      return ShelfMember(account: account, group: nil, role: role)
    }
  }

  public func revoke(account: String, group: String?) async throws {
    try await writing { db in
      try self.requireOwner(db)
      try Self.requireKnown(account, db)
      try Self.requireAnotherOwner(than: account, db)
      try db.execute(sql: "DELETE FROM shelf_members WHERE account = ?", arguments: [account])
      _ = try Self.nextSequence(db)
    }
  }

  public func signals() -> AsyncStream<Void> {
    file.signals()
  }

  public func close() async {
    file.close()
  }

  // MARK: - Rules

  private static func access(of account: String, _ db: Database) throws -> ShelfAccess {
    let role = try String.fetchOne(db, sql: "SELECT role FROM shelf_members WHERE account = ?", arguments: [account])
    let worldReadable = try Bool.fetchOne(db, sql: "SELECT world_readable FROM shelf WHERE id = 1") ?? false
    return ShelfAccess(
      role: role.flatMap(ShelfRole.init(rawValue:)), worldReadable: worldReadable, hasOwner: try hasOwner(db))
  }

  /// Whether this SQLite could make the trigram index (3.34 and later).
  private static func hasSearchIndex(_ db: Database) throws -> Bool {
    try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE name = 'shelf_search')") ?? false
  }

  private static func hasOwner(_ db: Database) throws -> Bool {
    try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM shelf_members WHERE role = 'owner')") ?? false
  }

  private func requireWriter(_ db: Database) throws {
    let access = try Self.access(of: account, db)
    if access.canWrite { return }
    throw access.canRead ? ShelfError.readOnly : ShelfError.notReadable
  }

  private func requireOwner(_ db: Database) throws {
    guard try Self.hasOwner(db) else { throw ShelfError.noOwner }
    guard try Self.access(of: account, db).role == .owner else { throw ShelfError.notOwner }
  }

  private static func requireKnown(_ account: String, _ db: Database) throws {
    let known =
      try Bool.fetchOne(
        db, sql: "SELECT EXISTS (SELECT 1 FROM accounts WHERE account = ?)", arguments: [account]) ?? false
    guard known else { throw ShelfError.noSuchAccount(account) }
  }

  /// Refuses to leave the shelf without an owner when `account` stops being one.
  private static func requireAnotherOwner(than account: String, _ db: Database) throws {
    let isOwner =
      try String.fetchOne(db, sql: "SELECT role FROM shelf_members WHERE account = ?", arguments: [account]) == "owner"
    let owners = try Int.fetchOne(db, sql: "SELECT count(*) FROM shelf_members WHERE role = 'owner'") ?? 0
    if isOwner, owners == 1 { throw ShelfError.lastOwner }
  }

  // MARK: - Rows

  private static func nextSequence(_ db: Database) throws -> Int64 {
    try db.execute(sql: "UPDATE shelf SET last_sequence = last_sequence + 1 WHERE id = 1")
    return try Int64.fetchOne(db, sql: "SELECT last_sequence FROM shelf WHERE id = 1") ?? 0
  }

  private func insert(id: String, name: String, url: String, _ db: Database) throws -> ShelfBookmark {
    let sequence = try Self.nextSequence(db)
    let now = Date().timeIntervalSince1970
    try db.execute(
      sql: """
        INSERT INTO shelf_bookmarks (id, name, url, folded, sort_name, created_account, created_at,
          modified_account, modified_at, version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
      arguments: [
        id, name, url, Self.searchText(name: name, url: url), ShelfRules.folded(name), account, now, account, now,
        sequence,
      ])
    guard let added = try Self.find(id, db) else { throw ShelfError.noSuchBookmark(id) }
    return added
  }

  /// What a search looks in: the name and the URL, folded, with a separator no query matches
  /// across (a query is one line).
  private static func searchText(name: String, url: String) -> String {
    ShelfRules.folded(name) + "\n" + ShelfRules.folded(url)
  }

  private static func find(_ id: String, _ db: Database) throws -> ShelfBookmark? {
    try Row.fetchOne(db, sql: "SELECT * FROM shelf_bookmarks WHERE id = ?", arguments: [id]).map(bookmark)
  }

  private static func bookmark(_ row: Row) -> ShelfBookmark {
    ShelfBookmark(
      id: row["id"], name: row["name"], url: row["url"], createdBy: row["created_account"],
      createdAt: Date(timeIntervalSince1970: row["created_at"]), modifiedBy: row["modified_account"],
      modifiedAt: Date(timeIntervalSince1970: row["modified_at"]), version: row["version"])
  }

  // MARK: - Opening

  private func database() throws -> DatabasePool {
    try file.database()
  }

  private func reading<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
    try await run { try await self.database().read(body) }
  }

  private func writing<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
    try await run {
      try await self.database().writeWithoutTransaction { db in
        var result: T?
        try db.inTransaction(.immediate) {
          result = try body(db)
          return .commit
        }
        return result!
      }
    }
  }

  private func run<T>(_ body: () async throws -> T) async throws -> T {
    do {
      return try await body()
    } catch let error as ShelfError {
      throw error
    } catch {
      throw ShelfError.unavailable(String(describing: SQLiteCloud.cloudError(error, displayName: displayName)))
    }
  }
}
