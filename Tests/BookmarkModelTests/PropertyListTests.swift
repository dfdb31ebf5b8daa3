import BookmarkModel
import Foundation
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
}
