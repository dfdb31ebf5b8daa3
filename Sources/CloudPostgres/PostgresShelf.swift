import Broadcasting
import Cloud
import Foundation
import Logging
import PostgresNIO
import Shelf

/// The team shelf on a PostgreSQL server (``PostgresShelfSchema``), seen as one account.
///
/// A connection of its own, listening on the shelf's channel; made without contacting the
/// server, like ``PostgresCloud``. Every right is checked by the server: this class sends
/// plain statements and turns the server's refusals into ``ShelfError``s.
public final class PostgresShelf: ShelfService {
  public let settings: PostgresSettings
  public let account: String
  public var displayName: String { settings.displayName }
  private let subscribers = Broadcast<Void>(bufferingPolicy: .bufferingNewest(1))
  private let link: PostgresLink
  private let logger: Logger

  public init(settings: PostgresSettings, account: String) {
    self.settings = settings
    self.account = account
    let logger = Logger(label: "cloudy.postgres.shelf") { _ in SwiftLogNoOpLogHandler() }
    self.logger = logger
    link = PostgresLink(
      settings: settings, account: account, listensTo: .shelf, subscribers: subscribers, logger: logger)
  }

  public func access() async throws -> ShelfAccess {
    let logger = logger
    return try await run { connection in
      var access = ShelfAccess(role: nil, worldReadable: false, hasOwner: false)
      let rows = try await connection.query(
        "SELECT o_role, o_world_readable, o_has_owner FROM cloudy.shelf_access()", logger: logger)
      for try await (role, worldReadable, hasOwner) in rows.decode((String?, Bool, Bool).self) {
        access = ShelfAccess(
          role: role.flatMap(ShelfRole.init(rawValue:)), worldReadable: worldReadable, hasOwner: hasOwner)
      }
      return access
    }
  }

  public func create(worldReadable: Bool) async throws {
    let logger = logger
    try await run { connection in
      try await Self.drain(connection.query("SELECT cloudy.shelf_create(\(worldReadable))", logger: logger))
    }
  }

  public func setWorldReadable(_ worldReadable: Bool) async throws {
    let logger = logger
    try await run { connection in
      try await Self.drain(connection.query("SELECT cloudy.shelf_set_world_readable(\(worldReadable))", logger: logger))
    }
  }

  public func page(matching query: String, after: ShelfCursor?, limit: Int) async throws -> ShelfPage {
    let limit = min(max(1, limit), 10_000)
    // Folded by the server, as the stored text is: the same lower() on both sides, whatever
    // the database's collation.
    let text = query.replacingOccurrences(of: "\n", with: " ")
    let pattern = "%" + Self.likeEscaped(text) + "%"
    let short = text.unicodeScalars.count < 3
    let afterName = after?.name
    let afterID = after?.id
    let fetched = Int32(limit + 1)
    let logger = logger
    return try await run { connection in
      let rows = try await connection.query(
        """
        SELECT \(unescaped: Self.returned)
        FROM cloudy.shelf_page(\(pattern), \(short), \(afterName), \(afterID), \(fetched))
        """, logger: logger)
      var bookmarks = try await Self.decode(rows)
      let hasMore = bookmarks.count > limit
      if hasMore { bookmarks.removeLast(bookmarks.count - limit) }
      return ShelfPage(bookmarks: bookmarks, hasMore: hasMore)
    }
  }

  public func bookmark(id: String) async throws -> ShelfBookmark? {
    try await requireReading()
    let logger = logger
    return try await run { connection in
      let rows = try await connection.query(
        "SELECT \(unescaped: Self.columns) FROM cloudy.shelf_bookmarks WHERE id = \(id)", logger: logger)
      return try await Self.decode(rows).first
    }
  }

  public func add(name: String, url: String) async throws -> ShelfBookmark {
    try ShelfRules.check(name: name, url: url)
    let id = UUID().uuidString
    let logger = logger
    return try await writing { connection in
      let rows = try await connection.query(
        "SELECT \(unescaped: Self.returned) FROM cloudy.shelf_add(\(id), \(name), \(url))", logger: logger)
      guard let added = try await Self.decode(rows).first else { throw ShelfError.readOnly }
      return added
    }
  }

  public func edit(id: String, name: String, url: String, basedOn version: Int64) async throws -> ShelfEdit {
    try ShelfRules.check(name: name, url: url)
    let newID = UUID().uuidString
    let logger = logger
    return try await writing { connection in
      // Changed or removed since: the server keeps it beside (or in its place, under its id).
      let rows = try await connection.query(
        """
        SELECT o_kept, \(unescaped: Self.returned)
        FROM cloudy.shelf_edit(\(id), \(name), \(url), \(version), \(newID))
        """, logger: logger)
      var outcome: ShelfEdit?
      for try await (kept, id, name, url, createdBy, createdAt, modifiedBy, modifiedAt, version) in rows.decode(
        (Bool, String, String, String, String, Date, String, Date, Int64).self)
      {
        let bookmark = ShelfBookmark(
          id: id, name: name, url: url, createdBy: createdBy, createdAt: createdAt, modifiedBy: modifiedBy,
          modifiedAt: modifiedAt, version: version)
        outcome = kept ? .keptBeside(bookmark) : .edited(bookmark)
      }
      guard let outcome else { throw ShelfError.readOnly }
      return outcome
    }
  }

  public func remove(id: String) async throws {
    let logger = logger
    try await writing { connection in
      try await Self.drain(connection.query("SELECT cloudy.shelf_remove(\(id))", logger: logger))
    }
  }

