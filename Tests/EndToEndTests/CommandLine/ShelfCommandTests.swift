import Foundation
import TestSupport
import XCTest

/// Issue 20: the team shelf from the command line, over the SQLite cloud and PostgreSQL (the
/// reader and a stranger under the second role): roles granted and refused, adds and edits
/// with who made them, server searches, and the copy read when the cloud is away.
final class ShelfCommandTests: XCTestCase {
  private var folder: TemporaryFolder!
  private var cleanups: [() -> Void] = []

  override func setUpWithError() throws {
    folder = try TemporaryFolder()
  }

  override func tearDown() {
    for cleanup in cleanups { cleanup() }
    folder.remove()
  }

  /// A cloud: its address for each account's role (the second role for reader and stranger).
  private struct Cloud {
    var name: String
    var address: (String) -> String
  }

  private func clouds() throws -> [Cloud] {
    var clouds = [Cloud(name: "sqlite", address: { _ in "sqlite:" + self.folder.file("cloud.sqlite") })]
    if let server = PostgresTestServer.current, let other = server.otherRole {
      let database = try server.createDatabase()
      cleanups.append { server.dropDatabase(database) }
      clouds.append(
        Cloud(name: "postgres") { account in
          server.url(database: database, role: ["reader", "stranger"].contains(account) ? other : nil)
        })
    }
    return clouds
  }

  private func cloudy(_ arguments: String..., as account: String, on cloud: Cloud) throws -> ChildProcess.Output {
    let environment = [
      "CLOUDY_CLOUD": cloud.address(account), "CLOUDY_ACCOUNT": account, "CLOUDY_NO_FETCH": "1",
      "CLOUDY_HOME": folder.file("\(cloud.name)-\(account)"),
      "PGPASSWORD": PostgresTestServer.current?.password ?? "",
    ]
    guard let output = try ChildProcess.cloudy(arguments, environment: environment, timeout: .seconds(60)) else {
      throw Hung(description: "cloudy \(arguments) did not exit within a minute")
    }
    return output
  }

