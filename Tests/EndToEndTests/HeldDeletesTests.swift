import Foundation
import XCTest

/// A mass delete in the real app (issue 19.5): device B was closed while A deleted 55 of its
/// 60 bookmarks; B opens, still shows all 60, and asks on the bottom line; `R` keeps them,
/// and A gets them back without a key press of its own.
final class HeldDeletesTests: EndToEndTestCase {
  private var cloudFolder: URL!

  override func setUpWithError() throws {
    try super.setUpWithError()
    cloudFolder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cloudy-e2e-held-\(UUID().uuidString.prefix(13).lowercased())", isDirectory: true)
    try FileManager.default.createDirectory(at: cloudFolder, withIntermediateDirectories: true)
    let folder = cloudFolder!
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
  }

  private func device(_ name: String) throws -> CloudyHome {
    let home = try makeHome()
    home.settings = [
      "CLOUDY_STORE": "documents",
      "CLOUDY_CLOUD": "sqlite:" + cloudFolder.appendingPathComponent("cloud.sqlite").path,
      "CLOUDY_ACCOUNT": "e2e", "CLOUDY_DEVICE_NAME": name,
    ]
    return home
  }

  /// A bookmarks.html of 60 links, "Link 0" to "Link 59".
  private func sixtyBookmarks() throws -> URL {
    let links = (0..<60).map { "<DT><A HREF=\"https://\($0).example\">Link \($0)</A>" }.joined(separator: "\n")
    let file = cloudFolder.appendingPathComponent("sixty.html")
    try Data("<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n\(links)\n</DL>\n".utf8).write(to: file)
    return file
  }

  func testAMassDeleteIsAskedAboutAndRIsKeepingThemEverywhere() throws {
    let deviceA = try device("a")
    let deviceB = try device("b")
    let file = try sixtyBookmarks()
    XCTAssertEqual(try deviceA.cli("import", "--yes", file.path).status, 0)
    let ids = try deviceA.cli("list").stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
    XCTAssertEqual(try deviceB.cli("list").stdout.split(separator: "\n").count, 60)
    for id in ids.prefix(55) { XCTAssertEqual(try deviceA.cli("remove", id).status, 0) }

    let app = try launch(deviceB, waitUntilLoaded: false)
    let screen = try app.waitFor("55 of 60 deleted elsewhere: Y delete here · R keep · other: later")
    XCTAssertTrue(screen.contains("  Link 0\n"), "the deleted ones still listed: \(screen)")
    try app.press("R")
    _ = try app.waitFor("Kept them: 55 bookmarks are back on every device.")
    try app.waitUntil("the list counts all 60 again") { try app.lines().joined().contains("/60 ") }
    try app.waitUntil("device A has them back") {
      try deviceA.cli("list").stdout.split(separator: "\n").count == 60
    }
    XCTAssertEqual(try deviceA.cli("trash", "list").stdout, "", "and out of Recently Deleted")
  }

  /// Issue 36.7: A imports 60 with `I` and takes the import back with `u` while B is open. B
  /// shows them come and go, asks nothing, and Recently Deleted is empty on both: nothing
  /// was deleted that anyone would want back.
  func testAnImportUndoneOnOneDeviceIsNotAskedAboutOnTheOther() throws {
    let deviceA = try device("a")
    let deviceB = try device("b")
    let file = try sixtyBookmarks()
    XCTAssertEqual(try deviceB.cli("add", "https://kept.example", "--name", "Kept", "--no-fetch").status, 0)

    let b = try launch(deviceB)
    let a = try launch(deviceA, environment: ["CLOUDY_MESSAGE_SECONDS": "30"])
    try a.press("I")
    _ = try a.waitFor("Import bookmarks")
    try a.type(file.path)
    try a.press("Enter")
    _ = try a.waitFor("60 to import")
    try a.press("Enter")
    _ = try a.waitFor("Imported 60 bookmarks from sixty.html; u takes it back.")
    try b.waitUntil("B lists the import") { try b.lines().joined().contains("/61 ") }
    try a.press("u")
    _ = try a.waitFor("Undid import of 60 bookmarks from sixty.html.")
    var asked: String?
    try b.waitUntil("B lets them go, or asks") {
      let screen = try b.lines().joined(separator: "\n")
      if screen.contains("deleted elsewhere") { asked = screen }
      return asked != nil || screen.contains("1/1 ")
    }
    XCTAssertNil(asked, "B asked about A's undone import")
    XCTAssertEqual(try deviceB.cli("trash", "list").stdout, "")
    XCTAssertEqual(try deviceA.cli("trash", "list").stdout, "")
  }
}
