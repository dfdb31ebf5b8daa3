import Foundation
import XCTest

/// The `documents` backend across devices: two running sessions on two homes and one
/// SQLite cloud; an add, an edit and a delete on one appear on the other without a key
/// press.
final class DocumentSyncTests: EndToEndTestCase {
  private var cloudFolder: URL!

  override func setUpWithError() throws {
    try super.setUpWithError()
    cloudFolder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cloudy-e2e-docs-\(UUID().uuidString.prefix(13).lowercased())", isDirectory: true)
    try FileManager.default.createDirectory(at: cloudFolder, withIntermediateDirectories: true)
    let folder = cloudFolder!
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
  }

  /// A running session on a fresh home that is one device of the test's account.
  private func openDevice() throws -> TmuxSession {
    let home = try makeHome()
    home.settings = [
      "CLOUDY_STORE": "documents",
      "CLOUDY_CLOUD": "sqlite:" + cloudFolder.appendingPathComponent("cloud.sqlite").path,
      "CLOUDY_ACCOUNT": "e2e",
    ]
    let app = try launch(home, waitUntilLoaded: false)
    try app.waitFor("No bookmarks yet.")
    return app
  }

  func testAnAddAnEditAndADeleteOnOneDeviceAppearOnTheOtherWithoutAKeyPress() throws {
    let deviceA = try openDevice()
    let deviceB = try openDevice()

    try fillAddDialog(deviceA, url: "https://docs.example", name: "First Name")
    try deviceA.press("Enter")
    try deviceA.waitFor("Added “First Name”.")
    // No key goes to B from here on.
    var lines = try waitForList(deviceB, ["  First Name", "  https://docs.example"])
    XCTAssertTrue(lines[23].contains("documents · synced"), lines[23])

    try deviceA.press("e", "Enter")
    try deviceA.waitFor("Edit Bookmark")
    try deviceA.press("C-u")
    try deviceA.type("Second Name")
    try deviceA.waitFor("Name   Second Name")
    try deviceA.press("Enter")
    try deviceA.waitFor("Saved “Second Name”.")
    lines = try waitForList(deviceB, ["  Second Name", "  https://docs.example"])

    // Still in Edit mode from the edit.
    try deviceA.waitUntil("the top-left button reads Done") { try deviceA.lines()[0].hasPrefix(" Done") }
    try deviceA.type("d")
    try deviceA.waitFor("Delete “Second Name”? Press y to delete")
    try deviceA.type("y")
    try deviceA.waitFor("Deleted “Second Name”; D shows Recently Deleted.")
    let screen = try deviceB.waitFor("No bookmarks yet.")
    XCTAssertFalse(try deviceB.lines()[1...22].joined().contains("Second Name"), screen)
  }

  /// The bottom line says `synced` once the cloud has every change made here: after a folder
  /// change and a move to a new folder path too, which only a restart used to clear.
  func testTheBottomLineSaysSyncedOnceFolderChangesReachTheCloud() throws {
    let deviceA = try openDevice()
    let deviceB = try openDevice()

    try deviceA.press("N")
    try deviceA.waitFor("─ New folder ─")
    try deviceA.type("Projects")
    try deviceA.press("Enter")
    try deviceA.waitFor("Made the folder “Projects” in the top level.")
    try deviceB.waitFor("▸ Projects")
    try waitUntilSynced(deviceA)

    try fillAddDialog(deviceA, url: "https://docs.example", name: "Doc")
    try deviceA.press("Enter")
    try deviceA.waitFor("Added “Doc”.")
    try deviceA.press("e", "m")
    try deviceA.waitFor("Move “Doc”")
    try deviceA.type("X/Y")
    try deviceA.press("Enter")
    try deviceA.waitFor("Moved “Doc” to X › Y.")
    try deviceB.waitFor("▸ X")
    try waitUntilSynced(deviceA)
  }

  /// Waits until the bottom line says `documents · synced` with nothing pending.
  private func waitUntilSynced(_ app: TmuxSession, file: StaticString = #filePath, line: UInt = #line) throws {
    try app.waitUntil(timeout: 15, "the bottom line says synced", file: file, line: line) {
      let bottom = try app.lines()[23]
      return bottom.contains("documents · synced") && !bottom.contains("pending")
    }
  }
}
