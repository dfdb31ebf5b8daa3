import Foundation
import XCTest

/// A conflict made by two devices through the command line (A edits offline, B edits
/// online, A comes back), then resolved from A's list: the ⚠ row, `1 conflict` on the
/// bottom line, Enter, the dialog with both versions, keep the other one; B converges.
final class ConflictResolveTests: EndToEndTestCase {
  private var cloudFolder: URL!

  override func setUpWithError() throws {
    try super.setUpWithError()
    cloudFolder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cloudy-e2e-conflict-\(UUID().uuidString.prefix(13).lowercased())", isDirectory: true)
    try FileManager.default.createDirectory(at: cloudFolder, withIntermediateDirectories: true)
    let folder = cloudFolder!
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
  }

  private func device() throws -> CloudyHome {
    let home = try makeHome()
    home.settings = [
      "CLOUDY_STORE": "documents",
      "CLOUDY_CLOUD": "sqlite:" + cloudFolder.appendingPathComponent("cloud.sqlite").path,
      "CLOUDY_ACCOUNT": "e2e",
    ]
    return home
  }

  private struct CommandFailed: Error, CustomStringConvertible {
    var description: String
  }

  private func checked(_ result: CloudyHome.CLIResult, _ what: String) throws -> String {
    guard result.status == 0 else {
      throw CommandFailed(description: "`cloudy \(what)` failed (\(result.status)): \(result.stderr)")
    }
    return result.stdout
  }

  /// Two devices and a bookmark in conflict: A renames it offline while B makes `editOnB`.
  private func conflict(editOnB: String...) throws -> (a: CloudyHome, b: CloudyHome) {
    let deviceA = try device()
    let deviceB = try device()
    let id = try checked(
      deviceA.cli("add", "https://conflict.example", "--name", "Original"), "add"
    ).trimmingCharacters(in: .whitespacesAndNewlines)
    XCTAssertTrue(try deviceB.cli("list").stdout.contains("Original"))
    XCTAssertEqual(try deviceA.cli("--offline", "edit", id, "--name", "Name From A").status, 0)
    XCTAssertEqual(try deviceB.cli(["edit", id] + editOnB).status, 0)
    // A comes back online: its edit was based on the version B replaced.
    let listed = try deviceA.cli("list", "--json").stdout
    XCTAssertTrue(listed.contains("\"conflict\":true"), listed)
    return (deviceA, deviceB)
  }

  func testAConflictIsMarkedResolvedFromTheListAndConvergesOnTheOtherDevice() throws {
    let (deviceA, deviceB) = try conflict(editOnB: "--name", "Name From B")

    let app = try launch(deviceA, waitUntilLoaded: false)
    var screen = try app.waitFor("1 conflict")
    XCTAssertTrue(screen.contains("⚠ Name From B"), screen)
    XCTAssertTrue(screen.contains("Enter resolve"), screen)

    try app.press("Enter")
    screen = try app.waitFor("Keep other")
    XCTAssertTrue(screen.contains("Keep this (shown now)"), screen)
    XCTAssertTrue(screen.contains("Name From A"), screen)
    XCTAssertTrue(screen.contains("Name From B"), screen)
    try app.press("Down")
    try app.press("Enter")
    screen = try app.waitFor("the other versions are gone everywhere.")
    try app.waitUntil("the row shows A's name without the marker") {
      let lines = try app.lines()
      return lines.contains { $0.hasPrefix("  Name From A") } && !lines.joined().contains("⚠")
        && !lines[23].contains("conflict")
    }

    // B converges on the version A kept, with no conflict left anywhere.
    let onB = try deviceB.cli("list", "--json").stdout
    XCTAssertTrue(onB.contains("Name From A"), onB)
    XCTAssertFalse(onB.contains("Name From B"), onB)
    XCTAssertFalse(onB.contains("\"conflict\":"), onB)
  }

  /// A merge in the real app: A renamed offline while B changed the URL; on A, `m` shows
  /// both fields, → takes A's name, the preview shows A's name over B's URL, and Enter saves
  /// it; B converges on the merge with no conflict left.
  func testAMergeTakesANameFromOneDeviceAndAURLFromTheOther() throws {
    let (deviceA, deviceB) = try conflict(editOnB: "--url", "https://new.example")

    let app = try launch(deviceA, waitUntilLoaded: false)
    _ = try app.waitFor("1 conflict")
    try app.press("Enter")
    _ = try app.waitFor("Keep other")
    try app.press("m")
    var screen = try app.waitFor("Enter saves:")
    XCTAssertTrue(screen.contains("‹ Original ›"), screen)
    XCTAssertTrue(screen.contains("https://new.example"), screen)
    try app.press("Right")
    screen = try app.waitFor("‹ Name From A ›")
    try app.waitUntil("the preview shows A's name over B's URL") {
      let lines = try app.lines()
      guard let saves = lines.firstIndex(where: { $0.contains("Enter saves:") }) else { return false }
      return lines[saves + 1].contains("Name From A") && lines[saves + 2].contains("https://new.example")
    }
    try app.press("Enter")
    _ = try app.waitFor("its versions are gone everywhere.")
    try app.waitUntil("the row shows the merge without the marker") {
      let lines = try app.lines()
      return lines.contains { $0.hasPrefix("  Name From A") } && lines.contains { $0.contains("https://new.example") }
        && !lines.joined().contains("⚠")
    }

    let onB = try deviceB.cli("list", "--json").stdout
    XCTAssertTrue(onB.contains("Name From A"), onB)
    XCTAssertTrue(onB.contains("https://new.example"), onB)
    XCTAssertFalse(onB.contains("\"conflict\":"), onB)
  }
}
