import BookmarkModel
import Foundation
import PropertyLists
import XCTest

/// The one rule for the URLs a bookmark may hold, wherever it comes from (issues 16.3 and
/// 14.16): safe characters always; `http`/`https` need a host; other schemes are kept as
/// text and never opened.
final class URLRuleTests: XCTestCase {
  /// URLs that must never be stored, from any entry point.
  static let hostile = [
    "https://d.example/\u{1B}]0;X\u{7}", "https://d.example/\u{9B}31m", "https://d.example/\u{202E}gpj.exe",
    "https://d.example/\u{2066}x\u{2069}", "https://d.example/a\u{200F}", "https://d.example/\u{061C}",
    "https://d.example/\u{200B}", "javascript:alert(1)\u{1B}[2J", "place:\u{202E}", "https://d.example/a b",
    "https://d.example/\n", "", "   ", "https://", "http:no-host",
  ]

  func testHostileURLsAreRefused() {
    for url in Self.hostile {
      XCTAssertNotNil(BookmarkURL.storageProblem(url), "\(url.debugDescription) is refused")
      XCTAssertFalse(BookmarkURL.isOpenable(url), "\(url.debugDescription) is never opened")
    }
  }

  /// `accept` trims white space, so the rule looks at what it trims too: a line break or
  /// another control hidden among the spaces around a URL is refused; spaces alone are text
  /// that needs trimming, which the rule keeps (a URL stored before it is not quarantined).
  func testControlsInTheWhiteSpaceAroundAURLAreRefused() {
    for url in [
      " \nhttps://a.example", "https://a.example\n ", " \u{85}https://a.example", " \n t", "\thttps://a.example",
      "https://a.example\u{2028}", "\u{3000}\rhttps://a.example",
    ] {
      XCTAssertNotNil(BookmarkURL.storageProblem(url), url.debugDescription)
    }
    for url in [" https://a.example", "https://a.example  ", "\u{A0}example.com\u{3000}"] {
      XCTAssertNil(BookmarkURL.storageProblem(url), url.debugDescription)
      XCTAssertFalse(BookmarkURL.isOpenable(url), "opened only as it is accepted: \(url.debugDescription)")
    }
  }

  /// A host may not start with a combining mark: after the `https://` that `accept` adds,
  /// it would join the `/`, giving a URL the rule itself refuses.
  func testAHostStartingWithACombiningMarkIsRefused() {
    for input in ["\u{301}", "\u{301}example.com", "\u{93E}example.com", "a.\u{301}b.example"] {
      XCTAssertEqual(BookmarkURL.accept(input).failure.map { "\($0)" }?.hasSuffix("is not a valid host name."), true)
      XCTAssertNotNil(BookmarkURL.storageProblem(input), input.debugDescription)
    }
    XCTAssertEqual(try BookmarkURL.accept("e\u{301}xample.com").get().text, "https://e\u{301}xample.com")
  }

  func testNonWebSchemesAreKeptAsTextButNeverOpened() throws {
    for url in ["javascript:void(0)", "place:sort=8", "about:blank", "mailto:me@example.com", "file:///etc/passwd"] {
      XCTAssertNil(BookmarkURL.storageProblem(url), url)
      XCTAssertFalse(BookmarkURL.isOpenable(url), url)
      XCTAssertEqual(try BookmarkDraft(name: "", url: url).validated().get().url, url)
    }
    for url in ["https://example.com", "HTTP://Example.com:8080/x?q#f"] {
      XCTAssertNil(BookmarkURL.storageProblem(url), url)
      XCTAssertTrue(BookmarkURL.isOpenable(url), url)
    }
  }

  func testAnEmptyNameBecomesTheHostOrTheURL() throws {
    XCTAssertEqual(try BookmarkDraft(name: " ", url: "file:///etc/passwd").validated().get().name, "file:///etc/passwd")
    XCTAssertEqual(try BookmarkDraft(name: "", url: "javascript:void(0)").validated().get().name, "javascript:void(0)")
    XCTAssertEqual(try BookmarkDraft(name: "", url: "example.com/a").validated().get().name, "example.com")
  }

  func testANameOnlyEditKeepsTheUnchangedURLVerbatim() throws {
    // A URL stored before the rule (no scheme) is not rewritten or refused by a rename.
    let draft = try BookmarkDraft(name: "New", url: "example.com").validated(unchangedURL: "example.com").get()
    XCTAssertEqual(draft, BookmarkDraft(name: "New", url: "example.com"))
    XCTAssertEqual(
      try BookmarkDraft(name: "", url: "place:sort=8").validated(unchangedURL: "place:sort=8").get().name,
      "place:sort=8")
    // A changed URL is checked.
    XCTAssertEqual(
      BookmarkDraft(name: "x", url: "https://a.example/\u{1B}").validated(unchangedURL: "https://a.example/").failure,
      .containsControlCharacter)
  }

  func testStoredBookmarksWithHostileURLsAreNotRead() {
    for url in Self.hostile {
      let entry = PropertyList.dictionary(["id": .string("a"), "name": .string("n"), "url": .string(url)])
      XCTAssertNil(Bookmark(propertyList: entry), "a property list with \(url.debugDescription) is quarantined")
      let bookmark = Bookmark(
        id: "a", name: "n", url: url, created: Date(timeIntervalSince1970: 0), modified: Date(timeIntervalSince1970: 0))
      XCTAssertNil(
        BookmarkDocument.read(BookmarkDocument.data(for: bookmark, order: 0)),
        "a document with \(url.debugDescription) is quarantined")
    }
    let safe = Bookmark(
      id: "a", name: "n", url: "https://ok.example", created: Date(timeIntervalSince1970: 0),
      modified: Date(timeIntervalSince1970: 0))
    XCTAssertNotNil(BookmarkDocument.read(BookmarkDocument.data(for: safe, order: 0)))
  }
}

extension URLRuleTests {
  /// Found by fuzzing for longer: a combining mark first would join the `/` that `https://`
  /// ends with, so the text stored would not pass the rule it was accepted by.
  func testACombiningMarkCantStartAURLWithoutAScheme() {
    XCTAssertEqual(BookmarkURL.accept("\u{309}@e").failureValue, .invalidHost("\u{309}@e"))
    XCTAssertNotNil(BookmarkURL.storageProblem("https://\u{309}@e"))
  }

  /// The storage check's byte-level path agrees with the rule on the URLs it decides.
  func testTheStorageCheckAgreesOnPlainURLs() {
    for url in [
      "https://example.com", "http://user:pw@EXAMPLE.com:8080/a?b#c", "ftp://files.example:21",
      "https://host.example:/x", "HTTPS://www.apple.com/", "https://a_b.example",
    ] {
      XCTAssertNil(BookmarkURL.storageProblem(url), url)
    }
    for url in [
      "https://host.example:65536", "https://-bad.example", "https://bad..example", "https://", "https://:80",
      "https://exa mple.com", "https://host.example:0x1", "https://a.example:123456",
    ] {
      XCTAssertNotNil(BookmarkURL.storageProblem(url), url)
    }
  }
}

extension Result {
  fileprivate var failureValue: Failure? {
    if case .failure(let failure) = self { return failure }
    return nil
  }
}