  func testThreeAccountsWorkTheShelfWithTheirRights() throws {
    for cloud in try clouds() {
      for account in ["owner", "editor", "reader", "stranger"] {
        let status = try cloudy("shelf", "status", as: account, on: cloud)
        XCTAssertTrue(status.stdout.contains("has no owner yet"), "\(cloud.name): \(status.stdout)\(status.stderr)")
      }
      XCTAssertEqual(try cloudy("shelf", "create", as: "owner", on: cloud).status, 0, cloud.name)
      let again = try cloudy("shelf", "create", as: "stranger", on: cloud)
      XCTAssertEqual(again.status, 1, cloud.name)
      XCTAssertTrue(again.stderr.contains("already has an owner"), again.stderr)
      XCTAssertEqual(try cloudy("shelf", "grant", "editor", "editor", as: "owner", on: cloud).status, 0, cloud.name)
      XCTAssertEqual(try cloudy("shelf", "grant", "reader", "reader", as: "owner", on: cloud).status, 0, cloud.name)
      let ghost = try cloudy("shelf", "grant", "ghost", "reader", as: "owner", on: cloud)
      XCTAssertEqual(ghost.status, 1, cloud.name)
      XCTAssertTrue(ghost.stderr.contains("No account “ghost”"), ghost.stderr)
      let selfPromotion = try cloudy("shelf", "grant", "reader", "owner", as: "reader", on: cloud)
      XCTAssertEqual(selfPromotion.status, 1, cloud.name)
      XCTAssertTrue(selfPromotion.stderr.contains("Only an owner"), selfPromotion.stderr)

      let added = try cloudy("--shelf", "add", "wiki.example/runbook", "--name", "Runbook", as: "editor", on: cloud)
      XCTAssertEqual(added.status, 0, added.stderr)
      let id = added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
      XCTAssertEqual(
        try cloudy("--shelf", "add", "grafana.example", "--name", "東京 dashboards", as: "owner", on: cloud).status, 0)
      let edited = try cloudy("--shelf", "edit", id, "--name", "Runbook (prod)", as: "owner", on: cloud)
      XCTAssertEqual(edited.status, 0, edited.stderr)

      let listed = try cloudy("--shelf", "list", as: "reader", on: cloud)
      XCTAssertEqual(listed.status, 0, listed.stderr)
      XCTAssertEqual(
        listed.stdout.split(separator: "\n").map { $0.split(separator: "\t").dropFirst().joined(separator: "|") },
        ["Runbook (prod)|https://wiki.example/runbook|editor", "東京 dashboards|https://grafana.example|owner"],
        cloud.name)
      let found = try cloudy("--shelf", "search", "東", as: "reader", on: cloud)
      XCTAssertEqual(found.stdout.split(separator: "\n").count, 1, "\(cloud.name): \(found.stdout)")
      XCTAssertTrue(found.stdout.contains("grafana.example"), found.stdout)

      let readerAdd = try cloudy("--shelf", "add", "evil.example", "--name", "Mine", as: "reader", on: cloud)
      XCTAssertEqual(readerAdd.status, 1, cloud.name)
      XCTAssertTrue(readerAdd.stderr.contains("reads the team shelf only"), readerAdd.stderr)
      let readerRemove = try cloudy("--shelf", "remove", id, as: "reader", on: cloud)
      XCTAssertEqual(readerRemove.status, 1, cloud.name)
      let stranger = try cloudy("--shelf", "list", as: "stranger", on: cloud)
      XCTAssertEqual(stranger.status, 1, cloud.name)
      XCTAssertTrue(stranger.stderr.contains("no role on the team shelf"), stranger.stderr)

      // Offline, the reader reads its copy of what it last saw, and is told so.
      let offline = try cloudy("--shelf", "search", "runbook", "--offline", as: "reader", on: cloud)
      XCTAssertEqual(offline.status, 3, "\(cloud.name): \(offline.stderr)")
      XCTAssertTrue(offline.stdout.contains("Runbook (prod)"), offline.stdout)
      XCTAssertTrue(offline.stderr.contains("may be out of date"), offline.stderr)
      let offlineAdd = try cloudy("--shelf", "add", "x.example", "--offline", as: "editor", on: cloud)
      XCTAssertEqual(offlineAdd.status, 1, cloud.name)

      let members = try cloudy("shelf", "members", as: "reader", on: cloud)
      XCTAssertEqual(
        members.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") },
        ["owner", "editor", "reader"], cloud.name)
      XCTAssertEqual(try cloudy("shelf", "revoke", "editor", as: "owner", on: cloud).status, 0)
      let revoked = try cloudy("--shelf", "add", "late.example", as: "editor", on: cloud)
      XCTAssertEqual(revoked.status, 1, cloud.name)
      XCTAssertEqual(try cloudy("--shelf", "remove", id, as: "owner", on: cloud).status, 0)
      let afterRemove = try cloudy("--shelf", "list", as: "owner", on: cloud)
      XCTAssertFalse(afterRemove.stdout.contains("Runbook"), afterRemove.stdout)
      let flagged = try cloudy("shelf", "members", "--shelf", as: "owner", on: cloud)
      XCTAssertEqual(flagged.status, 0, "the flag is harmless where the shelf is meant anyway")
      let notShelf = try cloudy("--shelf", "export", as: "owner", on: cloud)
      XCTAssertEqual(notShelf.status, 1, cloud.name)
      XCTAssertTrue(notShelf.stderr.contains("--shelf works with"), notShelf.stderr)
    }
  }

