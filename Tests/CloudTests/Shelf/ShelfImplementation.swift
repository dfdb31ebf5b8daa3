import CloudPostgres
import CloudSQLite
import Foundation
import Shelf
import TestSupport

/// One shelf under test: a fresh cloud, and a way to open it as an account. `otherRole`
/// opens it under the second PostgreSQL role (the same as the first on SQLite, which has
/// no roles).
final class ShelfImplementation: @unchecked Sendable {
  let name: String
  private let open: (_ account: String, _ otherRole: Bool) throws -> any ShelfService
  private let cleanup: () -> Void
  private var opened: [any ShelfService] = []
  /// The PostgreSQL server and database, for raw SQL.
  let server: PostgresTestServer?
  let database: String?

  private init(
    name: String, server: PostgresTestServer?, database: String?,
    open: @escaping (String, Bool) throws -> any ShelfService, cleanup: @escaping () -> Void
  ) {
    self.name = name
    self.server = server
    self.database = database
    self.open = open
    self.cleanup = cleanup
  }

  func shelf(_ account: String, otherRole: Bool = false) throws -> any ShelfService {
    let shelf = try open(account, otherRole)
    opened.append(shelf)
    return shelf
  }

  /// The shelf with an owner (`owner`), an editor (`editor`, the owner's role) and a reader
  /// (`reader`, the other role); `stranger` (the other role) has used the cloud, with no role.
  func team() async throws -> (
    owner: any ShelfService, editor: any ShelfService, reader: any ShelfService, stranger: any ShelfService
  ) {
    let owner = try shelf("owner")
    let editor = try shelf("editor")
    let reader = try shelf("reader", otherRole: true)
    let stranger = try shelf("stranger", otherRole: true)
    for shelf in [owner, editor, reader, stranger] { _ = try await shelf.access() }
    try await owner.create(worldReadable: false)
    try await owner.grant(account: "editor", group: nil, role: .editor)
    try await owner.grant(account: "reader", group: nil, role: .reader)
    return (owner, editor, reader, stranger)
  }

  func close() async {
    for shelf in opened { await shelf.close() }
    cleanup()
  }

  /// SQLite always; PostgreSQL (with its second role) when the test server is there.
  static func all() throws -> [ShelfImplementation] {
    var all = [try sqlite()]
    if let server = PostgresTestServer.current, server.otherRole != nil { all.append(try postgres(server)) }
    return all
  }

  static func sqlite() throws -> ShelfImplementation {
    let folder = try TemporaryFolder()
    let path = folder.file("cloud.sqlite")
    return ShelfImplementation(
      name: "sqlite", server: nil, database: nil, open: { account, _ in SQLiteShelf(path: path, account: account) },
      cleanup: { folder.remove() })
  }

  static func postgres(_ server: PostgresTestServer) throws -> ShelfImplementation {
    let database = try server.createDatabase()
    let main = try PostgresSettings(url: server.url(database: database), environment: ["PGPASSWORD": server.password])
    let other = try PostgresSettings(
      url: server.url(database: database, role: server.otherRole), environment: ["PGPASSWORD": server.password])
    return ShelfImplementation(
      name: "postgres", server: server, database: database,
      open: { account, otherRole in PostgresShelf(settings: otherRole ? other : main, account: account) },
      cleanup: { server.dropDatabase(database) })
  }
}
