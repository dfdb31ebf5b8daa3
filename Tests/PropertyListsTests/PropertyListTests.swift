import Foundation
import PropertyLists
import XCTest

final class PropertyListTests: XCTestCase {
  private let sample: PropertyList = .dictionary([
    "bookmarks": .array([
      .dictionary([
        "id": .string("a"), "name": .string("東京 & <Tower> \"🚀\" \u{1B}[31m\ttab"),
        "created": .date(Date(timeIntervalSince1970: 1_700_000_000)),
      ]),
      .dictionary([:]),
      .array([]),
    ]),
    "count": .integer(-42),
    "ratio": .real(0.25),
    "flag": .bool(true),
    "off": .bool(false),
    "blob": .data(Data([0, 1, 2, 254, 255])),
    "empty": .string(""),
  ])

  func testRoundTripThroughOurWriterAndReader() throws {
    let data = PropertyListXMLWriter.data(for: sample)
    XCTAssertEqual(try PropertyListReader.read(data), sample)
  }

  func testTheStoredFormIsWhatReadsBackAndStaysPut() throws {
    let values: [PropertyList] = [
      sample, .date(Date(timeIntervalSince1970: 1_700_000_000.999)), .real(0.1), .real(-0.0),
      .real(.leastNonzeroMagnitude),
      .real(.infinity), .string("a\r\nb\rc\u{0}\u{1F}\u{7F}\u{FEFF}"), .integer(.min),
      .array([.date(Date(timeIntervalSince1970: -0.5))]),
    ]
    for value in values {
      let stored = try XCTUnwrap(value.stored(insideLevels: 3), "\(value)")
      XCTAssertEqual(try PropertyListReader.readElement(PropertyListXMLWriter.element(for: stored)), stored, "\(value)")
      let inFile = PropertyList.dictionary(["a": .dictionary(["b": .dictionary(["c": stored])])])
      XCTAssertEqual(try PropertyListReader.read(PropertyListXMLWriter.data(for: inFile)), inFile, "\(value)")
      XCTAssertEqual(stored.stored(insideLevels: 3), stored, "\(value)")
    }
    XCTAssertEqual(
      PropertyList.date(Date(timeIntervalSince1970: 7.9)).stored(insideLevels: 0), .date(Date(timeIntervalSince1970: 7))
    )
  }

  /// What a file could not give back has no stored form: a date past the year 9999, and
  /// arrays that would nest too deep inside the file's own dictionaries.
  func testAValueThatWouldNotReadBackHasNoStoredForm() {
    XCTAssertNil(PropertyList.date(Date(timeIntervalSince1970: 253_402_300_800)).stored(insideLevels: 0))
    var nested = PropertyList.array([.integer(1)])
    for _ in 1..<(PropertyListReader.maximumDepth - 1) { nested = .array([nested]) }
    XCTAssertNotNil(nested.stored(insideLevels: 0))
    XCTAssertNil(nested.stored(insideLevels: 3))
  }

  func testFoundationReadsWhatWeWrite() throws {
    let data = PropertyListXMLWriter.data(for: sample)
    let object = try PropertyListSerialization.propertyList(from: data, format: nil)
    let dictionary = try XCTUnwrap(object as? [String: Any])
    XCTAssertEqual(dictionary["count"] as? Int, -42)
    XCTAssertEqual(dictionary["empty"] as? String, "")
    let first = try XCTUnwrap((dictionary["bookmarks"] as? [Any])?.first as? [String: Any])
    XCTAssertEqual(first["name"] as? String, "東京 & <Tower> \"🚀\" \u{1B}[31m\ttab")
    XCTAssertEqual(first["created"] as? Date, Date(timeIntervalSince1970: 1_700_000_000))
  }

  func testWeReadWhatFoundationWritesInBothFormats() throws {
    let object: [String: Any] = [
      "name": "東京 & <x>", "n": 7, "r": 1.5, "t": true, "d": Date(timeIntervalSince1970: 1_600_000_000),
      "list": ["a", ["b": false]],
    ]
    for format in [PropertyListSerialization.PropertyListFormat.xml, .binary] {
      let data = try PropertyListSerialization.data(fromPropertyList: object, format: format, options: 0)
      let value = try PropertyListReader.read(data)
      XCTAssertEqual(
        value,
        .dictionary([
          "name": .string("東京 & <x>"), "n": .integer(7), "r": .real(1.5), "t": .bool(true),
          "d": .date(Date(timeIntervalSince1970: 1_600_000_000)),
          "list": .array([.string("a"), .dictionary(["b": .bool(false)])]),
        ]), "\(format)")
    }
  }

