import BookmarkModel
import TestSupport
import WebFetching
import WebPages
import XCTest

/// `cloudy check`'s classification against real servers on 127.0.0.1.
final class LinkCheckingTests: XCTestCase {
  func testEachLinkIsClassified() async throws {
    let server = try webFixture.get()
    let closedPort = try Self.closedPort()
    let flakyKey = UUID().uuidString
    let cases: [(url: String, status: LinkStatus)] = [
      (server.url("/ok"), .ok),
      (server.url("/head-refused"), .ok),
      (server.url("/chain"), .moved(to: server.url("/chain/2"))),
      (server.url("/permanent"), .moved(to: server.url("/ok"))),
      (server.url("/temporary"), .ok),
      (server.url("/see-other"), .ok),
      (server.url("/loop"), .badRedirect("a redirect loop")),
      (server.url("/many/0"), .badRedirect("more than 10 redirects")),
      (server.url("/to-file"), .badRedirect("redirected to a non-web address")),
      (server.url("/gone"), .gone(404)),
      (server.url("/gone-for-good"), .gone(410)),
      (server.url("/forbidden"), .clientError(403)),
      (server.url("/teapot"), .clientError(418)),
      (server.url("/broken"), .serverError(503)),
      (server.url("/flaky/\(flakyKey)"), .ok),
      (server.url("/hang"), .timeout),
      (server.url("/gzip"), .ok),
      (server.url("/stall"), .ok),
      (server.url("/rate-limited"), .unchecked("the server asked to slow down (429)")),
      ("http://127.0.0.1:\(closedPort)/", .refused),
      // Only this machine answered (the fixture is on 127.0.0.1), which shows nothing of the
      // network: a name not found is not checked rather than dead (issue 36.8). With a named
      // host answering it is a DNS failure (LinkCheckerTests).
      ("http://no-such-host.invalid/", LinkChecker.noNetwork),
      (server.secureURL("/ok"), .tlsError("the certificate is not trusted")),
      ("javascript:alert(1)", .notWeb),
      ("file:///etc/passwd", .notWeb),
    ]
    let fetcher = makeFetcher()
    let checker = LinkChecker(fetcher: fetcher, limits: .init(retryDelay: .milliseconds(50)))
    let results = await checker.check(cases.enumerated().map { (key: $0.offset, url: $0.element.url) })
    await fetcher.shutdown()
    for (result, expected) in zip(results, cases) {
      XCTAssertEqual(result.status, expected.status, expected.url)
    }
  }

  func testRedirectsAreRecordedWithTheURLThatAnsweredLast() async throws {
    let server = try webFixture.get()
    let fetcher = makeFetcher()
    let page = try await fetcher.fetch(server.url("/chain"), method: .head, bodyLimit: 0).get()
    await fetcher.shutdown()
    XCTAssertEqual(page.status, 200)
    XCTAssertEqual(page.url, server.url("/chain/3"))
    XCTAssertEqual(
      page.redirects,
      [.init(status: 301, location: server.url("/chain/2")), .init(status: 302, location: server.url("/chain/3"))])
  }

  /// The checker's own limit: the HTTP client would open up to eight connections to a host.
  func testAtMostTwoRequestsGoToOneHostAtATime() async throws {
    let server = try webFixture.get()
    let fetcher = makeFetcher()
    let token = UUID().uuidString
    let urls = (0..<8).map { (key: $0, url: server.url("/concurrent/\(token)/\($0)")) }
    let results = await LinkChecker(fetcher: fetcher).check(urls)
    XCTAssertEqual(results.map(\.status), Array(repeating: .ok, count: 8))
    let most = try await fetcher.fetch(server.url("/concurrent-max/\(token)"), method: .get, bodyLimit: 100).get()
    await fetcher.shutdown()
    XCTAssertEqual(String(decoding: most.body, as: UTF8.self), "2")
  }

  func testAFetchThatStallsAfterItsHeadersEndsAtTheDeadline() async throws {
    let fetcher = makeFetcher()
    // The server holds the rest of the body back for 8 s, then closes: only the fetch's own
    // 2 s deadline makes this a timeout.
    let result = await fetcher.fetch(try webFixture.get().url("/stall"), method: .get, bodyLimit: 1 << 20)
    await fetcher.shutdown()
    XCTAssertEqual(result, .failure(.timeout))
  }

  /// A port nothing listens on: bound, then closed.
  private static func closedPort() throws -> Int {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0 else { throw ChildProcess.Failure(description: "could not bind a port") }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(socket, $0, &length) }
    }
    return Int(UInt16(bigEndian: address.sin_port))
  }
}
