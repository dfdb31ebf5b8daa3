import Foundation
import XCTest

/// `H` in the real app (issue 19.3): two devices edit a bookmark through the command line;
/// on A, `H` lists both edits with their devices, Enter makes the version before them
/// current, the other device has it, and `u` takes the revert back.
final class HistoryTests: EndToEndTestCase {
  func testHListsBothDevicesEditsAndEnterRevertsEverywhere() throws {
    let cloud = try makeSQLiteCloud("history")
    let deviceA = try makeDocumentDevice(on: cloud, named: "laptop")
    let deviceB = try makeDocumentDevice(on: cloud, named: "desk")
    let id = try deviceA.cli("add", "https://history.example", "--name", "First").stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    XCTAssertEqual(try deviceA.cli("edit", id, "--name", "Second").status, 0)
    XCTAssertEqual(try deviceB.cli("edit", id, "--url", "https://history.example/third").status, 0)

    let app = try launch(deviceA, waitUntilLoaded: false)
    _ = try app.waitFor("https://history.example/third")
    try app.press("H")
    var screen = try app.waitFor("3 versions, newest first.")
    XCTAssertTrue(screen.contains("(now) · URL changed · desk"), screen)
    XCTAssertTrue(screen.contains("name changed · laptop"), screen)
    XCTAssertTrue(screen.contains("created · laptop"), screen)
    // The version before now is chosen; the one before it is where it began.
    try app.press("Down")
    try app.press("Enter")
    screen = try app.waitFor("Reverted “First” to version")
    try app.waitUntil("the row shows the first version") {
      try app.lines().contains { $0.hasPrefix("  First") }
    }
    try app.waitUntil(timeout: 15, "the other device has the revert") {
      try deviceB.cli("list").stdout.contains("First\thttps://history.example\n")
    }

    try app.press("u")
    _ = try app.waitFor("Undid revert of “First”.")
    try app.waitUntil("the row shows the third version again") {
      try app.lines().contains { $0.contains("https://history.example/third") }
    }
  }
}
