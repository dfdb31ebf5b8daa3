import Foundation
import XCTest

/// `cloudy migrate --to STORE` as a user runs it: every bookmark moves, ids and dates
/// kept, or — when the other store can't hold them — nothing changes at all.
final class MigrateCommandTests: XCTestCase {
  private var home: TemporaryHome!

  override func setUpWithError() throws {
    home = try TemporaryHome()
  }

  override func tearDown() {
    home.remove()
  }

  private func cloudy(_ arguments: [String]) throws -> ProcessRunner.Output {
    try ProcessRunner.run(
      arguments,
      environment: [
        "CLOUDY_HOME": home.path, "CLOUDY_CLOUD": "sqlite:" + home.path + "/cloud.sqlite", "CLOUDY_ACCOUNT": "tester",
        "CLOUDY_STORE": "",
      ])
  }

  /// The bookmarks of a store, as `list --json` prints them.
  private func list(_ store: String) throws -> [[String: String]] {
    let output = try cloudy(["--store", store, "list", "--json"])
    XCTAssertEqual(output.status, 0, output.stderr)
    let array = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]] ?? []
    return array.map { $0.mapValues { "\($0)" } }
  }

  private func importJSON(_ bookmarks: [[String: Any]]) throws {
    let path = home.path + "/in.json"
    try JSONSerialization.data(withJSONObject: bookmarks).write(to: URL(fileURLWithPath: path))
    let output = try cloudy(["import", "--yes", path])
    XCTAssertEqual(output.status, 0, output.stderr)
  }

  func testEveryBookmarkMovesAroundAllThreeStoresWithItsIdsAndDates() throws {
    try importJSON([
      [
        "id": "id-1", "name": "東京 🚀", "url": "https://example.jp/東京", "created": "2020-01-02T03:04:05Z",
        "modified": "2021-01-02T03:04:05Z", "folder": ["Travel", "日本"], "notes": "Line one\nline two",
        "tags": ["a", "b"],
      ],
      ["id": "id-2", "name": "Swift", "url": "https://swift.org", "created": "2020-01-02T03:04:05Z"],
      ["id": "id-3", "name": "", "url": "https://nameless.example", "created": "2022-05-06T07:08:09Z"],
    ])
    let original = try list("user-defaults")
    XCTAssertEqual(original.map { $0["id"] }, ["id-1", "id-2", "id-3"])

    var from = "user-defaults"
    for to in ["documents", "key-value", "user-defaults"] {
      let output = try cloudy(["--store", from, "migrate", "--to", to])
      XCTAssertEqual(output.status, 0, "\(from) → \(to): \(output.stderr)")
      XCTAssertTrue(output.stdout.hasPrefix("Moved 3 bookmarks from \(from) to \(to)"), output.stdout)
      XCTAssertEqual(try list(to), original, "\(from) → \(to) keeps every field")
      XCTAssertEqual(try list(from), [], "\(from) is emptied after the move")
      from = to
    }
  }

  func testARefusedMoveChangesNothing() throws {
    let many = (0..<1025).map { index -> [String: Any] in
      [
        "id": "id-\(index)", "name": "B \(index)", "url": "https://e.example/\(index)",
        "created": "2020-01-02T03:04:05Z",
      ]
    }
    try importJSON(many)
    let output = try cloudy(["migrate", "--to", "key-value"])
    XCTAssertNotEqual(output.status, 0)
    XCTAssertTrue(output.stderr.contains("room for 1024 more bookmarks"), output.stderr)
    XCTAssertTrue(output.stderr.contains("nothing was changed"), output.stderr)
    XCTAssertEqual(try list("user-defaults").count, 1025)
    XCTAssertEqual(try list("key-value"), [])

    let same = try cloudy(["migrate", "--to", "user-defaults"])
    XCTAssertNotEqual(same.status, 0)
    XCTAssertTrue(same.stderr.contains("already in the user-defaults store"), same.stderr)
  }

  func testKeepCopiesAndLeavesTheSource() throws {
    try importJSON([["id": "k", "name": "K", "url": "https://k.example", "created": "2020-01-02T03:04:05Z"]])
    let output = try cloudy(["migrate", "--to", "documents", "--keep"])
    XCTAssertEqual(output.status, 0, output.stderr)
    XCTAssertEqual(try list("user-defaults").map { $0["id"] }, ["k"])
    XCTAssertEqual(try list("documents").map { $0["id"] }, ["k"])
  }
}
