import XCTest

@testable import Archives

/// What a page reads as: the main content in order, links as footnotes, the rest dropped,
/// and nothing a page sends reaching the terminal as a control.
final class ReadableTextTests: XCTestCase {
  func testMainContentWithHeadingsListsAndLinksAsFootnotes() {
    let html = """
      <html><head><title>T</title><style>p{}</style><script>var x = "<p>no</p>";</script></head>
      <body><nav><a href="/">Home</a></nav><header>Banner</header>
      <h1>Title &amp; more</h1><p>Read <a href="/a">this</a> and <a href='https://b.example/'>that</a>,
      then <a href="/a">this again</a>.</p>
      <ul><li>one</li><li>two<ol><li>inner</li></ol></li></ul>
      <footer>Footer</footer></body></html>
      """
    let (text, links) = ReadableText.extract(html: html, baseURL: "https://site.example/dir/page")
    XCTAssertEqual(
      text,
      """
      # Title & more

      Read this [1] and that [2], then this again [1].

      • one
      • two
        1. inner

      [1] https://site.example/a
      [2] https://b.example/
      """)
    XCTAssertEqual(links, ["https://site.example/a", "https://b.example/"])
  }

  func testOnlyTheMainOrArticleWhenThePageHasOne() {
    let html = "<body><p>Menu</p><article><h2>Story</h2><p>Body</p></article><p>More links</p></body>"
    XCTAssertEqual(ReadableText.extract(html: html, baseURL: nil).text, "## Story\n\nBody")
  }

  func testPreformattedKeepsItsLinesAndBreaksMakeLines() {
    let html = "<p>a<br>b</p><pre>  x\n    y</pre>"
    XCTAssertEqual(ReadableText.extract(html: html, baseURL: nil).text, "a\nb\n\n  x\n    y")
  }

  func testOnlyWebLinksBecomeFootnotes() {
    let html = ##"<p><a href="javascript:alert(1)">js</a> <a href="#top">top</a> <a href="mailto:a@b">mail</a></p>"##
    let (text, links) = ReadableText.extract(html: html, baseURL: "https://x.example/")
    XCTAssertEqual(text, "js top mail")
    XCTAssertEqual(links, [])
  }

  func testDeepNestingNeedsNoStack() {
    // Far deeper than a recursive parser survives on an 8 MB stack.
    let depth = 100_000
    let html =
      String(repeating: "<div><span>", count: depth) + "bottom" + String(repeating: "</span></div>", count: depth)
    XCTAssertEqual(ReadableText.extract(html: html, baseURL: nil).text, "bottom")
    let unclosed = String(repeating: "<b><i>", count: depth) + "end"
    XCTAssertEqual(ReadableText.extract(html: unclosed, baseURL: nil).text, "end")
  }

  func testEscapeAndBidiCharactersAreShownNotObeyed() {
    let html = "<p>\u{1B}[31mRed\u{1B}[0m &#27;]0;title&#7; safe\u{202E}txt.exe\u{2066} \u{9B}2J</p>"
    let text = ReadableText.extract(html: html, baseURL: nil).text
    XCTAssertFalse(text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, text)
    XCTAssertFalse(text.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) }, text)
    XCTAssertFalse(text.unicodeScalars.contains { [0x202E, 0x2066].contains($0.value) }, text)
    XCTAssertEqual(text, "␛[31mRed␛[0m ␛]0;title␇ safe\u{FFFD}txt.exe\u{FFFD} \u{FFFD}2J")
  }

  func testUnterminatedMarkupEndsTheText() {
    XCTAssertEqual(ReadableText.extract(html: "<p>before<script>never closed <p>x", baseURL: nil).text, "before")
    XCTAssertEqual(ReadableText.extract(html: "<p>before<!-- open comment", baseURL: nil).text, "before")
    XCTAssertEqual(ReadableText.extract(html: "<p>a < b and c<d</p>", baseURL: nil).text, "a < b and c")
  }
}
