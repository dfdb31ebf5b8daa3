import BookmarkFormats
import XCTest

@testable import BookmarkFormats

final class HTMLTextAndTimestampTests: XCTestCase {
  func testDecodesNamedNumericAndLegacyReferences() {
    XCTAssertEqual(
      HTMLText.decode("a &amp; b &lt;c&gt; &quot;d&quot; &#39;e&#x27; &nbsp;"), "a & b <c> \"d\" 'e' \u{A0}")
    XCTAssertEqual(HTMLText.decode("&#x1F600;&#128512;&eacute;&hellip;"), "😀😀é…")
    XCTAssertEqual(HTMLText.decode("x &amp y &lt z"), "x & y < z", "legacy references without ;")
    XCTAssertEqual(HTMLText.decode("&unknown; & &#; &#xZZ;"), "&unknown; & &#; &#xZZ;", "kept as written")
    XCTAssertEqual(HTMLText.decode("&#0;&#xD800;&#x110000;"), "\u{FFFD}\u{FFFD}\u{FFFD}")
  }

  func testEscapesWhatHTMLNeedsAndControls() {
    XCTAssertEqual(
      HTMLText.escape(#"<a href="x">Tom & 'Jerry'</a>"#),
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;")
    XCTAssertEqual(HTMLText.escape("a\nb\tc\u{1B}"), "a&#10;b&#9;c&#27;")
    XCTAssertEqual(HTMLText.escape("東京 😀"), "東京 😀")
    for text in ["a&b", "x\ny", "&amp;", "<>\"'", "\u{85}"] {
      XCTAssertEqual(HTMLText.decode(HTMLText.escape(text)), text)
    }
  }

  /// Readers trim the white space around a name or a note, so spaces at the ends are written
  /// as references, which they keep.
  func testSpacesAtTheEndsAreEscapedAndOnlyThere() {
    XCTAssertEqual(HTMLText.escape(" a b  "), "&#32;a b&#32;&#32;")
    XCTAssertEqual(HTMLText.escape(" "), "&#32;")
    XCTAssertEqual(HTMLText.escape("a b"), "a b")
  }

  /// HTML can't hold NUL (`&#0;` reads as U+FFFD), so it is written as U+FFFD: an export of
  /// what was read is the same file.
  func testNULIsWrittenAsTheReplacementCharacter() {
    XCTAssertEqual(HTMLText.escape("a\u{0}b"), "a\u{FFFD}b")
    XCTAssertEqual(HTMLText.escape(HTMLText.decode(HTMLText.escape("\u{0}"))), HTMLText.escape("\u{0}"))
  }

  func testTimestampUnitsAreDetected() {
    XCTAssertEqual(BookmarkTimestamp.date(from: "1700000000"), date(1_700_000_000))
    XCTAssertEqual(BookmarkTimestamp.date(from: "1700000000123"), date(1_700_000_000), "milliseconds")
    XCTAssertEqual(BookmarkTimestamp.date(from: "1700000000123456"), date(1_700_000_000), "microseconds")
    XCTAssertEqual(BookmarkTimestamp.date(from: "13345000000000000"), date(1_700_526_400), "WebKit, since 1601")
    XCTAssertEqual(BookmarkTimestamp.date(from: "1700000000123456789"), date(1_700_000_000), "nanoseconds")
    XCTAssertEqual(BookmarkTimestamp.date(from: "0"), date(0))
    XCTAssertNil(BookmarkTimestamp.date(from: ""))
    XCTAssertNil(BookmarkTimestamp.date(from: "soon"))
    XCTAssertNil(BookmarkTimestamp.date(from: "99999999999999999999999"))
    XCTAssertEqual(BookmarkTimestamp.text(for: date(1_700_000_000.9)), "1700000000")
  }
}
