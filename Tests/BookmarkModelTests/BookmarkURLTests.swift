import BookmarkModel
import XCTest

final class BookmarkURLTests: XCTestCase {
  func testURLWithoutSchemeGetsHTTPS() throws {
    let url = try BookmarkURL.parse("www.example.com").get()
    XCTAssertEqual(url.text, "https://www.example.com")
    XCTAssertEqual(url.host, "www.example.com")
  }

  func testURLIsKeptAsTypedApartFromTrimming() throws {
    XCTAssertEqual(
      try BookmarkURL.parse("  HTTP://Example.COM:8080/a b?c#d ".replacingOccurrences(of: "a b", with: "ab")).get()
        .text,
      "HTTP://Example.COM:8080/ab?c#d")
    let url = try BookmarkURL.parse("https://user:pw@東京.jp/パス?q=🚀").get()
    XCTAssertEqual(url.host, "東京.jp")
    XCTAssertEqual(url.rest, "/パス?q=🚀")
  }

  func testPortsAndIPv6() throws {
    XCTAssertEqual(try BookmarkURL.parse("localhost:8080").get().port, 8080)
    XCTAssertEqual(try BookmarkURL.parse("http://[::1]:3000/x").get().host, "::1")
    XCTAssertEqual(BookmarkURL.parse("example.com:99999").failure, .invalidPort("99999"))
    XCTAssertEqual(BookmarkURL.parse("example.com:80a").failure, .invalidPort("80a"))
  }

  func testMalformedURLsAreRefusedWithAReason() {
    XCTAssertEqual(BookmarkURL.parse("").failure, .empty)
    XCTAssertEqual(BookmarkURL.parse("   ").failure, .empty)
    XCTAssertEqual(BookmarkURL.parse("exa mple.com").failure, .containsSpace)
    XCTAssertEqual(BookmarkURL.parse("example.com/\u{1B}[31m").failure, .containsControlCharacter)
    XCTAssertEqual(BookmarkURL.parse("https://").failure, .missingHost)
    XCTAssertEqual(BookmarkURL.parse("https:///path").failure, .missingHost)
    XCTAssertEqual(BookmarkURL.parse("https://exa..mple.com").failure, .invalidHost("exa..mple.com"))
    XCTAssertEqual(BookmarkURL.parse("https://-bad.com").failure, .invalidHost("-bad.com"))
    XCTAssertEqual(BookmarkURL.parse("https://a<b>.com").failure, .invalidHost("a<b>.com"))
    XCTAssertEqual(BookmarkURL.parse("exa\u{200C}mple.com").failure, .containsInvisibleCharacter)
    XCTAssertEqual(BookmarkURL.parse("example.com/\u{202E}txt").failure, .containsInvisibleCharacter)
    XCTAssertEqual(BookmarkURL.parse("example.com/\u{FFFE}").failure, .containsInvisibleCharacter)
    XCTAssertEqual(BookmarkURL.parse("http://[abc]/").failure, .invalidHost("[abc]"))
    XCTAssertEqual(BookmarkURL.parse("http://[.]/").failure, .invalidHost("[.]"))
  }

  func testSchemesWithoutAHostAreRefusedNotPrefixed() {
    XCTAssertEqual(BookmarkURL.parse("mailto:me@example.com").failure, .missingHost)
    XCTAssertEqual(BookmarkURL.parse("about:blank").failure, .missingHost)
    XCTAssertEqual(try BookmarkURL.parse("example.com:8080/path").get().port, 8080, "host:port is not a scheme")
  }

  func testFileURLsNeedNoHost() throws {
    XCTAssertEqual(try BookmarkURL.parse("file:///home/me/notes.txt").get().host, "")
  }

  func testComparisonKeyIgnoresCaseDefaultPortAndEmptyPath() {
    let key = BookmarkURL.comparisonKey("https://www.example.com/")
    XCTAssertEqual(BookmarkURL.comparisonKey("HTTPS://WWW.Example.com"), key)
    XCTAssertEqual(BookmarkURL.comparisonKey("https://www.example.com:443"), key)
    XCTAssertEqual(BookmarkURL.comparisonKey("www.example.com"), key)
    XCTAssertNotEqual(BookmarkURL.comparisonKey("http://www.example.com"), key)
    XCTAssertNotEqual(
      BookmarkURL.comparisonKey("https://www.example.com/Path"),
      BookmarkURL.comparisonKey("https://www.example.com/path"))
  }

  /// An international host and its Punycode form are one host: the key holds the ASCII form.
  func testComparisonKeyComparesInternationalHostsInPunycode() {
    let key = BookmarkURL.comparisonKey("https://xn--bcher-kva.example/")
    XCTAssertEqual(BookmarkURL.comparisonKey("https://bücher.example/"), key)
    XCTAssertEqual(BookmarkURL.comparisonKey("https://BÜCHER.example"), key)
    XCTAssertEqual(BookmarkURL.comparisonKey("bücher.example:443"), key)
    XCTAssertEqual(BookmarkURL.comparisonKey("https://bücher.example/straße"), "https://xn--bcher-kva.example/straße")
    XCTAssertNotEqual(BookmarkURL.comparisonKey("https://bucher.example/"), key)
  }

  func testDraftDefaultsEmptyNameToHost() throws {
    let draft = try BookmarkDraft(name: "  ", url: "www.example.com/a").validated().get()
    XCTAssertEqual(draft, BookmarkDraft(name: "www.example.com", url: "https://www.example.com/a"))
    XCTAssertEqual(try BookmarkDraft(name: " Docs ", url: "x.org").validated().get().name, "Docs")
  }

  func testProblemsReadAsOneSentence() {
    for problem in [
      URLProblem.empty, .containsSpace, .containsControlCharacter, .containsInvisibleCharacter, .missingHost,
      .invalidHost("h"), .invalidPort("p"),
    ] {
      XCTAssertTrue(problem.description.hasSuffix("."), problem.description)
      XCTAssertFalse(problem.description.contains("\n"))
    }
  }
}

extension Result {
  var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
