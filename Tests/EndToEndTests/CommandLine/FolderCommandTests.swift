import Foundation
import TestSupport
import XCTest

/// `cloudy folder new|rename|move|delete` (issue 18.1) in every store: each one change, what
/// the folder holds following it; bad input refused with one sentence and nothing changed.
final class FolderCommandTests: XCTestCase {
  private var home: TemporaryFolder!

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() {
    home.remove()
  }

  private func cloudy(_ store: String, _ arguments: String...) throws -> ChildProcess.Output {
    try cloudy(store, arguments)
  }

  private func cloudy(_ store: String, _ arguments: [String]) throws -> ChildProcess.Output {
    try ChildProcess.cloudy(
      arguments,
      environment: [
        "CLOUDY_HOME": home.path + "/" + store, "CLOUDY_STORE": store,
        "CLOUDY_CLOUD": "sqlite:" + home.path + "/\(store)-cloud.sqlite",
      ])
  }

  func testFoldersAreMadeRenamedMovedAndDeleted() throws {
    for store in ["user-defaults", "key-value", "documents"] {
      XCTAssertEqual(try cloudy(store, "add", "swift.org", "--folder", "Toolbar/Dev").status, 0, store)
      // Each says what it did (a newcomer run found them silent, while `remove` speaks).
      for (command, said) in [
        (["folder", "new", "Reading/Later"], "Made the folder Reading/Later.\n"),
        (["folder", "rename", "Toolbar/Dev", "Code"], "Renamed the folder Toolbar/Dev to Code.\n"),
        (["folder", "move", "Toolbar/Code", "Reading"], "Moved the folder Toolbar/Code into Reading.\n"),
      ] {
        let done = try cloudy(store, command)
        XCTAssertEqual(done.status, 0, "\(store) \(command): \(done.stderr)")
        XCTAssertEqual(done.stderr, said, store)
      }
      XCTAssertEqual(
        try cloudy(store, "folders").stdout, "1\tReading\n1\tReading/Code\n0\tReading/Later\n0\tToolbar\n", store)
      XCTAssertEqual(try cloudy(store, "folder", "delete", "Reading").status, 0, store)
      XCTAssertEqual(try cloudy(store, "folders").stdout, "1\tCode\n0\tLater\n0\tToolbar\n", store)
      let listed = try cloudy(store, "list", "--folder", "Code")
      XCTAssertTrue(listed.stdout.contains("https://swift.org"), "\(store): \(listed.stdout)")
    }
  }

  func testBadChangesAreRefusedWithASentence() throws {
    for store in ["user-defaults", "key-value", "documents"] {
      XCTAssertEqual(try cloudy(store, "add", "swift.org", "--folder", "A/B").status, 0, store)
      XCTAssertEqual(try cloudy(store, "folder", "new", "A/C").status, 0, store)
      let before = try cloudy(store, "list", "--json").stdout
      for (arguments, sentence) in [
        (["folder", "rename", "A/B", "C"], "Error: A already has a folder named C.\n"),
        (
          ["folder", "rename", "A/B", "x/y"],
          "Error: A folder name can't contain “/”; to put a folder inside another, move it.\n"
        ),
        (["folder", "move", "A", "A/B"], "Error: A folder can't be moved into itself or into a folder inside it.\n"),
        (["folder", "delete", "Nowhere"], "Error: There is no folder Nowhere.\n"),
        (["folder", "new", "Bad\u{1B}[2J"], "Error: A folder name can't contain control or invisible characters.\n"),
      ] {
        let refused = try cloudy(store, arguments)
        XCTAssertEqual(refused.status, 1, "\(store) \(arguments)")
        XCTAssertEqual(refused.stderr, sentence, "\(store) \(arguments)")
      }
      XCTAssertEqual(try cloudy(store, "list", "--json").stdout, before, "\(store): nothing changed")
    }
  }
}
