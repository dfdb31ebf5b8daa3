import WebPages
import XCTest

final class PunycodeTests: XCTestCase {
  func testRFC3492AndCommonHosts() {
    XCTAssertEqual(Punycode.asciiHost("bücher.example"), "xn--bcher-kva.example")
    XCTAssertEqual(Punycode.asciiHost("MÜNCHEN.de"), "xn--mnchen-3ya.de")
    XCTAssertEqual(Punycode.asciiHost("例え.テスト"), "xn--r8jz45g.xn--zckzah")
    XCTAssertEqual(Punycode.asciiHost("пример.рф"), "xn--e1afmkfd.xn--p1ai")
    XCTAssertEqual(Punycode.asciiHost("Example.COM"), "example.com")
  }

  func testARequestURLIsASCII() {
    XCTAssertEqual(
      FetchTarget.requestURL("https://bücher.example:8443/straße?q=ü#é"),
      "https://xn--bcher-kva.example:8443/stra%C3%9Fe?q=%C3%BC#%C3%A9")
    XCTAssertEqual(FetchTarget.requestURL("http://127.0.0.1:80/a%20b"), "http://127.0.0.1:80/a%20b")
    XCTAssertNil(FetchTarget.requestURL("javascript:alert(1)"))
  }
}
