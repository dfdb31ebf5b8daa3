import Foundation
import TestSupport
import XCTest

/// `cloudy list QUERY --folder PATH --tag TAG` (issue 18.4): the `/` filter's matcher on the
/// command line, over imported folders, tags and notes.
final class ListQueryCommandTests: XCTestCase {
  private var home: TemporaryFolder!

  override func setUpWithError() throws {
    home = try TemporaryFolder()
    let bookmarks: [[String: Any]] = [
      [
        "id": "a", "created": "2024-01-01T00:00:00Z", "name": "Swift Forums", "url": "https://forums.swift.org",
        "folder": ["Toolbar", "Dev"],
        "tags": ["swift", "community"], "notes": "Ask about concurrency",
      ],
      [
        "id": "b", "created": "2024-01-01T00:00:00Z", "name": "Rust Book", "url": "https://doc.rust-lang.org/book",
        "folder": ["Toolbar", "Devices"],
        "tags": ["rust", "tech"],
      ],
      [
        "id": "c", "created": "2024-01-01T00:00:00Z", "name": "東京タワー", "url": "https://www.tokyotower.co.jp",
        "folder": ["Travel"], "tags": ["technology"],
      ],
    ]
    let path = home.file("in.json")
    try JSONSerialization.data(withJSONObject: bookmarks).write(to: URL(fileURLWithPath: path))
    let imported = try cloudy(["import", "--yes", path])
    XCTAssertEqual(imported.status, 0, imported.stderr)
  }

  override func tearDown() {
    home.remove()
  }

  private func cloudy(_ arguments: [String]) throws -> ChildProcess.Output {
    try ChildProcess.cloudy(arguments, environment: ["CLOUDY_HOME": home.path, "CLOUDY_STORE": ""])
  }

  /// The ids `list` prints for these arguments.
  private func ids(_ arguments: String...) throws -> [String] {
    let listed = try cloudy(["list"] + arguments)
    XCTAssertEqual(listed.status, 0, listed.stderr)
    return listed.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
  }

  func testAQueryFolderAndTagsNarrowTheList() throws {
    XCTAssertEqual(try ids(), ["a", "b", "c"])
    XCTAssertEqual(try ids("toolbar"), ["a", "b"], "a folder's name is a word like any other")
    XCTAssertEqual(try ids("#tech"), ["b"], "a whole tag")
    XCTAssertEqual(try ids("concurrency", "ask"), ["a"], "notes, words in any order")
    XCTAssertEqual(try ids("--", "in:Toolbar", "-rust"), ["a"], "after --, a word may start with -")
    XCTAssertEqual(try ids("--folder", "Toolbar/Dev"), ["a"], "that folder and below, not Devices")
    XCTAssertEqual(try ids("--tag", "technology", "--tag", "tech"), [], "every tag given")
    XCTAssertEqual(try ids("--tag", "TECHNOLOGY"), ["c"])
    XCTAssertEqual(try ids("\"rust book\"", "--json").count, 1)
    XCTAssertEqual(try ids("nothing-matches"), [])
  }
}
