import XCTest

/// Fuzzes the bookmark-file reader with Cloudy's JSON (`Corpus/bookmark-json`): the
/// properties of ``BookmarkFileProperties``, for CLOUDY_FUZZ_SECONDS (1.5 s by default).
final class BookmarkJSONFuzzTests: XCTestCase {
  static let tokens = [
    "[", "]", "{", "}", ",", ":", "\"", "\\", "\\u0000", "\\u001b", "\\u202e", "\\u2066", "\\ud800", "\\udc00",
    "\\u0085", "\\n", "\"id\":", "\"name\":", "\"url\":", "\"created\":", "\"modified\":", "\"folder\":", "\"notes\":",
    "\"tags\":", "\"\"", "null", "true", "[]", "{}", "1e300", "-1e300", "1.5", "0.1", "\"2026-11-22T09:00:00Z\"",
    "\"2026-11-22T09:00:00.123Z\"", "\"0001-01-01T00:00:00Z\"", "\"9999-12-31T23:59:59Z\"", "\"https://a.example\"",
    "\"javascript:alert(1)\"", "\" https://padded.example \"", "\u{FEFF}", "<",
  ]

  func testBookmarkJSON() {
    FuzzDriver(target: "bookmark-json", tokens: Self.tokens).run { input, random throws(FuzzFailure) in
      try BookmarkFileProperties.check(input, &random)
    }
  }
}
