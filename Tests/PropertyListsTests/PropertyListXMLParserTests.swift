import Foundation
import PropertyLists
import XCTest

/// What the XML reader makes of text, pinned: values for what it reads, and for what it
/// refuses the very error it gave before the reader was rewritten to parse in place (issue
/// 39.5). Each case goes through ``PropertyListReader/read(_:)`` (whole documents, with
/// Foundation behind it for what our parser leaves) and ``PropertyListReader/readElement(_:)``.
final class PropertyListXMLParserTests: XCTestCase {
  /// The value, or the error's description and whether it is a value Cloudy cannot keep.
  private func outcome(_ read: () throws -> PropertyList) -> String {
    do {
      return "\(try read())"
    } catch let error as PropertyListError {
      return "error: \(error.description)\(error.cannotKeepExactly ? " (cannot keep)" : "")"
    } catch {
      return "other error: \(error)"
    }
  }

  private func document(_ body: String) -> String {
    outcome { try PropertyListReader.read(Data(("<plist version=\"1.0\">" + body + "</plist>").utf8)) }
  }

  private func element(_ text: String) -> String {
    outcome { try PropertyListReader.readElement(Data(text.utf8)) }
  }

  func testEntitiesAreDecodedInStringsAndKeys() {
    XCTAssertEqual(
      element("<string>&amp;&lt;&gt;&quot;&apos; &#65;&#x42;&#X43; &#x1F680;&#128640; 東京&amp;京都</string>"),
      "\(PropertyList.string("&<>\"' ABC 🚀🚀 東京&京都"))")
    XCTAssertEqual(
      element("<dict><key>a&amp;b</key><string>x</string><key>&#x6B;</key><true/></dict>"),
      "\(PropertyList.dictionary(["a&b": .string("x"), "k": .bool(true)]))")
    // An entity that makes a combining mark joins the character before it.
    XCTAssertEqual(element("<string>e&#x301;</string>"), "\(PropertyList.string("e\u{301}"))")
    XCTAssertEqual(element("<string>&#0;</string>"), "\(PropertyList.string("\u{0}"))")
  }

  func testBadEntitiesAreRefusedWithTheirErrors() {
    let cases: [(String, String)] = [
      ("<string>&bogus;</string>", "error: bad entity &bogus;"),
      ("<string>a & b</string>", "error: bad entity"),
      ("<string>&#xD800;</string>", "error: bad entity &#xD800;"),
      ("<string>&#x110000;</string>", "error: bad entity &#x110000;"),
      ("<string>&#;</string>", "error: bad entity &#;"),
      ("<string>&#x;</string>", "error: bad entity &#x;"),
      ("<string>&;</string>", "error: bad entity &;"),
      ("<string>&#-1;</string>", "error: bad entity &#-1;"),
      ("<key>&bogus;</key>", "error: unknown element <key>"),
    ]
    for (text, expected) in cases {
      XCTAssertEqual(element(text), expected, text)
    }
    XCTAssertEqual(document("<string>&bogus;</string>"), "error: bad entity &bogus;")
    XCTAssertEqual(document("<dict><key>&bogus;</key><true/></dict>"), "error: bad entity &bogus;")
  }

  func testUnicodeTextIsReadAsWritten() {
    let texts = [
      "東京タワー", "서울 맛집", "مرحبا بالعالم", "שלום", "👩‍👩‍👧‍👦 🇯🇵", "e\u{301}\u{302}", "\u{FEFF}bom", "a\u{2028}b",
      "tab\there\r\nline", String(repeating: "長", count: 5000),
    ]
    for text in texts {
      XCTAssertEqual(element("<string>\(text)</string>"), "\(PropertyList.string(text))", text)
      XCTAssertEqual(
        document("<dict><key>\(text)</key><string>\(text)</string></dict>"),
        "\(PropertyList.dictionary([text: .string(text)]))", text)
    }
    var invalid = Array("<string>a".utf8)
    invalid += [0xC3]  // a lead byte with nothing after it
    invalid += Array("</string>".utf8)
    XCTAssertEqual(
      outcome { try PropertyListReader.readElement(Data(invalid)) }, "error: invalid UTF-8 (cannot keep)")
    var overlong = Array("<key>".utf8) + [0xC0, 0xAF] + Array("</key>".utf8)
    overlong = Array("<dict>".utf8) + overlong + Array("<true/></dict>".utf8)
    XCTAssertEqual(outcome { try PropertyListReader.readElement(Data(overlong)) }, "error: invalid UTF-8 (cannot keep)")
  }

  /// The reader's own UTF-8 check decides as Swift's does: random bytes in a `<string>` are
  /// read exactly when `String(validating:as:)` takes them, and as the same text.
  func testTheUTF8CheckAgreesWithSwifts() {
    let pieces: [[UInt8]] = [
      [0x41], [0x7E], [0x00], [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xC2, 0x80], [0xDF, 0xBF],
      [0xE0, 0x80, 0x80],
      [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF],
      [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF],
      [0xE6, 0x9D, 0xB1], [0xE6, 0x9D], [0xF0, 0x9F, 0x9A, 0x80], [0xF0, 0x9F, 0x9A], Array("abcdefgh".utf8),
    ]
    var state: UInt64 = 0x39_05
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    for _ in 0..<5000 {
      var bytes: [UInt8] = []
      for _ in 0..<next(12) { bytes += pieces[next(pieces.count)] }
      let expected = String(validating: bytes, as: UTF8.self)
      let read = try? PropertyListReader.readElement(Data(Array("<string>".utf8) + bytes + Array("</string>".utf8)))
      XCTAssertEqual(read, expected.map(PropertyList.string), "\(bytes)")
    }
  }

  /// Dates are read as the seconds `timegm` gives, over the whole range of years.
  func testDatesAreTheSecondsTimegmGives() throws {
    var day = -719_162  // 0001-01-01
    while day <= 2_932_896 {  // 9999-12-31
      let seconds = day * 86_400 + abs(day) % 86_400  // a time of day that moves too
      var time = time_t(seconds)
      var parts = tm()
      gmtime_r(&time, &parts)
      let text = ISO8601.format(Date(timeIntervalSince1970: TimeInterval(seconds)))
      XCTAssertEqual(ISO8601.parse(Array(text.utf8)), Date(timeIntervalSince1970: TimeInterval(timegm(&parts))), text)
      day += day < -718_000 || (day > 10_900 && day < 11_100) || day > 2_932_000 ? 1 : 97
    }
  }

  func testNestedDictionariesAndArrays() throws {
    var value = PropertyList.dictionary([
      "list": .array([
        .integer(1), .array([]), .dictionary([:]), .array([.string("x"), .dictionary(["k": .real(2.5)])]),
      ]),
      "": .dictionary(["inner": .dictionary(["deeper": .array([.bool(false), .date(Date(timeIntervalSince1970: 0))])])]
      ),
    ])
    for level in 0..<50 { value = .array([value, .dictionary(["level": .integer(level)])]) }
    let data = PropertyListXMLWriter.data(for: .dictionary(["root": value]))
    XCTAssertEqual(try PropertyListReader.read(data), .dictionary(["root": value]))
    XCTAssertEqual(try PropertyListReader.readElement(PropertyListXMLWriter.element(for: value)), value)
  }

  func testWhiteSpaceAttributesAndEmptyElements() {
    XCTAssertEqual(element("<integer> 42\n</integer>"), "\(PropertyList.integer(42))")
    XCTAssertEqual(element("<integer>0x1F</integer>"), "\(PropertyList.integer(31))")
    XCTAssertEqual(element("<integer>+7</integer>"), "\(PropertyList.integer(7))")
    XCTAssertEqual(element("<integer>\u{3000}5\u{3000}</integer>"), "\(PropertyList.integer(5))")
    XCTAssertEqual(element("<real>\t-1.5e3 </real>"), "\(PropertyList.real(-1500))")
    XCTAssertEqual(element("<real>nan</real>").hasPrefix("real("), true)
    XCTAssertEqual(
      element("<date>\n\t2026-01-02T03:04:05Z\n</date>"),
      "\(PropertyList.date(ISO8601Fixture.date("2026-01-02T03:04:05Z")))")
    XCTAssertEqual(element("<data>\n\tAAEC\n\t/w==\n</data>"), "\(PropertyList.data(Data([0, 1, 2, 255])))")
    XCTAssertEqual(element("<string xml:space=\"preserve\"> a </string>"), "\(PropertyList.string(" a "))")
    XCTAssertEqual(element("<string/>"), "\(PropertyList.string(""))")
    XCTAssertEqual(element("<integer/>"), "error: bad integer “”")
    XCTAssertEqual(element("<real/>"), "error: bad real “”")
    XCTAssertEqual(element("<date/>"), "error: bad date “”")
    XCTAssertEqual(element("<data/>"), "\(PropertyList.data(Data()))")
    XCTAssertEqual(element("<true></true>"), "\(PropertyList.bool(true))")
    XCTAssertEqual(element("<false></false>"), "\(PropertyList.bool(false))")
    XCTAssertEqual(element("<array><!-- c --> <true/> <?pi x?> </array>"), "\(PropertyList.array([.bool(true)]))")
  }

  /// Every way a document can be wrong that we know of, with the error it gives.
  func testMalformedInputGivesTheSameErrorsAsBefore() {
    let documents: [(String, String)] = [
      ("<string>x</string>", "\(PropertyList.string("x"))"),
      ("", "error: expected a value"),
      ("<string>x", "error: expected </string>"),
      ("<string>x</strin>", "error: expected </string>"),
      ("<string>a<b/>c</string>", "error: expected </string>"),
      ("<integer>1.5</integer>", "error: bad integer “1.5”"),
      ("<integer>12345678901234567890</integer>", "error: bad integer “12345678901234567890” (cannot keep)"),
      ("<integer>-</integer>", "error: bad integer “-”"),
      ("<integer>0xZZ</integer>", "error: bad integer “0xZZ”"),
      ("<real>1,5</real>", "error: bad real “1,5”"),
      ("<date>2026-01-02</date>", "error: bad date “2026-01-02”"),
      ("<date>2026-02-30T00:00:00Z</date>", "error: bad date “2026-02-30T00:00:00Z” (cannot keep)"),
      ("<data>!!</data>", "error: bad data"),
      ("<true>x</true>", "error: expected </true>"),
      ("<false/ >", "error: expected </false>"),  // the `/` is not the tag's last byte
      ("<dict><key>a</key></dict>", "error: unknown element <>"),
      ("<dict><string>a</string></dict>", "error: expected <key>"),
      ("<dict><key>a</key><true/>", "error: expected <key>"),
      ("<dict><key>a<true/></dict>", "error: expected </key>"),
      ("<array><true/>", "error: expected a value"),
      ("<array><true/></dict>", "error: unknown element <>"),
      ("<blob/>", "error: unknown element <blob>"),
      ("<String>x</String>", "error: unknown element <String>"),
      ("<>", "error: unknown element <>"),
      ("<string", "error: unclosed tag"),
      ("text", "error: expected a value"),
      ("<![CDATA[x]]>", "error: unknown element <>"),
    ]
    for (body, expected) in documents {
      let elementOutcome = element(body)
      XCTAssertEqual(elementOutcome, expected, "element \(body)")
    }
    let whole: [(String, String)] = [
      ("not xml", "error: no <plist> element"),
      ("<plist/>", "error: empty <plist>"),
      ("<plist><true/>", "error: expected </plist>"),
      // Foundation, asked after our parser refused it, reads what comes before the junk.
      ("<plist><true/></plist>x", "\(PropertyList.bool(true))"),
      ("<plist><true/><true/></plist>", "error: expected </plist>"),
      ("<plist", "error: unclosed tag"),
      ("<?xml version=\"1.0\"?><!DOCTYPE plist><!-- c --><plist><true/></plist>\n", "\(PropertyList.bool(true))"),
      ("<plist><dict><key>a</key><string>x</dict></plist>", "error: expected </string>"),
    ]
    for (text, expected) in whole {
      XCTAssertEqual(outcome { try PropertyListReader.read(Data(text.utf8)) }, expected, text)
    }
  }

  /// A document cut short anywhere is an error, never a value read in part: the errors of
  /// every cut, counted by kind, are what they were.
  func testEveryTruncationIsRefusedWithTheSameErrors() throws {
    let value = PropertyList.dictionary([
      "bookmarks": .array([
        .dictionary([
          "id": .string("a"), "name": .string("東京 & <Tower> 🚀"), "url": .string("https://a.example/?x=1&y=2"),
          "created": .date(Date(timeIntervalSince1970: 1_700_000_000)),
          "folder": .array([.string("Toolbar"), .string("مرحبا")]),
        ]),
        .dictionary([:]), .array([]),
      ]),
      "n": .integer(-42), "r": .real(0.25), "t": .bool(true), "f": .bool(false), "d": .data(Data([0, 1, 254])),
    ])
    let data = PropertyListXMLWriter.data(for: value)
    var counts: [String: Int] = [:]
    // (The writer ends the document with a line break: all but that last byte.)
    for length in 0..<(data.count - 1) {
      let result = outcome { try PropertyListReader.read(data.prefix(length)) }
      XCTAssertTrue(result.hasPrefix("error: "), "\(length): \(result)")
      counts[result, default: 0] += 1
    }
    XCTAssertEqual(try PropertyListReader.read(data), value)
    XCTAssertEqual(
      counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" },
      [
        "11 error: expected </data>", "27 error: expected </date>", "13 error: expected </integer>",
        "102 error: expected </key>", "9 error: expected </plist>", "11 error: expected </real>",
        "124 error: expected </string>", "105 error: expected <key>", "77 error: expected a value",
        "148 error: no <plist> element", "135 error: unclosed tag",
      ])
  }
}

/// Dates for the expectations, made the way the format writes them.
private enum ISO8601Fixture {
  static func date(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    return formatter.date(from: text)!
  }
}
