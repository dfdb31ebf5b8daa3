import BookmarkModel
import DeviceHome
import Foundation
import TestSupport
import XCTest

/// This device's link checks: kept private, newer over older, nothing kept for deleted
/// bookmarks or for checks that found nothing out, a damaged file named and then replaced.
final class LinkCheckFileTests: XCTestCase {
  private var folder: TemporaryFolder!
  private var location: StoreLocation!
  private let early = Date(timeIntervalSince1970: 1_800_000_000)
  private let late = Date(timeIntervalSince1970: 1_800_000_100)

  override func setUpWithError() throws {
    folder = try TemporaryFolder()
    location = StoreLocation(configDirectory: folder.file("config"), dataDirectory: folder.file("data"))
  }

  override func tearDown() { folder.remove() }

  func testNewerChecksWinAndDeletedBookmarksAreDropped() throws {
    XCTAssertEqual(try LinkCheckFile.load(from: location), [:])
    try LinkCheckFile.merge(
      [
        "a": LinkCheck(url: "https://a.example", status: .gone(404), checked: late),
        "b": LinkCheck(url: "https://b.example", status: .ok, checked: early),
      ], keeping: nil, into: location)
    try LinkCheckFile.merge(
      ["a": LinkCheck(url: "https://a.example", status: .ok, checked: early)], keeping: ["a"], into: location)
    let kept = try LinkCheckFile.load(from: location)
    XCTAssertEqual(kept, ["a": LinkCheck(url: "https://a.example", status: .gone(404), checked: late)])
    let mode = try FileManager.default.attributesOfItem(atPath: LinkCheckFile.path(in: location))[.posixPermissions]
    XCTAssertEqual(mode as? Int, 0o600)
  }

  func testAStoppedCheckKeepsNothingAndEveryStatusReadsBack() throws {
    let statuses: [LinkStatus] = [
      .ok, .moved(to: "https://new.example"), .gone(410), .clientError(403), .serverError(503), .dnsFailure, .refused,
      .timeout, .tlsError("the certificate is not trusted"), .badRedirect("a redirect loop"), .notWeb, .failed("x"),
    ]
    var checks = Dictionary(
      uniqueKeysWithValues: statuses.enumerated().map {
        ("id-\($0.offset)", LinkCheck(url: "https://\($0.offset).example", status: $0.element, checked: early))
      })
    checks["stopped"] = LinkCheck(url: "https://s.example", status: .unchecked("the check was stopped"), checked: late)
    try LinkCheckFile.merge(checks, keeping: nil, into: location)
    var expected = checks
    expected["stopped"] = nil
    XCTAssertEqual(try LinkCheckFile.load(from: location), expected)
  }

  func testADamagedFileIsNamedAndReplacedByTheNextCheck() throws {
    try FileManager.default.createDirectory(atPath: location.dataDirectory, withIntermediateDirectories: true)
    try Data("{not json".utf8).write(to: URL(fileURLWithPath: LinkCheckFile.path(in: location)))
    XCTAssertThrowsError(try LinkCheckFile.load(from: location)) { error in
      XCTAssertTrue("\(error)".contains("link-checks.json"), "\(error)")
    }
    try LinkCheckFile.merge(
      ["a": LinkCheck(url: "https://a.example", status: .ok, checked: early)], keeping: nil, into: location)
    XCTAssertEqual(try LinkCheckFile.load(from: location).count, 1)
  }
}
