import XCTest

@testable import BookmarkModel

/// Fuzzes the one URL rule, ``BookmarkURL`` (`Corpus/url`: the input's bytes as UTF-8, an
/// invalid sequence read as U+FFFD), for CLOUDY_FUZZ_SECONDS (1.5 s by default):
///
/// - `accept-rule`: what ``BookmarkURL/accept(_:)`` accepts holds no control, bidi or white
///   space character, passes ``BookmarkURL/storageProblem(_:)`` and is accepted unchanged;
/// - `storage-rule`: text ``BookmarkURL/storageProblem(_:)`` lets a store keep holds no
///   C0 or C1 control and no bidi control ("no control characters", the rule says);
/// - `openable-rule`: what ``BookmarkURL/isOpenable(_:)`` hands a browser passes the rule as
///   it is and has a web scheme;
/// - `draft-rule`: a validated draft's URL passes ``BookmarkURL/storageProblem(_:)``;
/// - `ascii-fast-path`: the byte-level parse of plain ASCII URLs gives what the full,
///   scalar-by-scalar parse gives, and the check alone (``BookmarkURL/isPlainASCIIWebURL(_:)``)
///   agrees with it;
/// - `comparison-key`: the byte-level fast path of ``BookmarkURL/comparisonKey(_:)`` agrees
///   with its definition through ``BookmarkURL/parse(_:)``.
final class URLRuleFuzzTests: XCTestCase {
  static let tokens = [
    "https://", "http://", "HTTPS://", "ftp://", "javascript:", "place:", "file://", "file:///", "mailto:", "about:",
    "www.", "example.com", ".", "..", "-", "_", "/", "?", "#", "@", ":", ":80", ":443", ":65535", ":65536", ":0x1",
    "[::1]", "[", "]", "%2F", "%", " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}",
    "\u{A0}", "\u{2028}", "\u{3000}", "\u{FEFF}", "\u{200B}", "\u{202A}", "\u{202E}", "\u{2066}", "\u{2069}",
    "\u{200E}", "\u{200F}", "\u{061C}", "\u{E000}", "\u{FFFF}", "\u{301}", "東京", "xn--", "é",
  ]

  func testURLRule() {
    FuzzDriver(target: "url", tokens: Self.tokens).run { input, _ throws(FuzzFailure) in
      try Self.check(String(decoding: input, as: UTF8.self))
    }
  }

  /// The edges of the plain ASCII check, each agreeing with the parse it stands for.
  func testThePlainASCIICheckAgreesWithTheParse() {
    let texts = [
      "https://a.example", "https://a.example/", "HTTPS://A.EXAMPLE:443/x?y#z", "https://u:p@a.example:8080/p",
      "https://a.example:", "https://a.example:65535", "https://a.example:65536", "https://a.example:123456",
      "https://a.example:0x1", "https://[::1]/", "https://@/", "https://a..example", "https://-a.example",
      "https://a-.example", "https://a.example.", "https://a.example..", "https://a_b.example", "https://",
      "https:/a.example", "1https://a.example", "h+t-t.p://a.example", "https://a.example/ x", "https://東京.example",
      "https://a.example/%E6%9D%B1", "mailto:a@b.example", "", ":", "://", "https://a.example#:99999",
      "https://a.example?@b:1", "https://a@b@c.example",
    ]
    for text in texts {
      XCTAssertEqual(BookmarkURL.isPlainASCIIWebURL(text), BookmarkURL.parsePlainASCIIWebURL(text) != nil, text)
    }
    XCTAssertTrue(BookmarkURL.isPlainASCIIWebURL("https://u:p@a.example:8080/p"))
    XCTAssertFalse(BookmarkURL.isPlainASCIIWebURL("https://a.example:65536"))
  }

  static func check(_ text: String) throws(FuzzFailure) -> String {
    let shown = ForbiddenScalar.visible(text)
    let accepted = BookmarkURL.accept(text)
    if case .success(let url) = accepted {
      if let scalar = url.text.unicodeScalars.first(where: {
        ForbiddenScalar.isForbidden($0) || $0.properties.isWhitespace
      }) {
        throw FuzzFailure(
          "accept-rule",
          "accept(\(shown)) accepts \(ForbiddenScalar.visible(url.text)), which holds U+"
            + String(scalar.value, radix: 16, uppercase: true))
      }
      try FuzzFailure.check(
        BookmarkURL.storageProblem(url.text) == nil, "accept-rule",
        "accept(\(shown)) gives \(ForbiddenScalar.visible(url.text)), which storageProblem refuses")
      guard case .success(let again) = BookmarkURL.accept(url.text), again.text == url.text else {
        throw FuzzFailure("accept-rule", "accept(\(shown)) gives a URL that is not accepted unchanged")
      }
    }
    let problem = BookmarkURL.storageProblem(text)
    if problem == nil, let scalar = ForbiddenScalar.first(in: text) {
      throw FuzzFailure(
        "storage-rule",
        "storageProblem(\(shown)) is nil, so a store keeps this URL with U+\(String(scalar.value, radix: 16, uppercase: true))"
          + " (accept trims it away, but the stored text keeps it)")
    }
    if BookmarkURL.isOpenable(text) {
      guard problem == nil, case .success(let url) = accepted, url.text == text,
        BookmarkURL.webSchemes.contains(url.scheme.lowercased())
      else { throw FuzzFailure("openable-rule", "isOpenable(\(shown)) is true") }
    }
    if case .success(let draft) = BookmarkDraft(name: "", url: text).validated() {
      try FuzzFailure.check(
        BookmarkURL.storageProblem(draft.url) == nil, "draft-rule",
        "the draft's URL \(ForbiddenScalar.visible(draft.url)) from \(shown) breaks the rule")
    }
    try FuzzFailure.check(
      BookmarkURL.isPlainASCIIWebURL(text) == (BookmarkURL.parsePlainASCIIWebURL(text) != nil), "ascii-fast-path",
      "isPlainASCIIWebURL(\(shown)) disagrees with parsePlainASCIIWebURL")
    if let fast = BookmarkURL.parsePlainASCIIWebURL(text) {
      guard case .success(let full) = BookmarkURL.parseScalars(text), full == fast,
        ForbiddenScalar.first(in: text) == nil
      else {
        throw FuzzFailure("ascii-fast-path", "the byte-level parse of \(shown) disagrees with the full parse")
      }
    }
    if let fast = BookmarkURL.asciiComparisonKey(text) {
      let parsed = BookmarkURL.parsedComparisonKey(text)
      try FuzzFailure.check(
        fast == parsed, "comparison-key", "comparisonKey(\(shown)): the fast path gives \(fast), parse gives \(parsed)")
    }
    switch accepted {
    case .success(let url): return "accepted \(url.scheme.lowercased().prefix(5)) \(url.port != nil) \(problem == nil)"
    case .failure(let refusal): return "refused \(String(describing: refusal).prefix { $0 != "(" }) \(problem == nil)"
    }
  }
}
