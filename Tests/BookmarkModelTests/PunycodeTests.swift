import BookmarkModel
import XCTest

final class PunycodeTests: XCTestCase {
  func testRFC3492AndCommonHosts() {
    XCTAssertEqual(Punycode.asciiHost("bücher.example"), "xn--bcher-kva.example")
    XCTAssertEqual(Punycode.asciiHost("MÜNCHEN.de"), "xn--mnchen-3ya.de")
    XCTAssertEqual(Punycode.asciiHost("例え.テスト"), "xn--r8jz45g.xn--zckzah")
    XCTAssertEqual(Punycode.asciiHost("пример.рф"), "xn--e1afmkfd.xn--p1ai")
    XCTAssertEqual(Punycode.asciiHost("Example.COM"), "example.com")
  }
}
