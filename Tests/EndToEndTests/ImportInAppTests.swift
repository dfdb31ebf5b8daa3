import Foundation
import XCTest

/// `I` in the real app (issue 19.1): a file exported from another home is imported as one
/// change; `u` takes every one of its bookmarks back, and `U` brings them again.
final class ImportInAppTests: EndToEndTestCase {
  func testAnImportIsOneStepThatUTakesBackWhole() throws {
    let source = try makeHome()
    for (name, url) in [("Imported one", "https://one.example"), ("Imported two", "https://two.example")] {
      XCTAssertEqual(try source.cli("add", url, "--name", name, "--no-fetch").status, 0)
    }
    let file = source.root.appendingPathComponent("export.json").path
    XCTAssertEqual(try source.cli("export", "--format", "json", "-o", file).status, 0)

    let home = try makeHome()
    XCTAssertEqual(try home.cli("add", "https://kept.example", "--name", "Kept", "--no-fetch").status, 0)
    // The bottom line's messages stay while the test looks for them.
    let app = try launch(home, environment: ["CLOUDY_MESSAGE_SECONDS": "30"])
    try app.press("I")
    _ = try app.waitFor("Import bookmarks")
    try app.type(file)
    try app.press("Enter")
    _ = try app.waitFor("2 to import")
    try app.press("Enter")
    _ = try app.waitFor("Imported 2 bookmarks from export.json; u takes it back.")
    try app.waitUntil("both are listed") {
      let screen = try app.lines().joined(separator: "\n")
      return screen.contains("Imported one") && screen.contains("Imported two") && screen.contains("Kept")
    }
    try app.press("u")
    _ = try app.waitFor("Undid import of 2 bookmarks from export.json.")
    try app.waitUntil("only the bookmark that was there is left") {
      let screen = try app.lines().joined(separator: "\n")
      return !screen.contains("Imported one") && !screen.contains("Imported two") && screen.contains("Kept")
    }
    XCTAssertEqual(try home.cli("list").stdout.split(separator: "\n").count, 1)
    try app.press("U")
    _ = try app.waitFor("Redid import of 2 bookmarks from export.json.")
    try app.waitUntil("they are back") { try home.cli("list").stdout.split(separator: "\n").count == 3 }
  }
}
