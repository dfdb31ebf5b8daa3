import Cloud
import CloudPostgres
import Foundation
import Shelf
import TestSupport
import XCTest

/// Issue 20.2: PostgreSQL enforces the shelf's rights, not Cloudy. Raw SQL through `psql`,
/// under each of the two roles, naming each account: a reader's writes are refused, a
/// stranger sees nothing, nobody reads the members or another account's private rows, and
/// the server stamps who made a change whatever the client sends.
final class ShelfPostgresRightsTests: XCTestCase {
  private var implementation: ShelfImplementation!
  private var server: PostgresTestServer!
  private var other = ""

  override func setUp() async throws {
    guard let server = PostgresTestServer.current, let other = server.otherRole else {
      throw XCTSkip(PostgresTestServer.skipReason)
    }
    self.server = server
    self.other = other
    implementation = try ShelfImplementation.postgres(server)
  }

  override func tearDown() async throws {
    await implementation?.close()
  }

  /// `sql` run under `role` (the main one when nil) as `account`: its output, or the error.
  private func psql(_ sql: String, account: String, role: String?) -> Result<String, Refused> {
    do {
      let output = try server.psql(
        ["-c", "SELECT set_config('cloudy.account', '\(account)', false)", "-c", sql],
        database: implementation.database,
        role: role)
      return .success(output.split(separator: "\n").dropFirst().joined(separator: "\n"))
    } catch {
      return .failure(Refused(text: "\(error)"))
    }
  }

  private struct Refused: Error {
    var text: String
    func contains(_ part: String) -> Bool { text.contains(part) }
  }

  /// The team, and a runbook its editor added.
  private func team() async throws -> ShelfBookmark {
    try await implementation.team().editor.add(name: "Runbook", url: "https://wiki.example/runbook")
  }

  func testAReadersWritesAreRefusedByTheServer() async throws {
    let runbook = try await team()
    // The table itself: Cloudy's users may only read it (nor lock it against writers).
    let writes = [
      "INSERT INTO cloudy.shelf_bookmarks (id, name, url) VALUES ('X1', 'Mine', 'https://x.example')",
      "UPDATE cloudy.shelf_bookmarks SET name = 'Defaced'",
      "DELETE FROM cloudy.shelf_bookmarks",
      "BEGIN; LOCK TABLE cloudy.shelf_bookmarks IN ROW EXCLUSIVE MODE",
      "SELECT 1 FROM cloudy.shelf_bookmarks FOR UPDATE",
    ]
    // The shelf's functions: refused by the shelf's own rule.
    let calls = [
      "SELECT cloudy.shelf_add('X2', 'Mine', 'https://x.example')",
      "SELECT cloudy.shelf_edit('\(runbook.id)', 'Defaced', 'https://x.example', \(runbook.version), 'X3')",
      "SELECT cloudy.shelf_remove('\(runbook.id)')",
    ]
    for (sql, refusal) in writes.map({ ($0, "permission denied") })
      + calls.map({ ($0, "may not change the team shelf") })
    {
      // The reader as itself, and naming the owner's account from the reader's role.
      for account in ["reader", "owner", "stranger"] {
        guard case .failure(let error) = psql(sql, account: account, role: other) else {
          return XCTFail("\(sql) as \(account) under \(other) worked")
        }
        XCTAssertTrue(error.contains(refusal), "\(sql) as \(account): \(error.text)")
      }
    }
    // The editor's own role and account may.
    XCTAssertNoThrow(
      try psql(
        "SELECT o_id FROM cloudy.shelf_add('E1', 'Editor''s', 'https://e.example')", account: "editor", role: nil
      )
      .get())
    // Nothing the reader sent changed anything: the runbook as it was, and the editor's add.
    XCTAssertEqual(
      try psql("SELECT name FROM cloudy.shelf_bookmarks ORDER BY name", account: "editor", role: nil).get(),
      "Editor's\n" + runbook.name)
    // A reader may not hand itself a role either.
    guard
      case .failure(let grant) = psql(
        "SELECT cloudy.shelf_grant('reader', NULL, 'owner')", account: "reader", role: other)
    else { return XCTFail("a reader granted itself owner") }
    XCTAssertTrue(grant.contains("only an owner"), grant.text)
  }

  func testReadingNeedsARoleAndMembersAndPrivateRowsStayHidden() async throws {
    _ = try await team()
    let settings = try PostgresSettings(
      url: server.url(database: implementation.database!), environment: ["PGPASSWORD": server.password])
    let ownersCloud = PostgresCloud(settings: settings, account: "owner")
    _ = try await ownersCloud.write(
      [CloudWrite(key: "secret", value: Data("private".utf8))], in: .keyValue, origin: "test")
    await ownersCloud.close()

    XCTAssertEqual(try psql("SELECT count(*) FROM cloudy.shelf_bookmarks", account: "reader", role: other).get(), "1")
    XCTAssertEqual(
      try psql("SELECT count(*) FROM cloudy.shelf_bookmarks", account: "stranger", role: other).get(), "0",
      "no role, not world-readable: no rows")
    for table in ["cloudy.shelf_members", "cloudy.shelf_accounts", "cloudy.shelf"] {
      guard case .failure(let error) = psql("SELECT * FROM \(table)", account: "reader", role: other) else {
        return XCTFail("\(table) readable by the other role")
      }
      XCTAssertTrue(error.contains("permission denied"), "\(table): \(error.text)")
    }
    // The owner's private record, from the other role naming the owner's account, and from
    // the owner's own role naming another account: invisible.
    XCTAssertEqual(try psql("SELECT count(*) FROM cloudy.records", account: "owner", role: other).get(), "0")
    XCTAssertEqual(try psql("SELECT count(*) FROM cloudy.records", account: "editor", role: nil).get(), "0")
    XCTAssertEqual(try psql("SELECT count(*) FROM cloudy.records", account: "owner", role: nil).get(), "1")
  }

  func testTheServerStampsWhoMadeAChange() async throws {
    _ = try await team()
    let spoof = """
      INSERT INTO cloudy.shelf_bookmarks (id, name, url, created_account, modified_account, version)
      VALUES ('S1', 'Spoof', 'https://s.example', 'owner', 'owner', 999999)
      """
    XCTAssertNoThrow(try psql(spoof, account: "editor", role: nil).get())
    let stamped = try psql(
      "SELECT created_account || ' ' || modified_account || ' ' || (version < 999999) FROM cloudy.shelf_bookmarks WHERE id = 'S1'",
      account: "editor", role: nil
    ).get()
    XCTAssertEqual(stamped, "editor editor true")
  }
}
