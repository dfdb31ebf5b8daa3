import Foundation
import Shelf
import TestSupport
import XCTest

/// Issue 20.4: a change made while a device's connection was gone reaches it on reconnection
/// (PostgreSQL drops notifications sent meanwhile; the signal after reconnecting makes the
/// device ask again).
final class ShelfPostgresReconnectTests: XCTestCase {
  private var implementation: ShelfImplementation!
  private var server: PostgresTestServer!

  override func setUp() async throws {
    guard let server = PostgresTestServer.current, server.otherRole != nil else {
      throw XCTSkip(PostgresTestServer.skipReason)
    }
    self.server = server
    implementation = try ShelfImplementation.postgres(server)
  }

  override func tearDown() async throws {
    await implementation?.close()
  }

  func testAChangeMadeWhileTheReaderWasCutOffArrivesWhenItReconnects() async throws {
    let (owner, _, reader, _) = try await implementation.team()
    let signals = reader.signals()
    // Every other session of the reader's role is cut off (a role may end its own); the
    // owner adds meanwhile.
    let other = server.otherRole!
    try server.psql(
      [
        "-c",
        """
        SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE usename = '\(other)' AND datname = current_database() AND pid <> pg_backend_pid()
        """,
      ], database: implementation.database, role: other)
    _ = try await owner.add(name: "Added while away", url: "https://away.example")
    // Signal by signal (the lost connection's, the reconnection's), until a page shows it.
    let shown = await withTimeout(.seconds(15)) { () async -> Bool? in
      for await _ in signals {
        if (try? await reader.page(matching: "away", after: nil, limit: 5).bookmarks.count) == 1 { return true }
      }
      return nil
    }
    XCTAssertEqual(shown, true, "the reader hears of the change after reconnecting")
  }
}
