import Foundation
import TestSupport
import XCTest

/// `cloudy trash list|restore|empty` and `keep-deleted-days` (issue 19.2) in every store,
/// through the real binary: what `remove` deleted is listed, restored by a prefix of its id
/// with its folder and tags, and emptied; bad input is one sentence and changes nothing.
final class TrashCommandTests: XCTestCase {
  private var home: TemporaryFolder!

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() {
    home.remove()
  }

  private func cloudy(_ store: String, _ arguments: String...) throws -> ChildProcess.Output {
    try ChildProcess.cloudy(
      Array(arguments),
      environment: [
        "CLOUDY_HOME": home.path + "/" + store, "CLOUDY_STORE": store, "CLOUDY_DEVICE_NAME": "desk",
        "CLOUDY_CLOUD": "sqlite:" + home.path + "/\(store)-cloud.sqlite",
      ])
  }

  func testWhatRemoveDeletedIsListedRestoredAndEmptied() throws {
    for store in ["user-defaults", "key-value", "documents"] {
      let id = try cloudy(store, "add", "swift.org", "--name", "Swift", "--folder", "Dev", "--tag", "lang").stdout
        .trimmingCharacters(in: .newlines)
      let other = try cloudy(store, "add", "example.com", "--name", "Other").stdout.trimmingCharacters(in: .newlines)
      XCTAssertEqual(try cloudy(store, "remove", id).status, 0, store)
      XCTAssertEqual(try cloudy(store, "remove", other).status, 0, store)

      let listed = try cloudy(store, "trash", "list").stdout.split(separator: "\n").map { $0.split(separator: "\t") }
      XCTAssertEqual(listed.map(\.count), [5, 5], store)
      XCTAssertEqual(Set(listed.map { String($0[1]) }), ["Swift", "Other"], store)
      XCTAssertEqual(Set(listed.map { String($0[4]) }), ["desk"], store)
      let json = try cloudy(store, "trash", "list", "--json").stdout
      XCTAssertTrue(json.contains("\"folder\":[\"Dev\"]") && json.contains("\"tags\":[\"lang\"]"), "\(store): \(json)")

      let restored = try cloudy(store, "trash", "restore", String(id.prefix(8)))
      XCTAssertEqual(restored.status, 0, "\(store): \(restored.stderr)")
      XCTAssertEqual(restored.stdout, id + "\n", store)
      let back = try cloudy(store, "list", "--json").stdout
      XCTAssertTrue(back.contains("\"folder\":[\"Dev\"]") && back.contains("\"tags\":[\"lang\"]"), "\(store): \(back)")

      let unknown = try cloudy(store, "trash", "restore", "zzzz")
      XCTAssertEqual(unknown.status, 1, store)
      XCTAssertEqual(
        unknown.stderr, "Error: Nothing in Recently Deleted has the id zzzz; `cloudy trash list` shows them.\n", store)

      let emptied = try cloudy(store, "trash", "empty")
      XCTAssertEqual(emptied.stdout, "Deleted 1 bookmark for good.\n", "\(store): \(emptied.stderr)")
      XCTAssertEqual(try cloudy(store, "trash", "list").stdout, "", store)
      XCTAssertEqual(try cloudy(store, "list").stdout.split(separator: "\t").first.map(String.init), id, store)
    }
  }

  func testKeepDeletedDaysIsAWholeNumberOfDays() throws {
    XCTAssertEqual(try cloudy("user-defaults", "config", "set", "keep-deleted-days", "90").status, 0)
    XCTAssertEqual(try cloudy("user-defaults", "config").stdout, "keep-deleted-days=90\n")
    for bad in ["3651", "1.5", "soon"] {
      let refused = try cloudy("user-defaults", "config", "set", "keep-deleted-days", bad)
      XCTAssertEqual(refused.status, 1, bad)
      XCTAssertTrue(
        refused.stderr.contains("keep-deleted-days is a whole number of days from 0 to 3650"), refused.stderr)
    }
    XCTAssertEqual(try cloudy("user-defaults", "config").stdout, "keep-deleted-days=90\n")
  }

  /// Given a bookmark on two devices, when one deletes it offline and the other edits it, then
  /// after both sync the edit beats the delete: it is listed on both, and Recently Deleted on
  /// the device that deleted it no longer shows it.
  func testABookmarkBroughtBackByAnEditIsNotInRecentlyDeleted() throws {
    for store in ["documents", "key-value"] {
      func on(_ device: String, _ arguments: String...) throws -> ChildProcess.Output {
        try ChildProcess.cloudy(
          Array(arguments),
          environment: [
            "CLOUDY_HOME": home.path + "/\(store)-\(device)", "CLOUDY_STORE": store, "CLOUDY_ACCOUNT": "alice",
            "CLOUDY_CLOUD": "sqlite:" + home.path + "/\(store)-shared.sqlite",
          ])
      }
      let id = try on("a", "add", "https://kept.example", "--name", "kept").stdout
        .trimmingCharacters(in: .whitespacesAndNewlines)
      XCTAssertEqual(try on("b", "list").stdout.split(separator: "\n").count, 1, store)
      XCTAssertEqual(try on("a", "remove", id, "--offline").status, 0, store)
      // The edit comes after the delete: times are whole seconds, so into the next one.
      Thread.sleep(until: Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down) + 1.05))
      let edited = try on("b", "edit", id, "--name", "edited", "--offline")
      XCTAssertEqual(edited.status, 0, "\(store): \(edited.stderr)")
      // The delete reaches the cloud first; the edit after it (the last writer, on key-value).
      for device in ["a", "b", "a"] { XCTAssertEqual(try on(device, "sync").status, 0, store) }
      for device in ["a", "b"] {
        let listed = try on(device, "list").stdout
        XCTAssertTrue(listed.contains("edited"), "\(store) \(device): the edit beats the delete: \(listed)")
        XCTAssertEqual(try on(device, "trash", "list").stdout, "", "\(store) \(device): listed and in the trash")
      }
    }
  }
}