  /// The PostgreSQL server goes away: the shelf is read from this device's copy, which says
  /// so (exit 3), and a change is refused with one sentence; back, it is the server's again.
  func testTheShelfIsReadFromTheCopyWhileTheServerIsDown() throws {
    guard let server = PostgresTestServer.current, server.control != nil else {
      throw XCTSkip(PostgresTestServer.skipReason)
    }
    let cloud = try clouds().first { $0.name == "postgres" }!
    XCTAssertEqual(try cloudy("shelf", "create", as: "owner", on: cloud).status, 0)
    XCTAssertEqual(try cloudy("--shelf", "add", "wiki.example", "--name", "Wiki", as: "owner", on: cloud).status, 0)
    XCTAssertEqual(try cloudy("--shelf", "list", as: "owner", on: cloud).status, 0)
    try server.controlServer("stop")
    defer { try? server.controlServer("start") }
    let stale = try cloudy("--shelf", "list", as: "owner", on: cloud)
    XCTAssertEqual(stale.status, 3, stale.stderr)
    XCTAssertTrue(stale.stdout.contains("Wiki"), stale.stdout)
    XCTAssertTrue(stale.stderr.contains("may be out of date"), stale.stderr)
    XCTAssertEqual(stale.stderr.split(separator: "\n").count, 1, stale.stderr)
    let add = try cloudy("--shelf", "add", "late.example", as: "owner", on: cloud)
    XCTAssertEqual(add.status, 1, add.stderr)
    XCTAssertEqual(add.stderr.split(separator: "\n").count, 1, add.stderr)
    try server.controlServer("start")
    let back = try cloudy("--shelf", "list", as: "owner", on: cloud)
    XCTAssertEqual(back.status, 0, back.stderr)
  }

  /// Given shelf rows an editor changed around Cloudy (with sqlite3 or psql) to break the URL
  /// rule — white space, a bare `https://`, a bidi override — when the shelf is listed,
  /// searched or read by id, then none of them is shown; the good row still is.
  func testRowsBreakingTheURLRuleWrittenAroundCloudyAreNotShown() throws {
    for cloud in try clouds() {
      XCTAssertEqual(try cloudy("shelf", "create", as: "owner", on: cloud).status, 0, cloud.name)
      var ids: [String] = []
      for name in ["good", "space", "bare", "bidi"] {
        let added = try cloudy("--shelf", "add", "\(name).example", "--name", name, as: "owner", on: cloud)
        XCTAssertEqual(added.status, 0, added.stderr)
        ids.append(added.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
      }
      let hostile = ["https://a.example/x y", "https://", "https://b.example/\u{202E}gpj.exe"]
      for (id, url) in zip(ids.dropFirst(), hostile) {
        switch cloud.name {
        case "sqlite":
          let script =
            "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); "
            + "c.execute('UPDATE shelf_bookmarks SET url=? WHERE id=?', (sys.argv[2], sys.argv[3])); c.commit()"
          let done = try ChildProcess.run(
            "/usr/bin/python3", ["-c", script, folder.file("cloud.sqlite"), url, id],
            environment: ProcessInfo.processInfo.environment)
          XCTAssertEqual(done.status, 0, done.stderr)
        default:
          let server = try XCTUnwrap(PostgresTestServer.current)
          let database = String(URLComponents(string: cloud.address("owner"))!.path.dropFirst())
          _ = try server.psql(
            [
              "-c",
              "SET cloudy.account = 'owner'; UPDATE cloudy.shelf_bookmarks SET url = $u$\(url)$u$ WHERE id = $i$\(id)$i$",
            ], database: database)
        }
      }
      let listed = try cloudy("--shelf", "list", as: "owner", on: cloud)
      XCTAssertEqual(listed.status, 0, listed.stderr)
      XCTAssertEqual(
        listed.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[1]) }, ["good"], cloud.name)
      let found = try cloudy("--shelf", "search", "example", as: "owner", on: cloud)
      XCTAssertEqual(found.stdout.split(separator: "\n").count, 1, "\(cloud.name): \(found.stdout)")
      let edited = try cloudy("--shelf", "edit", ids[1], "--name", "renamed", as: "owner", on: cloud)
      XCTAssertNotEqual(edited.status, 0, "\(cloud.name): a row not shown is not edited either")
    }
  }
}