  func testNumericEntitiesAndCommentsAreRead() throws {
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!-- a comment -->
      <plist version="1.0"><dict><key>k</key><string>a&#x41;&#66;&amp;&apos;</string><key/><true/></dict></plist>
      """
    XCTAssertEqual(try PropertyListReader.read(Data(xml.utf8)), .dictionary(["k": .string("aAB&'"), "": .bool(true)]))
  }

  func testValuesThatCannotBeKeptExactlyAreErrorsNotAlterations() {
    let huge = "<plist version=\"1.0\"><dict><key>n</key><integer>18446744073709551615</integer></dict></plist>"
    XCTAssertThrowsError(try PropertyListReader.read(Data(huge.utf8)))
    var invalid = Data("<plist version=\"1.0\"><string>a".utf8)
    invalid.append(contentsOf: [0xFF, 0xFE])
    invalid.append(Data("</string></plist>".utf8))
    XCTAssertThrowsError(try PropertyListReader.read(invalid))
  }

  func testGarbageIsAnError() {
    for text in [
      "", "not xml", "<plist><dict><key>a</key></dict></plist>", "<plist><string>x</plist>",
      "<plist><integer>x</integer></plist>",
    ] {
      XCTAssertThrowsError(try PropertyListReader.read(Data(text.utf8)), text)
    }
  }

  /// Each reader recurses once a level: nesting beyond ``PropertyListReader/maximumDepth`` is
  /// an error, not a stack overflow (a cloud value of 100,000 nested arrays crashed every
  /// device that fetched it), and is not handed to Foundation either.
  func testNestingBeyondTheLimitIsAnError() throws {
    func nested(_ depth: Int, _ tag: String = "array") -> String {
      String(repeating: "<\(tag)>", count: depth) + String(repeating: "</\(tag)>", count: depth)
    }
    let limit = PropertyListReader.maximumDepth
    XCTAssertNoThrow(try PropertyListReader.readElement(Data(nested(limit).utf8)))
    XCTAssertNoThrow(try PropertyListReader.read(Data(("<plist>" + nested(limit) + "</plist>").utf8)))
    for depth in [limit + 1, 100_000] {
      XCTAssertThrowsError(try PropertyListReader.readElement(Data(nested(depth).utf8)))
      XCTAssertThrowsError(try PropertyListReader.read(Data(("<plist>" + nested(depth) + "</plist>").utf8)))
      XCTAssertThrowsError(
        try PropertyListReader.read(Data(("<plist>" + String(repeating: "<array>", count: depth)).utf8)))
    }
    let dictionaries =
      String(repeating: "<dict><key>k</key>", count: limit + 1) + "<true/>"
      + String(repeating: "</dict>", count: limit + 1)
    XCTAssertThrowsError(try PropertyListReader.readElement(Data(dictionaries.utf8)))
    // The one-array fast path (user defaults' bookmarks) counts the levels as the general
    // reader does.
    let bookmarks = "<plist><dict><key>bookmarks</key><array><dict><key>id</key><string>a</string><key>x</key>"
    for (depth, readable) in [(limit - 3, true), (limit - 2, false)] {
      let xml = bookmarks + nested(depth) + "</dict></array></dict></plist>"
      XCTAssertEqual(
        PropertyListReader.entries(in: Data(xml.utf8), key: "bookmarks") { _ in true } != nil,
        readable,
        "\(depth)")
      XCTAssertEqual((try? PropertyListReader.read(Data(xml.utf8))) != nil, readable, "\(depth)")
    }
  }

  /// A date with a field out of range is refused, not rolled into another date (by `timegm`
  /// or by Foundation, which reads `9999-99-99T99:99:99Z` as a day of 9999).
  func testDatesWithFieldsOutOfRangeAreRefused() throws {
    for text in [
      "9999-12-31T23:59:60Z", "9999-99-99T99:99:99Z", "0000-01-01T00:00:00Z", "2023-02-29T00:00:00Z",
      "2026-01-01T24:00:00Z",
    ] {
      XCTAssertThrowsError(try PropertyListReader.readElement(Data("<date>\(text)</date>".utf8)), text)
      XCTAssertThrowsError(try PropertyListReader.read(Data("<plist><date>\(text)</date></plist>".utf8)), text)
    }
    for (text, seconds) in [
      ("0001-01-01T00:00:00Z", -62_135_596_800.0), ("9999-12-31T23:59:59Z", 253_402_300_799),
      ("2024-02-29T00:00:00Z", 1_709_164_800),
    ] {
      let value = try PropertyListReader.readElement(Data("<date>\(text)</date>".utf8))
      XCTAssertEqual(value, .date(Date(timeIntervalSince1970: seconds)), text)
      XCTAssertEqual(String(decoding: PropertyListXMLWriter.element(for: value), as: UTF8.self), "<date>\(text)</date>")
    }
  }

  /// XML our parser leaves to Foundation (CDATA) is still read.
  func testXMLOurParserDoesNotHandleIsStillReadThroughFoundation() throws {
    let xml = #"<plist version="1.0"><dict><key>k</key><string><![CDATA[a<b]]></string></dict></plist>"#
    XCTAssertEqual(try PropertyListReader.read(Data(xml.utf8)), .dictionary(["k": .string("a<b")]))
  }
}
