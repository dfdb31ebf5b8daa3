import Foundation
import TestSupport
import XCTest

/// Kept pages through the cloud, on the real binary: three devices (homes) of one account
/// on one SQLite cloud, the pages served by the fixture server on 127.0.0.1.
final class ArchiveSyncCommandTests: XCTestCase {
  private var folder: TemporaryFolder!

  override func setUpWithError() throws {
    folder = try TemporaryFolder()
  }

  override func tearDown() {
    folder.remove()
  }

  /// `cloudy` as device `name` (its own home), on the documents store and the shared cloud.
  private func cloudy(_ name: String, _ arguments: [String]) throws -> ChildProcess.Output {
    try ChildProcess.cloudy(
      arguments,
      environment: [
        "CLOUDY_STORE": "documents", "CLOUDY_HOME": folder.file(name), "CLOUDY_NO_FETCH": "0",
        "CLOUDY_CLOUD": "sqlite:" + folder.file("cloud.sqlite"), "CLOUDY_ACCOUNT": "me",
      ])
  }

  /// The article's bookmark, added on device a: its id.
  private func addArticle(_ server: WebFixtureServer) throws -> String {
    let added = try cloudy("a", ["add", "--no-fetch", "--name", "Article", server.url("/archive/article")])
    XCTAssertEqual(added.status, 0, added.stderr)
    return added.stdout.trimmingCharacters(in: .newlines)
  }

  private func ids(_ output: ChildProcess.Output) -> Set<String> {
    Set(output.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) })
  }

  func testAPageKeptOnOneDeviceIsReadAndSearchedOnAnother() throws {
    let server = try webFixture.get()
    let id = try addArticle(server)
    let before = try cloudy("b", ["read", id])
    XCTAssertEqual(before.status, 1, "nothing kept anywhere yet")
    XCTAssertTrue(before.stderr.contains("has no archived page here"), before.stderr)
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: folder.file("b") + "/data/archives"), "asking the cloud makes no folder")

    XCTAssertEqual(try cloudy("a", ["archive", id]).status, 0)

    // Device b has not fetched it: its search is of its own pages. Reading fetches it, and
    // then it is searched too.
    XCTAssertEqual(try cloudy("b", ["search", "--text", "東京"]).stdout, "")
    let read = try cloudy("b", ["read", id])
    XCTAssertEqual(read.status, 0, read.stderr)
    XCTAssertTrue(read.stdout.contains("\n# The Tower\n\nVisit the tôwer [1]"), read.stdout)
    XCTAssertEqual(ids(try cloudy("b", ["search", "--text", "東京"])), [id])
    let assets = try FileManager.default.subpathsOfDirectory(atPath: folder.file("b") + "/data/archives/assets")
      .filter { $0.count > 3 }
    XCTAssertEqual(assets.count, 1)
    let mode =
      try FileManager.default.attributesOfItem(
        atPath: folder.file("b") + "/data/archives/assets/" + assets[0])[.posixPermissions] as? Int
    XCTAssertEqual(mode.map { $0 & 0o777 }, 0o600)

    // Device c fetches every page at once, and can search them without reading any.
    let download = try cloudy("c", ["archive", "--download"])
    XCTAssertEqual(download.status, 0, download.stderr)
    XCTAssertTrue(download.stderr.contains("Fetched 1 page kept on other devices; sent 0 pages kept here."))
    XCTAssertEqual(ids(try cloudy("c", ["search", "--text", "creme brulee"])), [id])
    let again = try cloudy("c", ["archive", "--download"])
    XCTAssertTrue(again.stderr.contains("Fetched 0 pages"), "a page fetched is not fetched again: \(again.stderr)")
  }

  func testAPageKeptOfflineGoesToTheCloudWithTheNextArchive() throws {
    let server = try webFixture.get()
    let id = try addArticle(server)
    let offline = try cloudy("a", ["--offline", "archive", id])
    XCTAssertEqual(offline.status, 0, offline.stderr)
    XCTAssertEqual(try cloudy("b", ["read", id]).status, 1, "the cloud has no copy yet")

    let next = try cloudy("a", ["archive", "--missing"])
    XCTAssertTrue(next.stderr.contains("Nothing to archive: every bookmark has a kept page."), next.stderr)
    let read = try cloudy("b", ["read", id])
    XCTAssertEqual(read.status, 0, read.stderr)
    XCTAssertTrue(read.stdout.contains("Visit the tôwer"), read.stdout)
  }

  /// `cloudy sync` sends the pages kept while the cloud could not be reached, and says so
  /// only when it sent some.
  func testAPageKeptOfflineGoesToTheCloudWithTheNextSync() throws {
    let server = try webFixture.get()
    let id = try addArticle(server)
    XCTAssertEqual(try cloudy("a", ["--offline", "archive", id]).status, 0)
    XCTAssertEqual(try cloudy("b", ["read", id]).status, 1, "the cloud has no copy yet")

    let sync = try cloudy("a", ["sync"])
    XCTAssertEqual(sync.status, 0, sync.stderr)
    XCTAssertEqual(sync.stdout, "Sent 1 page kept while the cloud could not be reached.\n")
    let read = try cloudy("b", ["read", id])
    XCTAssertEqual(read.status, 0, read.stderr)
    XCTAssertTrue(read.stdout.contains("Visit the tôwer"), read.stdout)
    XCTAssertEqual(try cloudy("a", ["sync"]).stdout, "", "nothing waits any more")
  }

  func testDownloadNeedsACloud() throws {
    let local = try ChildProcess.cloudy(
      ["archive", "--download"], environment: ["CLOUDY_STORE": "user-defaults", "CLOUDY_HOME": folder.file("u")])
    XCTAssertEqual(local.status, 1)
    XCTAssertEqual(
      local.stderr,
      "Error: Pages go through the cloud only with a synced store, online; here they stay on this device.\n")
  }
}
