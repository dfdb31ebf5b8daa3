import Foundation
import TestSupport
import XCTest

/// `add`/`edit --folder --tag --notes`, `cloudy folders` and `cloudy tags` (issue 18.3), and
/// bad input refused with a sentence before anything is stored.
final class OrganiseCommandTests: XCTestCase {
  private var home: TemporaryFolder!

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() {
    home.remove()
  }

  private func cloudy(_ arguments: String...) throws -> ChildProcess.Output {
    try ChildProcess.cloudy(arguments, environment: ["CLOUDY_HOME": home.path, "CLOUDY_STORE": ""])
  }

  private func listed() throws -> [[String: Any]] {
    let output = try cloudy("list", "--json")
    XCTAssertEqual(output.status, 0, output.stderr)
    return try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]] ?? []
  }

  func testAddAndEditSetFolderTagsAndNotesAndTheCountsFollow() throws {
    let added = try cloudy(
      "add", "forums.swift.org", "--folder", "Toolbar/Dev", "--tag", "swift", "--tag", "#community", "--notes",
      "Ask here")
    XCTAssertEqual(added.status, 0, added.stderr)
    let id = added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    XCTAssertEqual(try cloudy("add", "doc.rust-lang.org", "--folder", "Toolbar", "--tag", "rust").status, 0)
    var first = try XCTUnwrap(try listed().first)
    XCTAssertEqual(first["folder"] as? [String], ["Toolbar", "Dev"])
    XCTAssertEqual(first["tags"] as? [String], ["swift", "community"])
    XCTAssertEqual(first["notes"] as? String, "Ask here")
    XCTAssertEqual(try cloudy("folders").stdout, "2\tToolbar\n1\tToolbar/Dev\n")
    XCTAssertEqual(try cloudy("tags").stdout, "1\tcommunity\n1\trust\n1\tswift\n")

    let edited = try cloudy("edit", String(id.prefix(8)), "--folder", "", "--clear-tags", "--notes", "")
    XCTAssertEqual(edited.status, 0, edited.stderr)
    first = try XCTUnwrap(try listed().first)
    XCTAssertNil(first["folder"], "moved to the top")
    XCTAssertNil(first["tags"])
    XCTAssertNil(first["notes"])
    XCTAssertEqual(first["name"] as? String, "forums.swift.org", "the rest is kept")
    // Toolbar/Dev stays, empty: a folder is a thing of its own (`cloudy folder delete` removes it).
    XCTAssertEqual(try cloudy("folders").stdout, "1\tToolbar\n0\tToolbar/Dev\n")
  }

  /// `--tag a,b` is two tags, as the Tags field of the dialog reads it (commas or spaces
  /// between tags), on `add` and on `edit`: not refused with advice to use commas.
  func testATagOptionTakesSeveralTagsSeparatedByCommasOrSpaces() throws {
    let added = try cloudy("add", "u.example", "--tag", "a,b", "--tag", "#c d")
    XCTAssertEqual(added.status, 0, added.stderr)
    XCTAssertEqual(try XCTUnwrap(try listed().first)["tags"] as? [String], ["a", "b", "c", "d"])
    let id = added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let edited = try cloudy("edit", id, "--tag", "x, y,,x")
    XCTAssertEqual(edited.status, 0, edited.stderr)
    XCTAssertEqual(try XCTUnwrap(try listed().first)["tags"] as? [String], ["x", "y"])
  }

  func testBadInputIsRefusedWithASentenceAndNothingIsStored() throws {
    for (arguments, sentence) in [
      (["--tag", String(repeating: "t", count: 1_000)], "A tag can be at most 64 characters; this one has 1000."),
      (["--folder", "Bad\u{1B}[2JName"], "A folder name can't contain control or invisible characters."),
      (["--notes", "bell\u{7}"], "Notes can't contain control characters other than line breaks and tabs."),
    ] {
      let refused = try ChildProcess.cloudy(
        ["add", "https://refused.example"] + arguments, environment: ["CLOUDY_HOME": home.path, "CLOUDY_STORE": ""])
      XCTAssertEqual(refused.status, 1, arguments.joined(separator: " "))
      XCTAssertEqual(refused.stderr, "Error: \(sentence)\n")
    }
    XCTAssertEqual(try listed().count, 0)
  }
}
