import XCTest

@testable import WebPages

final class PageTitleTests: XCTestCase {
  func testTheTitleElementComesFirstThenOpenGraphThenTwitter() {
    XCTAssertEqual(PageTitle.find(inText: "<title>A</title><meta property='og:title' content='B'>"), "A")
    XCTAssertEqual(
      PageTitle.find(inText: "<meta name=twitter:title content=C><meta property=\"og:title\" content=\"B\">"), "B")
    XCTAssertEqual(PageTitle.find(inText: "<meta name=\"twitter:title\" content=\"C\">"), "C")
    XCTAssertNil(PageTitle.find(inText: "<p>no title</p>"))
  }

  func testATitleInsideAnSVGIsNotThePages() {
    XCTAssertEqual(PageTitle.find(inText: "<svg><title>icon</title></svg><title>Page</title>"), "Page")
    XCTAssertNil(PageTitle.find(inText: "<svg><title>icon</title></svg>"))
  }

  func testAQuotedGreaterThanDoesNotEndAMetaTag() {
    XCTAssertEqual(PageTitle.find(inText: "<meta property=\"og:title\" content=\"A > B\">"), "A > B")
    XCTAssertEqual(PageTitle.find(inText: "<meta name=twitter:title content='x>y' >"), "x>y")
  }

  func testTagsThatOnlyStartWithTitleAreNotTitles() {
    XCTAssertEqual(PageTitle.find(inText: "<titles>no</titles><title>yes</title>"), "yes")
  }

  func testReferencesAreDecodedAndBadNumbersBecomeReplacementCharacters() {
    XCTAssertEqual(PageTitle.clean("a &amp; b &lt;c&gt; &#65;&#x42; &unknown; &"), "a & b <c> AB &unknown; &")
    XCTAssertEqual(PageTitle.clean("&#x110000;x&#0;"), "\u{FFFD}x\u{FFFD}")
    XCTAssertEqual(PageTitle.clean("a&#99999999999999999999;b&#xD800;c"), "a\u{FFFD}b\u{FFFD}c")
  }

  func testControlsBidiAndEscapeSequencesAreTakenOutWhole() {
    XCTAssertEqual(PageTitle.clean("\u{1B}[1;31mBold\u{1B}[0m"), "Bold")
    XCTAssertEqual(PageTitle.clean("\u{1B}]0;window title\u{07}Shown"), "Shown")
    XCTAssertEqual(PageTitle.clean("\u{1B}]8;;http://x\u{1B}\\Link\u{1B}]8;;\u{1B}\\"), "Link")
    XCTAssertEqual(PageTitle.clean("\u{9B}2JClear"), "Clear")
    XCTAssertEqual(PageTitle.clean("a\u{202E}b\u{2066}c\u{200B}d\u{0}e"), "abcde")
    XCTAssertEqual(PageTitle.clean("&#27;[31mred"), "red")
  }

  func testWhitespaceIsCollapsedAndABlankTitleIsNone() {
    XCTAssertEqual(PageTitle.clean("  one \n\t two\u{A0} three  "), "one two three")
    XCTAssertNil(PageTitle.clean(" \n &nbsp; "))
  }

  func testALongTitleIsCut() {
    let title = PageTitle.clean(String(repeating: "word ", count: 100))
    XCTAssertEqual(title?.count, PageTitle.maximumLength)
    XCTAssertEqual(title?.last, "…")
  }
}
