import XCTest

/// Fuzzes the bookmark-file reader with Netscape HTML (`Corpus/netscape`): the properties
/// of ``BookmarkFileProperties``, for CLOUDY_FUZZ_SECONDS (1.5 s by default).
final class NetscapeReaderFuzzTests: XCTestCase {
  static let tokens = [
    "<DL><p>", "</DL><p>", "<DL>", "</DL>", "<DT>", "<DT><A HREF=\"", "<DT><A HREF=", "<A HREF='", "\">", ">", "</A>",
    "<DT><H3>", "<H3 ADD_DATE=\"1\">", "</H3>", "<DD>", "<HR>", "<p>", "<", "</", "<!--", "-->", "<!", "<?",
    "<!DOCTYPE",
    "<!DOCTYPE NETSCAPE-Bookmark-file-1>", "&#x202E;", "&#8238;", "&#x2066;", "&#x200F;", "&#1564;", "&#27;", "&#10;",
    "&#0;", "&#x110000;", "&#xD800;", "&#99999999;", "&amp;", "&lt;", "&gt", "&quot;", "&nbsp;", "&rlm;", "&", "&#",
    "&#x", " ADD_DATE=\"", " LAST_MODIFIED=\"", " TAGS=\"", " ICON=\"data:", "\"", "'", "=", "https://", "http://",
    "javascript:", "place:", "file:///", "example.com", "13000000000000000", "1700000000000", "\u{FEFF}", "[", "{",
  ]

  func testNetscapeReader() {
    FuzzDriver(target: "netscape", tokens: Self.tokens).run { input, random throws(FuzzFailure) in
      try BookmarkFileProperties.check(input, &random)
    }
  }
}
