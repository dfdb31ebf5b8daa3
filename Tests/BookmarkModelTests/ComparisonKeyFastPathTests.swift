import XCTest

@testable import BookmarkModel

/// The byte-level fast path of the URL normaliser agrees with the definition through `parse`.
final class ComparisonKeyFastPathTests: XCTestCase {
  func testFastPathAgreesWithParsedPath() {
    let urls = [
      "https://example.com", "HTTPS://Example.COM:443", "https://example.com:8443/a/b?c=d#e", "http://a.b:80?q",
      "http://a.b:80#frag", "https://a.b:/x", "https://a.b:65535/", "https://a.b:65536/", "https://a.b:99999999999",
      "https://a.b:12x/", "ftp://files.example:21/pub/", "wss://chat.example:443/s", "git+ssh://host.example/repo",
      "https://-bad.example/", "https://bad-.example/", "https://a..b/", "https://a.b./", "https://a_b.example/",
      "https://user@host.example/", "https://[::1]:8080/", "https://host.example/ space", "https://host.example/\u{7}",
      "1http://x.example/", "javascript:alert(1)", "place:sort=8", "file:///etc/hosts", "https:///path",
      "https://", "https://h", "https://東京.jp/", "https://example.com/ü", "h-t.t+p://x.example",
      " https://padded.example ", "https://host.example/a://b", "www.example.com", "example.com:8080/x",
      "https://host.example/%20?x=%2F",
    ]
    for url in urls {
      if let fast = BookmarkURL.asciiComparisonKey(url) {
        XCTAssertEqual(fast, BookmarkURL.parsedComparisonKey(url), url)
      }
    }
    XCTAssertNotNil(BookmarkURL.asciiComparisonKey("https://example.com:8443/a?b"), "the common case is fast")
    XCTAssertNil(BookmarkURL.asciiComparisonKey("https://東京.jp/"), "non-ASCII takes the general path")
  }
}
