import WebPages
import XCTest

final class FetchTargetTests: XCTestCase {
  func testARequestURLIsASCII() {
    XCTAssertEqual(
      FetchTarget.requestURL("https://bücher.example:8443/straße?q=ü#é"),
      "https://xn--bcher-kva.example:8443/stra%C3%9Fe?q=%C3%BC#%C3%A9")
    XCTAssertEqual(FetchTarget.requestURL("http://127.0.0.1:80/a%20b"), "http://127.0.0.1:80/a%20b")
    XCTAssertNil(FetchTarget.requestURL("javascript:alert(1)"))
  }

  func testOnlyWebURLsAreFetched() {
    XCTAssertNotNil(FetchTarget.web("https://example.com/a"))
    XCTAssertNotNil(FetchTarget.web("HTTP://example.com"))
    for url in ["file:///etc/passwd", "javascript:alert(1)", "ftp://example.com", "example.com", "data:text/html,x"] {
      XCTAssertNil(FetchTarget.web(url), url)
    }
  }

  func testPrivateHostsByTheirText() {
    for host in [
      "localhost", "app.localhost", "127.0.0.1", "10.1.2.3", "172.20.0.1", "192.168.1.1", "169.254.169.254",
      "100.64.0.1", "0.0.0.0", "::1", "[::1]", "fd00::1", "fe80::1", "::ffff:10.0.0.1", "127.1", "2130706433",
      "0x7f.0.0.1", "0177.0.0.1", "64:ff9b::a00:1", "::ffff:7f00:1",
    ] {
      XCTAssertTrue(FetchTarget.isPrivate(host: host), host)
    }
    for host in [
      "example.com", "8.8.8.8", "172.32.0.1", "2001:db8::1", "::ffff:8.8.8.8", "192.169.0.1", "dead.beef",
      "cafe", "64:ff9b::808:808",
    ] {
      XCTAssertFalse(FetchTarget.isPrivate(host: host), host)
    }
  }

  func testPrivateAddressesByTheirBytes() {
    XCTAssertTrue(FetchTarget.isPrivate(ipv4: [127, 0, 0, 1]))
    XCTAssertFalse(FetchTarget.isPrivate(ipv4: [93, 184, 216, 34]))
    XCTAssertTrue(FetchTarget.isPrivate(ipv6: Array(repeating: 0, count: 15) + [1]))
    XCTAssertTrue(FetchTarget.isPrivate(ipv6: [0xFE, 0x80] + Array(repeating: 0, count: 14)))
    XCTAssertFalse(FetchTarget.isPrivate(ipv6: [0x20, 0x01, 0x0d, 0xb8] + Array(repeating: 0, count: 12)))
  }
}
