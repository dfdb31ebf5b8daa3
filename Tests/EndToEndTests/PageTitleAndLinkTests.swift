import Foundation
import TestSupport
import XCTest

/// Titles and link checks in the real app, against the fixture server on 127.0.0.1: the
/// Add dialog fills an empty Name from the page, a title that comes after Save renames the
/// row, and `C` marks dead rows for `is:dead`.
final class PageTitleAndLinkTests: EndToEndTestCase {
  func testAnEmptyNameIsFilledFromThePageWhenTheURLFieldIsLeft() throws {
    let server = try webFixture.get()
    let app = try launch(try webHome())
    try app.type("a")
    try app.waitFor("Add Bookmark")
    try app.press("Tab")
    try app.type(server.url("/title/cp1251-meta"))
    try app.press("Tab")
    try app.waitFor("Name   Привет, мир")
    try app.press("Enter")
    try waitForList(app, ["  Привет, мир", "  " + server.url("/title/cp1251-meta")])
  }

  func testSaveDoesNotWaitAndALateTitleRenamesTheRow() throws {
    let server = try webFixture.get()
    let home = try webHome()
    let app = try launch(home)
    try app.type("a")
    try app.waitFor("Add Bookmark")
    try app.press("Tab")
    let key = UUID().uuidString
    let url = server.url("/title/held/\(key)")
    try app.type(url)
    try app.press("Enter")
    // Saved at once under the host while the page holds its answer; once it answers, the
    // title renames the row.
    try waitForList(app, ["  127.0.0.1", "  " + url])
    try server.release(key)
    try waitForList(app, ["  Worth The Wait", "  " + url], timeout: 10)
    XCTAssertEqual(try home.listedBookmarks().map(\.name), ["Worth The Wait"])
  }

  func testCMarksDeadRowsAndIsDeadFindsThem() throws {
    let server = try webFixture.get()
    let home = try webHome()
    for path in ["/ok", "/gone", "/permanent"] {
      XCTAssertEqual(try home.cli("add", "--no-fetch", "--allow-duplicate", server.url(path)).status, 0)
    }
    let app = try launch(home)
    try app.type("C")
    try app.waitFor("Checked 3 links: 1 dead, 1 moved.", timeout: 15)
    var lines = try app.lines()
    assertRow(lines, 1, "  127.0.0.1")
    assertRow(lines, 3, "  ✗ 127.0.0.1")
    assertRow(lines, 5, "  ↪ 127.0.0.1")
    try app.type("/is:dead")
    lines = try waitForList(app, ["  ✗ 127.0.0.1", "    " + server.url("/gone")])
    XCTAssertFalse(lines.joined().contains(server.url("/ok")))
    // The marks are kept on this device: the next start shows them without checking again.
    try app.press("Escape")
    try app.type("q")
    let again = try launch(home)
    try again.waitFor("✗ 127.0.0.1")
  }

  /// A home whose `cloudy` may fetch pages (the pinned environment turns fetching off).
  private func webHome() throws -> CloudyHome {
    let home = try makeHome()
    home.settings["CLOUDY_NO_FETCH"] = "0"
    return home
  }
}
