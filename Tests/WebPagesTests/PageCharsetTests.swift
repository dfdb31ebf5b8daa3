import XCTest

@testable import WebPages

final class PageCharsetTests: XCTestCase {
  private func detect(_ text: String, _ contentType: String? = nil) -> String {
    PageCharset.detect(Array(text.utf8), contentType: contentType).name
  }

  func testTheHeaderWinsOverTheMeta() {
    XCTAssertEqual(detect("<meta charset=koi8-r>", "text/html; charset=\"Windows-1251\""), "windows-1251")
  }

  func testMetaCharsetHttpEquivAndTheXMLDeclaration() {
    XCTAssertEqual(detect("<head><META CHARSET='Shift_JIS'>"), "shift_jis")
    XCTAssertEqual(
      detect("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=windows-1251\">"), "windows-1251")
    XCTAssertEqual(detect("<?xml version=\"1.0\" encoding=\"EUC-JP\"?><html>"), "euc-jp")
    XCTAssertEqual(detect("<meta name=\"description\" content=\"charset=wrong\"><p>"), "utf-8")
  }

  func testLatin1AndASCIILabelsReadAsWindows1252AndAPageSayingUTF16IsUTF8() {
    XCTAssertEqual(detect("<p>", "text/html; charset=ISO-8859-1"), "windows-1252")
    XCTAssertEqual(detect("<meta charset=us-ascii>"), "windows-1252")
    XCTAssertEqual(detect("<meta charset=utf-16>"), "utf-8")
    XCTAssertEqual(
      PageTitle.find(in: Array("<title>It".utf8) + [0x92] + Array("s</title>".utf8), contentType: "charset=latin1"),
      "It’s")
  }

  /// UTF-7 hides markup in plain ASCII (`+ADw-` is `<`): browsers refuse it as a page's
  /// charset, and so does Cloudy, reading the page as UTF-8.
  func testUTF7IsNotAPageCharset() {
    XCTAssertEqual(detect("<p>", "text/html; charset=UTF-7"), "utf-8")
    XCTAssertEqual(detect("<meta charset=utf-7>"), "utf-8")
    XCTAssertEqual(detect("<meta charset=unicode-1-1-utf-7>"), "utf-8")
    XCTAssertEqual(
      PageTitle.find(in: Array("<title>+AGEAYgBj-</title>".utf8), contentType: "text/html; charset=utf-7"),
      "+AGEAYgBj-")
  }

  func testAByteOrderMarkWinsAndIsSkipped() {
    let detected = PageCharset.detect([0xEF, 0xBB, 0xBF, 0x3C], contentType: "text/html; charset=latin1")
    XCTAssertEqual(detected.name, "utf-8")
    XCTAssertEqual(detected.skip, 3)
  }

  func testTitlesDecodeFromTheirCharset() {
    let cp1251: [UInt8] = Array("<title>".utf8) + [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2] + Array("</title>".utf8)
    XCTAssertEqual(PageTitle.find(in: cp1251, contentType: "text/html; charset=windows-1251"), "Привет")
    let sjis: [UInt8] = Array("<meta charset=sjis><title>".utf8) + [0x82, 0xB1, 0x82, 0xF1] + Array("</title>".utf8)
    XCTAssertEqual(PageTitle.find(in: sjis, contentType: nil), "こん")
  }

  func testAnUnknownCharsetFallsBackAndABadByteIsReplaced() {
    XCTAssertEqual(
      PageTitle.find(in: Array("<title>caf".utf8) + [0xE9] + Array("</title>".utf8), contentType: "charset=nonsense"),
      "café")
    XCTAssertEqual(
      PageTitle.find(in: Array("<title>a".utf8) + [0xFF] + Array("b</title>".utf8), contentType: nil), "a\u{FFFD}b")
  }
}
