import Foundation
import TestSupport
import XCTest

/// `W` keeps the selected bookmark's page and `r` reads it, in the real app against the
/// fixture server on 127.0.0.1; `cloudy read` then finds the same page.
final class ReaderAppTests: EndToEndTestCase {
  /// Two document-store devices on one new SQLite cloud, fetching pages, and the article's
  /// bookmark added on the phone.
  private func phoneAndLaptopWithAnArticle(on cloudName: String) throws -> (
    server: WebFixtureServer, phone: CloudyHome, laptop: CloudyHome, article: String
  ) {
    let server = try webFixture.get()
    let cloud = try makeSQLiteCloud(cloudName)
    let phone = try makeDocumentDevice(on: cloud, named: "phone")
    let laptop = try makeDocumentDevice(on: cloud, named: "laptop")
    for home in [phone, laptop] { home.settings["CLOUDY_NO_FETCH"] = "0" }
    return (server, phone, laptop, try phone.add(server.url("/archive/article"), name: "Article"))
  }

  func testWKeepsThePageAndRReadsItSearchesItAndGoesBack() throws {
    let server = try webFixture.get()
    let home = try makeHome()
    home.settings["CLOUDY_NO_FETCH"] = "0"
    let id = try home.add(server.url("/archive/article"), name: "Article")
    _ = try home.add(server.url("/ok"), name: "Other")
    let app = try launch(home)
    try app.waitFor("Article")

    try app.type("r")
    try app.waitFor("No page of it is kept here yet: W keeps it.")
    try app.type("q")
    try app.type("W")
    try app.waitFor("Kept the page of “Article”", timeout: 15)

    try app.type("r")
    let page = try app.waitFor("# The Tower")
    XCTAssertTrue(page.contains("Visit the tôwer [1] in \"Tōkyō\" — 東京タワー is tall."), page)
    XCTAssertFalse(page.contains("Navigation link"), page)
    try app.type("/")
    try app.type("creme")
    try app.press("Enter")
    try app.waitFor("1 line holds “creme”: n, N.")
    try app.type("q")
    try app.waitForAbsence(of: "# The Tower")
    XCTAssertTrue(try app.lines().joined(separator: "\n").contains("Other"))

    // The filter's text: finds the bookmark whose kept page holds the words.
    try app.type("/")
    try app.type("text:tokyo")
    try app.waitForAbsence(of: "Other")
    try app.waitFor("Article")

    let read = try home.cli("read", id)
    XCTAssertEqual(read.status, 0, read.stderr)
    XCTAssertTrue(read.stdout.contains("# The Tower"), read.stdout)
  }

  /// A page kept on another device: `r` fetches it from the cloud when it is opened, and `W`
  /// here sends what it keeps.
  func testRReadsAPageKeptOnAnotherDeviceAndWSendsOne() throws {
    let (server, phone, laptop, article) = try phoneAndLaptopWithAnArticle(on: "reader")
    let moved = try phone.add(server.url("/archive/moved"), name: "Moved")
    XCTAssertEqual(try phone.cli("archive", article).status, 0)

    let app = try launch(laptop)
    try app.waitFor("Article")
    try app.waitFor("Moved")
    try app.type("r")
    let page = try app.waitFor("# The Tower")
    XCTAssertTrue(page.contains("Visit the tôwer [1]"), page)
    try app.type("q")
    try app.waitForAbsence(of: "# The Tower")

    // Kept here, then read on the phone.
    try app.type("j")
    try app.type("W")
    try app.waitFor("Kept the page of “Moved”", timeout: 15)
    let read = try phone.cli("read", moved)
    XCTAssertEqual(read.status, 0, read.stderr)
    XCTAssertTrue(read.stdout.contains("# The Tower"), read.stdout)
  }

  /// A page kept while the cloud could not be reached waits on this device, and the app sends
  /// it once its sync reaches the cloud: another device then reads it.
  func testAPageKeptOfflineGoesToTheCloudWhenTheAppReachesIt() throws {
    let (_, phone, laptop, article) = try phoneAndLaptopWithAnArticle(on: "waiting")
    XCTAssertEqual(try phone.cli("--offline", "archive", article).status, 0)
    XCTAssertEqual(try laptop.cli("read", article).status, 1, "the cloud has no copy yet")

    let app = try launch(phone)
    try app.waitFor("Article")
    XCTAssertTrue(
      waitUntil(within: .seconds(15)) { (try? laptop.cli("read", article).status) == 0 },
      "the app sends the page that waited")
    XCTAssertTrue(try laptop.cli("read", article).stdout.contains("# The Tower"))
  }
}
