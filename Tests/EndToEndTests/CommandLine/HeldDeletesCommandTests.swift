import Foundation
import TestSupport
import XCTest

/// A mass delete from another device through the real binary (issue 19.5): every command
/// on the device that fetches it says it is held back, `cloudy sync` refuses it with that
/// sentence and exit status 1, and `--keep-deleted` brings the bookmarks back everywhere.
final class HeldDeletesCommandTests: XCTestCase {
  private var home: TemporaryFolder!

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() {
    home.remove()
  }

  private func cloudy(_ device: String, _ arguments: String...) throws -> ChildProcess.Output {
    try ChildProcess.cloudy(
      Array(arguments),
      environment: [
        "CLOUDY_HOME": home.path + "/" + device, "CLOUDY_STORE": "key-value", "CLOUDY_DEVICE_NAME": device,
        "CLOUDY_CLOUD": "sqlite:" + home.path + "/cloud.sqlite",
      ])
  }

  func testAMassDeleteIsHeldRefusedAndKept() throws {
    let links = (0..<60).map { "<DT><A HREF=\"https://\($0).example\">B\($0)</A>" }.joined(separator: "\n")
    let file = home.file("sixty.html")
    try Data("<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n\(links)\n</DL>\n".utf8).write(
      to: URL(fileURLWithPath: file))
    XCTAssertEqual(try cloudy("a", "import", "--yes", file).status, 0)
    let ids = try cloudy("a", "list").stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
    XCTAssertEqual(ids.count, 60)
    XCTAssertEqual(try cloudy("b", "list").stdout.split(separator: "\n").count, 60)

    for id in ids.prefix(55) { XCTAssertEqual(try cloudy("a", "remove", id).status, 0) }
    let sentence =
      "Another device deleted 55 of 60 bookmarks at once; that is held back here until you choose"
      + " (`cloudy sync --apply-deletes` or `--keep-deleted`, or D in the app)."
    let listed = try cloudy("b", "list")
    XCTAssertEqual(listed.stdout.split(separator: "\n").count, 60, "nothing applied on b")
    XCTAssertTrue(listed.stderr.contains(sentence), listed.stderr)

    let refused = try cloudy("b", "sync")
    XCTAssertEqual(refused.status, 1)
    XCTAssertEqual(refused.stderr, "Error: " + sentence + "\n")

    let kept = try cloudy("b", "sync", "--keep-deleted")
    XCTAssertEqual(kept.status, 0, kept.stderr)
    XCTAssertEqual(kept.stdout, "Kept 55 bookmarks on every device.\n")
    XCTAssertEqual(try cloudy("b", "list").stdout.split(separator: "\n").count, 60)
    XCTAssertEqual(
      try cloudy("a", "list").stdout.split(separator: "\n").count, 60, "back on the device that deleted them")
    XCTAssertEqual(try cloudy("a", "trash", "list").stdout, "", "and out of Recently Deleted")
    XCTAssertEqual(try cloudy("b", "sync", "--apply-deletes").stdout, "No deletes are held back.\n")
  }
}
