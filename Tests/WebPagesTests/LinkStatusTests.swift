import BookmarkModel
import WebPages
import XCTest

final class LinkStatusTests: XCTestCase {
  private func status(_ code: Int, _ hops: [(Int, String)] = []) -> LinkStatus {
    LinkStatus(
      .success(
        FetchedPage(status: code, url: "https://b/", redirects: hops.map { .init(status: $0.0, location: $0.1) })))
  }

  func testStatusCodes() {
    XCTAssertEqual(status(200), .ok)
    XCTAssertEqual(status(304), .ok)
    XCTAssertEqual(status(404), .gone(404))
    XCTAssertEqual(status(410), .gone(410))
    XCTAssertEqual(status(401), .clientError(401))
    XCTAssertEqual(status(502), .serverError(502))
    XCTAssertEqual(status(429), .unchecked("the server asked to slow down (429)"))
    XCTAssertFalse(status(429).isDead)
    XCTAssertEqual(LinkStatus(.failure(.cancelled)), .unchecked("the check was stopped"))
    XCTAssertEqual(
      LinkStatus(.failure(.lookupFailed)), .unchecked("the name could not be looked up; is the network down?"))
  }

  func testOnlyALeadingRunOfPermanentRedirectsIsAMove() {
    XCTAssertEqual(status(200, [(301, "https://a/"), (308, "https://b/")]), .moved(to: "https://b/"))
    XCTAssertEqual(status(200, [(301, "https://a/"), (302, "https://b/")]), .moved(to: "https://a/"))
    XCTAssertEqual(status(200, [(302, "https://a/"), (301, "https://b/")]), .ok)
    XCTAssertEqual(status(404, [(301, "https://a/")]), .gone(404))
  }

  func testWhatIsDead() {
    XCTAssertFalse(LinkStatus.ok.isDead)
    XCTAssertFalse(LinkStatus.moved(to: "x").isDead)
    XCTAssertFalse(LinkStatus.notWeb.isDead)
    for dead in [LinkStatus.gone(404), .timeout, .refused, .dnsFailure, .tlsError("x"), .serverError(500)] {
      XCTAssertTrue(dead.isDead, dead.label)
    }
  }
}
