import Foundation
import Shelf
import TestSupport
import XCTest

/// Issue 42.4: the team shelf's roles and row-level security hold on a promoted standby, not
/// only on the server they were set up on. Runs only next to a primary and its standby
/// (`scripts/with-postgres --standby`, as `scripts/test` runs it; skipped otherwise): the team
/// is made on the primary, the standby catches up, the primary is killed and the standby
/// promoted; then, on the new primary, a reader's writes are refused and a stranger sees
/// nothing, through Cloudy's shelf and through raw SQL under the reader's role.
final class PostgresFailoverShelfTests: XCTestCase {
  private var implementation: ShelfImplementation!
  private var server: PostgresTestServer!
  private var other = ""

  override func setUp() async throws {
    guard let server = PostgresTestServer.current, let other = server.otherRole, server.control != nil else {
      throw XCTSkip(PostgresTestServer.skipReason)
    }
    guard server.standby != nil else {
      throw XCTSkip("no standby: run through scripts/with-postgres --standby (scripts/test does) to fail over")
    }
    self.server = server
    self.other = other
    implementation = try ShelfImplementation.postgres(server)
  }

  override func tearDown() async throws {
    await implementation?.close()
  }

  private func refusal(_ body: () async throws -> Void) async -> ShelfError? {
    do {
      try await body()
      return nil
    } catch let error as ShelfError {
      return error
    } catch {
      XCTFail("not a ShelfError: \(error)")
      return nil
    }
  }

  /// `sql` run under `role` (the main one when nil) as `account`, on whichever server takes
  /// writes: its output, or the error's text prefixed with "refused: ".
  private func psql(_ sql: String, account: String, role: String?) -> String {
    do {
      let output = try server.psql(
        ["-c", "SELECT set_config('cloudy.account', '\(account)', false)", "-c", sql],
        database: implementation.database, role: role)
      return output.split(separator: "\n").dropFirst().joined(separator: "\n")
    } catch {
      return "refused: \(error)"
    }
  }

  /// The port of the server that takes writes.
  private func primaryPort() throws -> String {
    try server.psql(["-c", "SELECT inet_server_port()"]).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  func testRolesAndRowLevelSecurityHoldOnThePromotedServer() async throws {
    // Given a team made on the primary, and the standby caught up with it
    let (_, editor, _, _) = try await implementation.team()
    let runbook = try await editor.add(name: "Runbook", url: "https://wiki.example/runbook")
    let before = try primaryPort()
    try server.controlServer("catch-up")

    // When the primary dies and the standby is promoted
    try server.controlServer("failover")
    XCTAssertNotEqual(try primaryPort(), before, "the standby took over")

    // Then, through Cloudy's shelf opened anew on it: the reader reads and may change nothing,
    // the stranger reads nothing, the editor still writes.
    let reader = try implementation.shelf("reader", otherRole: true)
    let stranger = try implementation.shelf("stranger", otherRole: true)
    let editorAfter = try implementation.shelf("editor")
    let read = try await reader.page(matching: "", after: nil, limit: 10)
    XCTAssertEqual(read.bookmarks.map(\.id), [runbook.id], "the promoted server has the team's shelf")
    XCTAssertNil(read.stale, "read from the server")
    let readerAdd = await refusal { _ = try await reader.add(name: "X", url: "https://x.example") }
    XCTAssertEqual(readerAdd, .readOnly)
    let readerEdit = await refusal {
      _ = try await reader.edit(id: runbook.id, name: "X", url: "https://x.example", basedOn: runbook.version)
    }
    XCTAssertEqual(readerEdit, .readOnly)
    let readerRemove = await refusal { try await reader.remove(id: runbook.id) }
    XCTAssertEqual(readerRemove, .readOnly)
    let readerGrant = await refusal { _ = try await reader.grant(account: "reader", group: nil, role: .owner) }
    XCTAssertEqual(readerGrant, .notOwner)
    let strangerRead = await refusal { _ = try await stranger.page(matching: "", after: nil, limit: 10) }
    XCTAssertEqual(strangerRead, .notReadable)
    _ = try await editorAfter.add(name: "After", url: "https://after.example")

    // And through raw SQL under the reader's role, naming any account: the table takes no
    // writes, the shelf's functions refuse by the shelf's rule, a stranger reads no rows.
    for account in ["reader", "owner", "stranger"] {
      let update = psql("UPDATE cloudy.shelf_bookmarks SET name = 'Defaced'", account: account, role: other)
      XCTAssertTrue(update.hasPrefix("refused: ") && update.contains("permission denied"), "\(account): \(update)")
      let add = psql("SELECT cloudy.shelf_add('X2', 'Mine', 'https://x.example')", account: account, role: other)
      XCTAssertTrue(add.hasPrefix("refused: ") && add.contains("may not change the team shelf"), "\(account): \(add)")
    }
    XCTAssertEqual(psql("SELECT count(*) FROM cloudy.shelf_bookmarks", account: "reader", role: other), "2")
    XCTAssertEqual(psql("SELECT count(*) FROM cloudy.shelf_bookmarks", account: "stranger", role: other), "0")
    let members = psql("SELECT count(*) FROM cloudy.shelf_members", account: "reader", role: other)
    XCTAssertTrue(members.contains("permission denied"), members)
    XCTAssertEqual(
      psql("SELECT name FROM cloudy.shelf_bookmarks ORDER BY name", account: "editor", role: nil), "After\nRunbook",
      "nothing the reader sent changed anything")
  }
}
