import Foundation
import TestSupport
import XCTest

/// `cloudy archive`, `cloudy read` and `cloudy search --text` on the real binary, against the
/// fixture server on 127.0.0.1.
final class ArchiveCommandTests: XCTestCase {
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

  /// Adds the bookmarks and returns their ids, in order.
  private func add(_ urls: [String]) throws -> [String] {
    for url in urls {
      XCTAssertEqual(try cloudy(["add", "--no-fetch", "--allow-duplicate", url]).status, 0)
    }
    return try cloudy(["list"]).stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
  }

  func testArchiveReadAndSearchInsideThePages() throws {
    let server = try webFixture.get()
    let ids = try add([server.url("/archive/article"), server.url("/archive/moved"), server.url("/gone")])
    XCTAssertEqual(ids.count, 3)

    // Given three bookmarks, two of one page and one dead, when all are archived, then the
    // page is stored once and the dead one is reported.
    let all = try cloudy(["archive", "--all"])
    XCTAssertEqual(all.status, 1, all.stderr)
    let lines = all.stdout.split(separator: "\n").sorted()
    XCTAssertEqual(lines.count, 2, all.stdout)
    XCTAssertEqual(lines.filter { $0.hasSuffix(" bytes stored)") || $0.hasSuffix(" KB stored)") }.count, 1, all.stdout)
    XCTAssertEqual(lines.filter { $0.contains("the same page as another copy") }.count, 1, all.stdout)
    XCTAssertTrue(all.stderr.contains("\(ids[2]) “127.0.0.1” was not archived: the server answered 404."), all.stderr)
    XCTAssertTrue(all.stderr.contains("Archived 2 of 3 pages."), all.stderr)
    let assets = home.path + "/data/archives/assets"
    let stored = try FileManager.default.subpathsOfDirectory(atPath: assets).filter { $0.count > 3 }
    XCTAssertEqual(stored.count, 1)
    let mode = try FileManager.default.attributesOfItem(atPath: home.path + "/data/archives")[.posixPermissions] as? Int
    XCTAssertEqual(mode.map { $0 & 0o777 }, 0o700)

    // --missing tries only the one without a copy; a page fetched again unchanged stores nothing.
    let missing = try cloudy(["archive", "--missing"])
    XCTAssertEqual(missing.status, 1)
    XCTAssertEqual(missing.stdout, "")
    XCTAssertTrue(missing.stderr.contains("Archived 0 of 1 page."), missing.stderr)
    let again = try cloudy(["archive", ids[0]])
    XCTAssertEqual(again.status, 0, again.stderr)
    XCTAssertEqual(again.stdout, "\(ids[0])\t127.0.0.1\tunchanged since the last copy: nothing new stored\n")

    // Read: a heading, then the text (no pager: standard output is not a terminal).
    let read = try cloudy(["read", String(ids[1].prefix(8))])
    XCTAssertEqual(read.status, 0, read.stderr)
    XCTAssertTrue(
      read.stdout.hasPrefix("Kept & Read\n\(server.url("/archive/article"))\nArchived "), read.stdout)
    XCTAssertTrue(read.stdout.contains("\n# The Tower\n\nVisit the tôwer [1]"), read.stdout)
    let unread = try cloudy(["read", ids[2]])
    XCTAssertEqual(unread.status, 1)
    XCTAssertEqual(
      unread.stderr, "Error: “127.0.0.1” has no archived page here; `cloudy archive \(ids[2])` keeps it.\n")

    // Search inside: CJK (two characters), diacritics folded, JSON.
    let tokyo = try cloudy(["search", "--text", "東京"])
    XCTAssertEqual(tokyo.status, 0, tokyo.stderr)
    XCTAssertEqual(
      Set(tokyo.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }), [ids[0], ids[1]])
    let json = try cloudy(["search", "--text", "--json", "creme brulee"])
    let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    XCTAssertEqual(rows.count, 2)
    XCTAssertEqual(rows.first?["snippet"] as? String, "Привет, мир. Crème brûlée for dessert.")
    // The list's query takes `text:` as the filter does.
    let listed = try cloudy(["list", "--", "text:東京", "-text:nowhere"])
    XCTAssertEqual(listed.status, 0, listed.stderr)
    XCTAssertEqual(
      Set(listed.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }), [ids[0], ids[1]])
    let nothing = try cloudy(["search", "--text", "nowhere to be found"])
    XCTAssertEqual(nothing.status, 0)
    XCTAssertEqual(nothing.stdout, "")
    XCTAssertEqual(nothing.stderr, "No archived page holds “nowhere to be found”.\n")
  }

  func testArchiveNeedsSomethingToArchiveAndTheWeb() throws {
    XCTAssertEqual(try cloudy(["archive"]).status, 64)
    environment["CLOUDY_NO_FETCH"] = "1"
    let offline = try cloudy(["archive", "--all"])
    XCTAssertEqual(offline.status, 1)
    XCTAssertEqual(
      offline.stderr, "Error: Archiving pages needs the web, which --no-fetch or CLOUDY_NO_FETCH turns off.\n")
  }

  /// `config set archive-on-add on`: `cloudy add` keeps the page it fetched (its title names
  /// the bookmark, one fetch for both) and says so on standard error; a page that can't be
  /// had leaves the bookmark added. Off again, an add keeps nothing.
  func testArchiveOnAddKeepsThePageOfEachBookmarkAdded() throws {
    let server = try webFixture.get()
    let refused = try cloudy(["config", "set", "archive-on-add", "yes"])
    XCTAssertEqual(refused.status, 1)
    XCTAssertEqual(refused.stderr, "Error: archive-on-add is on or off, not “yes”.\n")
    XCTAssertEqual(try cloudy(["config", "set", "archive-on-add", "on"]).status, 0)

    let added = try cloudy(["add", server.url("/archive/article")])
    XCTAssertEqual(added.status, 0, added.stderr)
    let id = added.stdout.trimmingCharacters(in: .newlines)
    XCTAssertTrue(added.stderr.contains("The page of “Kept & Read”: archived ("), added.stderr)
    XCTAssertTrue(try cloudy(["list"]).stdout.contains("\(id)\tKept & Read\t"), "named after the page kept")
    let read = try cloudy(["read", id])
    XCTAssertEqual(read.status, 0, read.stderr)
    XCTAssertTrue(read.stdout.contains("Visit the tôwer [1]"), read.stdout)

    let gone = try cloudy(["add", "--name", "Gone", server.url("/gone")])
    XCTAssertEqual(gone.status, 0, gone.stderr)
    XCTAssertTrue(gone.stderr.contains("The page of “Gone” was not kept: the server answered 404."), gone.stderr)
    XCTAssertTrue(try cloudy(["list"]).stdout.contains("\tGone\t"), "added even so")

    XCTAssertEqual(try cloudy(["config", "unset", "archive-on-add"]).status, 0)
    let plain = try cloudy(["add", "--allow-duplicate", "--name", "Plain", server.url("/archive/article")])
    XCTAssertEqual(plain.status, 0, plain.stderr)
    XCTAssertEqual(plain.stderr, "")
    let unread = try cloudy(["read", plain.stdout.trimmingCharacters(in: .newlines)])
    XCTAssertEqual(unread.status, 1, "no page kept with the setting off")
  }
}
