import BookmarkModel
import TestSupport
import WebFetching
import WebPages
import XCTest

/// Titles from real pages served by the fixture server: charsets, entities, compression,
/// redirects, hostile text, and pages that are too big, too slow or not pages at all.
final class TitleFetchingTests: XCTestCase {
  private static let cases: [(path: String, title: String?)] = [
    ("/title/plain", "Plain Title"),
    ("/title/og", "Open Graph Title"),
    ("/title/twitter", "Twitter Card Title"),
    ("/title/entities", "Tom & Jerry — “Cats” <3 ©"),
    ("/title/whitespace", "Lots of space"),
    ("/title/cp1251-header", "Привет, мир"),
    ("/title/cp1251-meta", "Привет, мир"),
    ("/title/cp1251-http-equiv", "Привет, мир"),
    ("/title/sjis-header", "こんにちは世界"),
    ("/title/sjis-meta", "こんにちは世界"),
    ("/title/xml-declaration", "Привет, мир"),
    ("/title/xml-utf8", "Déclaration XML"),
    ("/title/bom", "Byte Order Mark"),
    ("/title/utf16", "Wide Title"),
    ("/title/latin1", "Café Crème"),
    ("/title/gzip", "Squeezed With Gzip"),
    ("/title/deflate", "Squeezed With Deflate"),
    ("/title/none", nil),
    ("/title/blank", "Fallback After Blank"),
    ("/title/escape", "Red Alert"),
    ("/title/bidi", "safetxt.exe name"),
    ("/title/svg-first", "After The Icon"),
    ("/title/uppercase", "Shouting Title"),
    ("/title/late", "Found Late"),
    ("/title/too-late", nil),
    ("/title/huge", "Huge Page"),
    ("/title/image", nil),
    ("/title/redirect", "Plain Title"),
    ("/title/browser-only", "Browsers Only"),
    ("/title/not-found", nil),
    ("/hang", nil),
    ("/stall", nil),
    ("/title/quoted-gt", "A > B"),
    ("/title/curly-latin1", "It’s “quoted”"),
  ]

  func testEachPageGivesItsTitle() async throws {
    let server = try webFixture.get()
    let fetcher = makeFetcher()
    let titles = TitleFetcher(fetcher: fetcher)
    let found = await withTaskGroup(of: (String, String?).self) { group in
      for (path, _) in Self.cases { group.addTask { (path, await titles.title(for: server.url(path))) } }
      return await group.reduce(into: [String: String?]()) { $0[$1.0] = $1.1 }
    }
    await fetcher.shutdown()
    for (path, expected) in Self.cases {
      XCTAssertEqual(found[path] ?? "(missing)", expected, path)
    }
  }

  func testALongTitleIsCutWithAnEllipsis() async throws {
    let fetcher = makeFetcher()
    let title = await TitleFetcher(fetcher: fetcher).title(for: try webFixture.get().url("/title/long"))
    await fetcher.shutdown()
    XCTAssertEqual(title?.count, PageTitle.maximumLength)
    XCTAssertEqual(title?.hasSuffix("Long…"), true)
  }

  func testAFiftyMegabytePageIsReadOnlyUpToTheCap() async throws {
    let fetcher = makeFetcher()
    let result = await fetcher.fetch(
      try webFixture.get().url("/title/huge"), method: .get, bodyLimit: FetchLimits.titleBody)
    await fetcher.shutdown()
    let page = try result.get()
    XCTAssertEqual(page.body.count, FetchLimits.titleBody)
  }

  func testTheServerSeesABrowserLikeUserAgent() {
    XCTAssertTrue(HTTPPageFetcher.userAgent.hasPrefix("Mozilla/5.0"))
  }

  func testNonWebURLsAreNeverFetched() async {
    let fetcher = makeFetcher()
    for url in ["file:///etc/passwd", "javascript:alert(1)", "ftp://example.com/file", "mailto:a@example.com"] {
      let result = await fetcher.fetch(url, method: .get, bodyLimit: 100)
      XCTAssertEqual(result, .failure(.notWeb), url)
      let title = await TitleFetcher(fetcher: fetcher).title(for: url)
      XCTAssertNil(title, url)
    }
    await fetcher.shutdown()
  }
}

/// `https_proxy` and `no_proxy`: pages go through the proxy named, with its credentials,
/// except for the hosts `no_proxy` lists; the password never shows in a failure.
final class ProxyTests: XCTestCase {
  func testPagesGoThroughTheProxyWithItsCredentialsUnlessNoProxySaysOtherwise() async throws {
    let server = try webFixture.get()
    let proxy = "http://cloudy:s3cret@127.0.0.1:\(server.proxyPort)"
    let through = HTTPPageFetcher(environment: ["https_proxy": proxy], requestTimeout: .seconds(5))
    let title = await TitleFetcher(fetcher: through).title(for: server.url("/title/plain"))
    await through.shutdown()
    XCTAssertEqual(title, "Plain Title")
    let tunnels = try await tunnelsSeen(server)
    XCTAssertTrue(
      tunnels.contains("127.0.0.1:\(server.port) Basic Y2xvdWR5OnMzY3JldA=="), "tunnels: \(tunnels)")

    let around = HTTPPageFetcher(
      environment: ["HTTPS_PROXY": proxy, "no_proxy": "localhost"], requestTimeout: .seconds(5))
    let direct = await TitleFetcher(fetcher: around).title(for: "http://localhost:\(server.port)/title/og")
    await around.shutdown()
    XCTAssertEqual(direct, "Open Graph Title")
    let after = try await tunnelsSeen(server)
    XCTAssertFalse(after.contains("localhost:\(server.port)"), "not through the proxy: \(after)")
  }

  func testTheProxyPasswordNeverShowsInAFailure() async throws {
    let server = try webFixture.get()
    let fetcher = HTTPPageFetcher(
      environment: ["http_proxy": "http://cloudy:s3cret@127.0.0.1:\(server.proxyPort)"], requestTimeout: .seconds(5))
    // The proxy can't reach port 1: it answers 502.
    let result = await fetcher.fetch("http://127.0.0.1:1/", method: .get, bodyLimit: 100)
    await fetcher.shutdown()
    guard case .failure(let failure) = result else { return XCTFail("fetched through a dead tunnel: \(result)") }
    XCTAssertFalse("\(failure)".contains("s3cret"), "\(failure)")
    XCTAssertFalse(LinkStatus(result).detail.contains("s3cret"))
  }

  private func tunnelsSeen(_ server: WebFixtureServer) async throws -> String {
    let fetcher = makeFetcher()
    let page = try await fetcher.fetch(
      "http://127.0.0.1:\(server.proxyPort)/tunnels", method: .get, bodyLimit: 1 << 16
    ).get()
    await fetcher.shutdown()
    return String(decoding: page.body, as: UTF8.self)
  }
}
