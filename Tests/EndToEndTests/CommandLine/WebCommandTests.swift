import Foundation
import TestSupport
import XCTest

/// `cloudy add` naming a bookmark after its page, `cloudy check` and `cloudy retitle`,
/// against the fixture server on 127.0.0.1.
final class WebCommandTests: XCTestCase {
  private var home: TemporaryFolder!
  private var environment: [String: String] = [:]

  override func setUpWithError() throws {
    home = try TemporaryFolder()
    environment = ["CLOUDY_STORE": "user-defaults", "CLOUDY_HOME": home.path, "CLOUDY_NO_FETCH": "0"]
  }

  override func tearDown() {
    home.remove()
  }

  private func cloudy(_ arguments: [String]) throws -> ChildProcess.Output {
    try ChildProcess.cloudy(arguments, environment: environment)
  }

  private func names() throws -> [String] {
    try cloudy(["list"]).stdout.split(separator: "\n").map { String($0.split(separator: "\t")[1]) }
  }

  func testAddNamesTheBookmarkAfterItsPageInThePagesCharset() throws {
    let server = try webFixture.get()
    XCTAssertEqual(try cloudy(["add", server.url("/title/cp1251-meta")]).status, 0)
    XCTAssertEqual(try cloudy(["add", server.url("/title/escape")]).status, 0)
    XCTAssertEqual(try cloudy(["add", "--no-fetch", server.url("/title/plain")]).status, 0)
    XCTAssertEqual(try cloudy(["add", "--name", "Mine", server.url("/title/sjis-header")]).status, 0)
    XCTAssertEqual(try names(), ["Привет, мир", "Red Alert", "127.0.0.1", "Mine"])
  }

  func testTheWebCanBeTurnedOffForEveryCommand() throws {
    let server = try webFixture.get()
    environment["CLOUDY_NO_FETCH"] = "1"
    XCTAssertEqual(try cloudy(["add", server.url("/title/plain")]).status, 0)
    XCTAssertEqual(try names(), ["127.0.0.1"])
    let check = try cloudy(["check"])
    XCTAssertEqual(check.status, 1)
    XCTAssertEqual(
      check.stderr, "Error: Checking links needs the web, which --no-fetch or CLOUDY_NO_FETCH turns off.\n")
  }

  func testAddDoesNotWaitForASlowPageBeyondItsTimeout() throws {
    let server = try webFixture.get()
    let added = try ChildProcess.cloudy(
      ["add", "--timeout", "1", server.url("/hang")], environment: environment, timeout: .seconds(30))
    XCTAssertEqual(added?.status, 0, "added, named after the host")
    XCTAssertEqual(try names(), ["127.0.0.1"])
  }

  func testCheckPrintsWhatIsWrongAndExitsFourWhenALinkIsDead() throws {
    let server = try webFixture.get()
    for path in ["/ok", "/gone", "/chain", "/broken"] {
      XCTAssertEqual(try cloudy(["add", "--no-fetch", "--allow-duplicate", server.url(path)]).status, 0)
    }
    let checked = try cloudy(["check"])
    XCTAssertEqual(checked.status, 4, checked.stderr)
    let rows = checked.stdout.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
    XCTAssertEqual(rows.map { $0[0] }, ["gone", "moved", "server-error"])
    XCTAssertEqual(rows.map { $0[3] }, [server.url("/gone"), server.url("/chain"), server.url("/broken")])
    XCTAssertEqual(rows[1][4], "moved for good to \(server.url("/chain/2"))")
    XCTAssertTrue(checked.stderr.contains("Checked 4 links: 1 ok, 1 moved, 2 dead."), checked.stderr)
    let dead = try cloudy(["list", "is:dead"]).stdout.split(separator: "\n").map { $0.split(separator: "\t")[2] }
    XCTAssertEqual(dead, [Substring(server.url("/gone")), Substring(server.url("/broken"))])
    let moved = try cloudy(["list", "--", "-is:dead", "-is:moved"]).stdout
    XCTAssertEqual(moved.split(separator: "\n").map { $0.split(separator: "\t")[2] }, [Substring(server.url("/ok"))])
    let file = home.file("data/link-checks.json")
    let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
    XCTAssertEqual(mode, 0o600)
  }

  func testCheckOfHealthyLinksExitsZeroAndJSONSaysEachStatus() throws {
    let server = try webFixture.get()
    XCTAssertEqual(try cloudy(["add", "--no-fetch", server.url("/ok")]).status, 0)
    XCTAssertEqual(try cloudy(["add", "--no-fetch", server.url("/permanent")]).status, 0)
    let checked = try cloudy(["check", "--json"])
    XCTAssertEqual(checked.status, 0, checked.stderr)
    let rows = try JSONSerialization.jsonObject(with: Data(checked.stdout.utf8)) as? [[String: Any]]
    XCTAssertEqual(rows?.map { $0["status"] as? String }, ["ok", "moved"])
    XCTAssertEqual(rows?[1]["movedTo"] as? String, server.url("/ok"))
  }

  func testMovedLinksAreUpdatedOnlyAfterAYes() throws {
    let server = try webFixture.get()
    XCTAssertEqual(try cloudy(["add", "--no-fetch", server.url("/permanent")]).status, 0)
    let refused = try cloudy(["check", "--update-moved"])
    XCTAssertEqual(refused.status, 1)
    XCTAssertTrue(refused.stderr.contains("pass --yes"), refused.stderr)
    XCTAssertTrue(try cloudy(["list"]).stdout.contains(server.url("/permanent")), "nothing changed without a yes")
    let updated = try cloudy(["check", "--update-moved", "--yes"])
    XCTAssertEqual(updated.status, 0, updated.stderr)
    XCTAssertTrue(try cloudy(["list"]).stdout.contains("\t" + server.url("/ok")))
  }

  func testRetitleRenamesOnlyBookmarksStillNamedAfterTheirHost() throws {
    let server = try webFixture.get()
    XCTAssertEqual(try cloudy(["add", "--no-fetch", server.url("/title/plain")]).status, 0)
    XCTAssertEqual(try cloudy(["add", "--no-fetch", "--name", "Kept", server.url("/title/og")]).status, 0)
    XCTAssertEqual(try cloudy(["add", "--no-fetch", server.url("/title/none")]).status, 0)
    let retitled = try cloudy(["retitle", "--all-untitled"])
    XCTAssertEqual(retitled.status, 0, retitled.stderr)
    XCTAssertEqual(try names(), ["Plain Title", "Kept", "127.0.0.1"])
  }
}
