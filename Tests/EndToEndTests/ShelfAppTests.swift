import Foundation
import TestSupport
import XCTest

/// Issue 20.5: the team shelf live between two devices of different accounts, in tmux: the
/// owner adds, edits and removes; the reader sees each change without a key, can't change
/// the shelf (and is told why), saves a shelf bookmark into its own, and loses the shelf at
/// once when its role is taken away. Over the SQLite cloud, and over PostgreSQL with the
/// reader under the second role.
final class ShelfAppTests: EndToEndTestCase {
  private func device(_ account: String, cloud: String, extra: [String: String] = [:]) throws -> CloudyHome {
    let home = try makeHome()
    home.settings = ["CLOUDY_STORE": "documents", "CLOUDY_CLOUD": cloud, "CLOUDY_ACCOUNT": account].merging(extra) {
      $1
    }
    return home
  }

  func testTheShelfIsLiveBetweenTwoAccountsOverSQLite() throws {
    let cloud = try makeSQLiteCloud("shelf")
    try liveShelf(owner: try device("owner", cloud: cloud), reader: try device("reader", cloud: cloud))
  }

  func testTheShelfIsLiveBetweenTwoRolesOverPostgres() throws {
    guard let server = PostgresTestServer.current, let other = server.otherRole else {
      throw XCTSkip(PostgresTestServer.skipReason)
    }
    let database = try server.createDatabase()
    addTeardownBlock { server.dropDatabase(database) }
    let password = ["PGPASSWORD": server.password]
    try liveShelf(
      owner: try device("owner", cloud: server.url(database: database), extra: password),
      reader: try device("reader", cloud: server.url(database: database, role: other), extra: password))
  }

  private func liveShelf(owner: CloudyHome, reader: CloudyHome) throws {
    // The owner first: on PostgreSQL its role, the database's owner, makes Cloudy's schema.
    let created = try owner.cli("shelf", "create")
    XCTAssertEqual(created.status, 0, created.stderr)
    let used = try reader.cli("shelf", "status")
    XCTAssertEqual(used.status, 0, "the reader's account has used the cloud: \(used.stderr)")
    let granted = try owner.cli("shelf", "grant", "reader", "reader")
    XCTAssertEqual(granted.status, 0, granted.stderr)

    let a = try launch(owner, waitUntilLoaded: false)
    let b = try launch(reader, waitUntilLoaded: false)
    for app in [a, b] {
      try app.waitFor("No bookmarks yet.")
      try app.press("Tab")
    }
    try a.waitFor("team shelf · owner")
    try b.waitFor("team shelf · reader")
    try b.waitFor("The team shelf is empty.")
    XCTAssertFalse(try b.lines()[0].contains("Edit"), "a reader sees no Edit")

    // The owner adds, in screen order: Name, Tab, URL, Enter.
    try a.type("+")
    try a.waitFor("Add to the team shelf")
    try a.type("Runbook")
    try a.press("Tab")
    try a.type("wiki.example/runbook")
    try a.press("Enter")
    try a.waitFor("Added “Runbook” to the team shelf.")
    // No key goes to B: the shelf's signal brings it.
    try b.waitFor("Runbook")
    let row = try b.lines()[1]
    XCTAssertTrue(row.hasSuffix("added by owner"), row)

    try a.type("e")
    try a.waitFor("Done")
    try a.press("Enter")
    try a.waitFor("Edit on the team shelf")
    try a.type(" (prod)")
    try a.press("Enter")
    try a.waitFor("Saved “Runbook (prod)” on the team shelf.")
    try b.waitFor("Runbook (prod)")

    // The reader can't change it, and is told why.
    try b.type("+")
    try b.waitFor("reads the team shelf only")
    // It saves the shelf's bookmark into its own.
    try b.type("P")
    try b.waitFor("Saved “Runbook (prod)” into your bookmarks")
    try b.press("Tab")
    try waitForList(b, ["  Runbook (prod)", "  https://wiki.example/runbook"])
    try b.press("Tab")
    try b.waitFor("team shelf · reader")

    try a.type("d")
    try a.waitFor("from the team shelf? y removes it")
    try a.type("y")
    try a.waitFor("Removed “Runbook (prod)” from the team shelf.")
    try b.waitFor("The team shelf is empty.")

    // A role taken away while the reader looks: the shelf goes at once.
    XCTAssertEqual(try owner.cli("shelf", "revoke", "reader").status, 0)
    try b.waitFor("no role on the team shelf")
  }
}