  public func members() async throws -> [ShelfMember] {
    let logger = logger
    return try await run { connection in
      let rows = try await connection.query(
        "SELECT o_member_role::text, o_account, o_role FROM cloudy.shelf_members()", logger: logger)
      var members: [ShelfMember] = []
      for try await (group, account, role) in rows.decode((String, String, String).self) {
        guard let role = ShelfRole(rawValue: role) else { continue }
        members.append(ShelfMember(account: account, group: group, role: role))
      }
      return members
    }
  }

  @discardableResult
  public func grant(account: String, group: String?, role: ShelfRole) async throws -> ShelfMember {
    let logger = logger
    let roleName = role.rawValue
    do {
      return try await run { connection in
        let rows = try await connection.query(
          "SELECT cloudy.shelf_grant(\(account), \(group)::name, \(roleName))::text", logger: logger)
        var member: String?
        for try await found in rows.decode(String.self) { member = found }
        return ShelfMember(account: account, group: member, role: role)
      }
    } catch ShelfError.noSuchAccount {
      throw ShelfError.noSuchAccount(account)
    } catch ShelfError.ambiguousAccount(_, let groups) {
      throw ShelfError.ambiguousAccount(account, groups: groups)
    }
  }

  public func revoke(account: String, group: String?) async throws {
    let logger = logger
    do {
      try await run { connection in
        try await Self.drain(
          connection.query("SELECT cloudy.shelf_revoke(\(account), \(group)::name)", logger: logger))
      }
    } catch ShelfError.noSuchAccount {
      throw ShelfError.noSuchAccount(account)
    } catch ShelfError.ambiguousAccount(_, let groups) {
      throw ShelfError.ambiguousAccount(account, groups: groups)
    }
  }

  public func signals() -> AsyncStream<Void> {
    let stream = subscribers.subscribe()
    let link = link
    Task { await link.keepOpen() }
    return stream
  }

  public func close() async {
    await link.close()
  }

  // MARK: - Statements

  private static let columns =
    "id, name, url, created_account, created_at, modified_account, modified_at, version"
  /// The same, as the shelf's functions return them.
  private static let returned =
    "o_id, o_name, o_url, o_created_account, o_created_at, o_modified_account, o_modified_at, o_version"

  /// Reads a statement's answer to its end: a server error is thrown only then.
  private static func drain(_ rows: PostgresRowSequence) async throws {
    for try await _ in rows {}
  }

  private static func decode(_ rows: PostgresRowSequence) async throws -> [ShelfBookmark] {
    var bookmarks: [ShelfBookmark] = []
    for try await (id, name, url, createdBy, createdAt, modifiedBy, modifiedAt, version) in rows.decode(
      (String, String, String, String, Date, String, Date, Int64).self)
    {
      bookmarks.append(
        ShelfBookmark(
          id: id, name: name, url: url, createdBy: createdBy, createdAt: createdAt, modifiedBy: modifiedBy,
          modifiedAt: modifiedAt, version: version))
    }
    return bookmarks
  }

  /// `text` with LIKE's wildcards and its escape character taken literally.
  static func likeEscaped(_ text: String) -> String {
    var escaped = ""
    for character in text {
      if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }

  /// Row-level security hides the rows from an account that may not read: the query would
  /// answer "nothing". That is told as what it is.
  private func requireReading() async throws {
    if try await access().canRead == false { throw ShelfError.notReadable }
  }

  /// A write the server refuses to an account that may not even read is told as that.
  @discardableResult
  private func writing<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws
    -> T
  {
    do {
      return try await run(body)
    } catch ShelfError.readOnly {
      if try await access().canRead == false { throw ShelfError.notReadable }
      throw ShelfError.readOnly
    }
  }

  /// Runs `body` on the shelf's connection, turning the server's refusals into
  /// ``ShelfError``s and everything else into ``ShelfError/unavailable(_:)`` with the cloud's
  /// one sentence.
  @discardableResult
  private func run<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
    do {
      return try await link.call(body)
    } catch let error as ShelfError {
      throw error
    } catch let error as PSQLError where error.code == .server {
      let state = error.serverInfo?[.sqlState] ?? ""
      switch state {
      case "42501" where (error.serverInfo?[.message] ?? "").contains("may not change the team shelf"):
        throw ShelfError.readOnly
      case PostgresShelfSchema.State.notReadable: throw ShelfError.notReadable
      case PostgresShelfSchema.State.notOwner: throw ShelfError.notOwner
      case PostgresShelfSchema.State.alreadyOwned: throw ShelfError.alreadyOwned
      case PostgresShelfSchema.State.noOwner: throw ShelfError.noOwner
      case PostgresShelfSchema.State.noSuchAccount: throw ShelfError.noSuchAccount("")
      case PostgresShelfSchema.State.ambiguousAccount:
        let groups = (error.serverInfo?[.message] ?? "").components(separatedBy: ", ")
        throw ShelfError.ambiguousAccount("", groups: groups)
      case PostgresShelfSchema.State.lastOwner: throw ShelfError.lastOwner
      case "23514", "22001": throw ShelfError.invalid("The team shelf refused that name or URL.")
      default: break
      }
      throw ShelfError.unavailable(PostgresErrorSentence.cloudError(error, settings: settings).description)
    } catch {
      throw ShelfError.unavailable(PostgresErrorSentence.cloudError(error, settings: settings).description)
    }
  }
}
