import Foundation
import TestSupport
import XCTest

/// `cloudy migrate --to STORE` as a user runs it: every bookmark moves, ids and dates
/// kept, or — when the other store can't hold them — nothing changes at all.
final class MigrateCommandTests: XCTestCase {
  private var home: TemporaryFolder!

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() {
    home.remove()
  }

  private func cloudy(_ arguments: [String]) throws -> ChildProcess.Output {
    try ChildProcess.cloudy(
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

  /// `migrate --undo` moves back exactly what the last migrate moved, as one step: the
  /// source's export is what it was; a bookmark the other store had before stays there (also
  /// one it had under the same id, now in both), and so does one added there since; a second
  /// undo has nothing to undo.
  func testUndoMovesBackExactlyWhatTheLastMigrateMoved() throws {
    let there = try cloudy(["--store", "documents", "add", "https://there.example", "--name", "There", "--no-fetch"])
    XCTAssertEqual(there.status, 0, there.stderr)
    let both =
      ["id": "id-1", "name": "One", "url": "https://one.example", "created": "2020-01-02T03:04:05Z"] as [String: Any]
    let path = home.path + "/both.json"
    try JSONSerialization.data(withJSONObject: [both]).write(to: URL(fileURLWithPath: path))
    XCTAssertEqual(try cloudy(["--store", "documents", "import", "--yes", path]).status, 0)
    try importJSON([
      ["id": "id-1", "name": "One", "url": "https://one.example", "created": "2020-01-02T03:04:05Z"],
      [
        "id": "id-2", "name": "Two", "url": "https://two.example", "created": "2021-01-02T03:04:05Z",
        "folder": ["Work"],
      ],
    ])
    let before = try cloudy(["--store", "user-defaults", "export", "--format", "json"])
    XCTAssertEqual(try cloudy(["migrate", "--to", "documents"]).status, 0)
    XCTAssertEqual(try list("user-defaults"), [])
    // The emptied store says where its bookmarks went.
    let emptied = try cloudy(["--store", "user-defaults", "list"])
    XCTAssertEqual(emptied.status, 0)
    XCTAssertEqual(emptied.stdout, "")
    XCTAssertTrue(emptied.stderr.contains("in the documents store: run cloudy --store documents"), emptied.stderr)
    let later = try cloudy(["add", "https://later.example", "--name", "Later", "--no-fetch"])
    XCTAssertEqual(later.status, 0, later.stderr)

    let undone = try cloudy(["migrate", "--undo"])
    XCTAssertEqual(undone.status, 0, undone.stderr)
    XCTAssertTrue(
      undone.stdout.hasPrefix("Moved 2 bookmarks back from documents to user-defaults, undoing the migrate of "),
      undone.stdout)
    let after = try cloudy(["export", "--format", "json"])
    XCTAssertEqual(after.stdout, before.stdout, "cloudy opens user-defaults again, exactly as it was")
    XCTAssertEqual(Set(try list("documents").compactMap { $0["name"] }), ["There", "Later", "One"])
    XCTAssertTrue(
      undone.stderr.contains("2 bookmarks the migrate didn't move stay in the documents store"), undone.stderr)

    let again = try cloudy(["migrate", "--undo"])
    XCTAssertEqual(again.status, 1)
    XCTAssertEqual(again.stderr, "Error: There is no migrate to undo on this device.\n")
  }

  /// A migrate killed while it wrote its record (the torture run found it) leaves a
  /// temporary beside it; the next migrate removes it, whether it writes a record or not.
  func testATemporaryOfTheRecordLeftByAKilledMigrateIsRemovedByTheNext() throws {
    try importJSON([["id": "id-1", "name": "One", "url": "https://one.example", "created": "2020-01-02T03:04:05Z"]])
    let config = home.path + "/config"
    // A process id no process has (above Linux's largest).
    let left = config + "/last-migrate.json.tmp-4194305-1234"
    XCTAssertTrue(FileManager.default.createFile(atPath: left, contents: Data("{".utf8)))
    XCTAssertEqual(try cloudy(["migrate", "--to", "documents"]).status, 0)
    XCTAssertFalse(FileManager.default.fileExists(atPath: left), "left by a killed writer, and still there")
    XCTAssertTrue(FileManager.default.createFile(atPath: left, contents: Data("{".utf8)))
    // Nothing to move: no record is written, and what was left goes all the same.
    XCTAssertEqual(try cloudy(["--store", "user-defaults", "migrate", "--to", "documents"]).status, 0)
    XCTAssertFalse(FileManager.default.fileExists(atPath: left))
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

  /// Empty folders are folders too: they move with the bookmarks (they used to stay behind).
  func testEmptyFoldersMoveAroundAllThreeStores() throws {
    for path in ["Empty/Inner", "Spare"] {
      let made = try cloudy(["--store", "user-defaults", "folder", "new", path])
      XCTAssertEqual(made.status, 0, made.stderr)
    }
    XCTAssertEqual(
      try cloudy(["--store", "user-defaults", "add", "--folder", "Work", "https://work.example"]).status, 0)
    let expected = try cloudy(["--store", "user-defaults", "folders"]).stdout
    XCTAssertEqual(expected, "0\tEmpty\n0\tEmpty/Inner\n0\tSpare\n1\tWork\n")
    var from = "user-defaults"
    for to in ["documents", "key-value", "user-defaults"] {
      let moved = try cloudy(["--store", from, "migrate", "--to", to])
      XCTAssertEqual(moved.status, 0, "\(from) → \(to): \(moved.stderr)")
      // Back in user-defaults they are there already: a migration moves bookmarks, and the
      // source keeps its folders.
      let made = to == "user-defaults" ? "" : ", and 3 empty folders"
      XCTAssertTrue(moved.stdout.contains("Moved 1 bookmark from \(from) to \(to)\(made)."), moved.stdout)
      XCTAssertEqual(try cloudy(["--store", to, "folders"]).stdout, expected, "\(from) → \(to)")
      from = to
    }
  }

  func testKeepCopiesAndLeavesTheSource() throws {
    try importJSON([["id": "k", "name": "K", "url": "https://k.example", "created": "2020-01-02T03:04:05Z"]])
    let output = try cloudy(["migrate", "--to", "documents", "--keep"])
    XCTAssertEqual(output.status, 0, output.stderr)
    XCTAssertEqual(try list("user-defaults").map { $0["id"] }, ["k"])
    XCTAssertEqual(try list("documents").map { $0["id"] }, ["k"])
  }

  /// The defect report: user-defaults A, B, C became key-value B, C, A (sorted by creation
  /// date). Every pair of stores keeps the list's order, and so does an export.
  func testTheOrderIsKeptAcrossEveryPairOfStoresAndInTheExport() throws {
    // The list's order is not the creation dates' order.
    try importJSON([
      ["id": "a", "name": "A", "url": "https://a.example", "created": "2024-01-01T00:00:00Z"],
      ["id": "b", "name": "B", "url": "https://b.example", "created": "2020-01-01T00:00:00Z"],
      ["id": "c", "name": "C", "url": "https://c.example", "created": "2022-01-01T00:00:00Z"],
    ])
    XCTAssertEqual(try list("user-defaults").map { $0["id"] }, ["a", "b", "c"])
    let route = ["user-defaults", "key-value", "documents", "user-defaults", "documents", "key-value", "user-defaults"]
    for (from, to) in zip(route, route.dropFirst()) {
      let output = try cloudy(["--store", from, "migrate", "--to", to])
      XCTAssertEqual(output.status, 0, "\(from) → \(to): \(output.stderr)")
      XCTAssertEqual(try list(to).map { $0["id"] }, ["a", "b", "c"], "\(from) → \(to)")
      let export = try cloudy(["--store", to, "export", "--format", "html"])
      let order = ["A", "B", "C"].compactMap { export.stdout.range(of: ">\($0)</A>")?.lowerBound }
      XCTAssertEqual(order, order.sorted(), "the export of \(to) lists A, B, C in order")
      XCTAssertEqual(order.count, 3, export.stdout)
    }
  }

  /// The defect report: after `migrate --to documents` a plain `cloudy` opened the empty
  /// user-defaults store. The choice is remembered; a flag or variable still wins.
  func testAfterAMigrationAPlainCloudyUsesTheNewStore() throws {
    try importJSON([["id": "m", "name": "M", "url": "https://m.example", "created": "2020-01-02T03:04:05Z"]])
    let output = try cloudy(["migrate", "--to", "documents"])
    XCTAssertEqual(output.status, 0, output.stderr)
    let plain = try cloudy(["list"])
    XCTAssertEqual(plain.status, 0, plain.stderr)
    XCTAssertTrue(plain.stdout.contains("\tM\thttps://m.example"), plain.stdout)
    XCTAssertEqual(
      try cloudy(["config"]).stdout,
      "store=documents\ncloud=sqlite:\(home.path)/cloud.sqlite\naccount=tester\n",
      "the cloud and account the new store syncs through are remembered with it")
    XCTAssertEqual(try list("user-defaults"), [], "a flag still wins")
    XCTAssertEqual(try cloudy(["config", "set", "store", "nonsense"]).status, 1)
    XCTAssertEqual(try cloudy(["config", "unset", "store"]).status, 0)
    XCTAssertFalse(try cloudy(["list"]).stdout.contains("https://m.example"))
  }

  /// Issue 14.12: a migration to a synced store named by flags is followed by a plain
  /// `cloudy` (no flags, no environment) that opens the same bookmarks.
  func testAMigrationRemembersTheCloudAndAccountItMovedTo() throws {
    try importJSON([["id": "c", "name": "C", "url": "https://c.example", "created": "2020-01-02T03:04:05Z"]])
    let cloudPath = home.path + "/elsewhere.sqlite"
    let moved = try cloudy(["migrate", "--to", "key-value", "--cloud", "sqlite:" + cloudPath, "--account", "mover"])
    XCTAssertEqual(moved.status, 0, moved.stderr)
    let plain = try ChildProcess.cloudy(
      ["list"], environment: ["CLOUDY_HOME": home.path, "CLOUDY_STORE": "", "CLOUDY_CLOUD": "", "CLOUDY_ACCOUNT": ""])
    XCTAssertEqual(plain.status, 0, plain.stderr)
    XCTAssertTrue(plain.stdout.contains("\tC\thttps://c.example"), plain.stdout + plain.stderr)
  }
}
