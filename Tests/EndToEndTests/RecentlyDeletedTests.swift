import Foundation
import XCTest

/// Recently Deleted across devices (issue 19.2): a bookmark deleted in the app on one device
/// is in Recently Deleted on the other, with when and where it was deleted; restored there,
/// it is back on the first device, in its folder, without a key press.
final class RecentlyDeletedTests: EndToEndTestCase {
  /// A fresh home that is one device, named `name`, of the test's account on `store` and `cloud`.
  private func makeDevice(_ name: String, store: String, cloud: String) throws -> CloudyHome {
    let home = try makeHome()
    home.settings = [
      "CLOUDY_STORE": store,
      "CLOUDY_CLOUD": cloud,
      "CLOUDY_ACCOUNT": "e2e",
      "CLOUDY_DEVICE_NAME": name,
    ]
    return home
  }

  func testADeleteOnOneDeviceIsRestoredFromRecentlyDeletedOnTheOtherAndIsBackOnTheFirst() throws {
    for store in ["documents", "key-value"] {
      try deleteOnARestoreOnB(store: store)
    }
  }

  private func deleteOnARestoreOnB(store: String) throws {
    let cloud = try makeSQLiteCloud("trash")
    let homeA = try makeDevice("desk", store: store, cloud: cloud)
    let homeB = try makeDevice("laptop", store: store, cloud: cloud)
    let added = try homeA.cli(["add", "https://forums.swift.org", "--name", "Swift Forums", "--folder", "Work"])
    XCTAssertEqual(added.status, 0, added.stderr)
    let deviceA = try launch(homeA, waitUntilLoaded: false)
    let deviceB = try launch(homeB, waitUntilLoaded: false)
    for device in [deviceA, deviceB] {
      try device.waitUntil("the list has loaded (\(store))") {
        let screen = try device.lines().joined(separator: "\n")
        return screen.contains("Swift Forums") || screen.contains("▸ Work")
      }
    }
    // The flat list, where the bookmark is a row of its own.
    if !(try deviceA.lines()[0].contains("All bookmarks")) { try deviceA.press("A") }
    try deviceA.waitFor("All bookmarks")
    try deviceA.press("e")
    try deviceA.waitUntil("the top-left button reads Done") { try deviceA.lines()[0].hasPrefix(" Done") }
    try deviceA.type("d")
    try deviceA.waitFor("Delete “Swift Forums”? Press y to delete")
    try deviceA.type("y")
    try deviceA.waitFor("Deleted “Swift Forums”; D shows Recently Deleted.")

    // B, whose list is the folder view: the folder empties, and Recently Deleted shows it.
    try deviceB.waitUntil("the bookmark has gone from B (\(store))") {
      !(try deviceB.lines()[1...22].joined().contains("Swift Forums"))
    }
    try deviceB.type("D")
    let shown = try deviceB.waitFor("deleted ")
    XCTAssertTrue(shown.contains("Swift Forums"), shown)
    XCTAssertTrue(shown.contains("Work › https://forums.swift.org"), shown)
    XCTAssertTrue(shown.contains(" on desk"), shown)
    try deviceB.press("Enter")
    try deviceB.waitFor("Restored “Swift Forums” to Work.")

    // No key goes to A from here on: it is back in A's flat list.
    try deviceA.waitUntil(timeout: 10, "the restored bookmark is back on A (\(store))") {
      try deviceA.lines()[1...22].joined().contains("Swift Forums")
    }
    let listed = try homeA.cli(["list", "--json"])
    XCTAssertTrue(listed.stdout.contains("\"folder\":[\"Work\"]"), listed.stdout)
    let trash = try homeA.cli(["trash", "list"])
    XCTAssertEqual(trash.stdout, "", "still in Recently Deleted on A (\(store))")
    try deviceA.type("q")
    try deviceB.type("q")
    _ = try deviceA.waitForExit()
    _ = try deviceB.waitForExit()
  }
}
