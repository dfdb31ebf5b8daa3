import XCTest

@testable import Archives

/// An attribute's value read from a tag's bytes, as browsers read it.
final class TagAttributesTests: XCTestCase {
  private func href(_ attributes: String) -> String? {
    TagAttributes.value(of: "href", in: Array(attributes.utf8)[...])
  }

  func testQuotedBareAndSpacedValues() {
    XCTAssertEqual(href(#" href="/a b.html" class=x"#), "/a b.html")
    XCTAssertEqual(href(" class='x' href='/q'"), "/q")
    XCTAssertEqual(href(" href=/p/1.html>"), "/p/1.html")
    XCTAssertEqual(href(#" HREF = "upper""#), "upper")
    XCTAssertEqual(href(#" href="""#), "")
  }

  func testOnlyTheAttributeOfThatNameCounts() {
    XCTAssertEqual(href(" data-href=/wrong href=/right"), "/right")
    XCTAssertNil(href(" data-href=/wrong"))
    XCTAssertNil(href(" download title='href=/not-an-attribute'"))
    XCTAssertNil(href(""))
  }

  func testStrayBytesEndTheScanWithoutAnAnswer() {
    XCTAssertNil(href(#" = "x" /"#))
    XCTAssertNil(href(#" href"#))
    XCTAssertEqual(href(#" "odd" href=/still"#), "/still")
    XCTAssertEqual(href(" href='unclosed"), "unclosed")
  }
}
