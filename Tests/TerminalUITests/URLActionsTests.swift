import XCTest

@testable import TerminalUI

/// `o` and `y` check the URL again where it leaves Cloudy (issue 16.3, defence in depth):
/// whatever got past the stores, a control sequence never reaches `$BROWSER`'s argv or the
/// clipboard, and only http/https URLs are opened.
final class URLActionsTests: XCTestCase {
  let hostile = [
    "https://d.example/\u{1B}]0;X\u{7}", "https://d.example/\u{9B}2J", "https://d.example/\u{202E}gpj",
    "https://d.example/\u{200B}", "javascript:alert(1)\u{7}", "https://d.example/a\nb", "",
  ]

  func testHostileURLsAreNeitherCopiedNorOpened() {
    for url in hostile {
      for opening in [false, true] {
        let refusal = URLActions.refusal(for: url, opening: opening)
        XCTAssertNotNil(refusal, "\(url.debugDescription) is refused (opening: \(opening))")
        XCTAssertEqual(refusal?.isError, true)
        XCTAssertFalse(refusal?.text.contains("\u{1B}") ?? true, "the refusal never repeats the escape")
      }
    }
  }

  func testOnlyWebURLsAreOpenedButOthersAreCopied() {
    XCTAssertNil(URLActions.refusal(for: "https://example.com/a?b#c", opening: true))
    XCTAssertNil(URLActions.refusal(for: "javascript:void(0)", opening: false))
    XCTAssertNotNil(URLActions.refusal(for: "javascript:void(0)", opening: true))
    XCTAssertNotNil(URLActions.refusal(for: "file:///etc/passwd", opening: true))
  }
}
