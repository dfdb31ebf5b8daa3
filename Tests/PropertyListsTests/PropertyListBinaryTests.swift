import Foundation
import PropertyLists
import XCTest

/// Binary property lists are read by our own parser, never by Foundation's (which crashes on
/// a set): what ``PropertyList`` holds is read exactly, anything else is a
/// ``PropertyListError``.
final class PropertyListBinaryTests: XCTestCase {
  /// A binary property list of `objects` (each its marker and bytes), with two-byte offsets
  /// and references (``ref(_:)``).
  private func bplist(_ objects: [[UInt8]], top: Int = 0) -> Data {
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    for object in objects {
      offsets.append(bytes.count)
      bytes += object
    }
    let table = bytes.count
    for offset in offsets { bytes += ref(offset) }
    func be64(_ value: Int) -> [UInt8] { (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
    bytes += [0, 0, 0, 0, 0, 0, 2, 2] + be64(objects.count) + be64(top) + be64(table)
    return Data(bytes)
  }

  private func ref(_ index: Int) -> [UInt8] { [UInt8(index >> 8), UInt8(index & 0xFF)] }

  private func assertRefused(_ data: Data, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertThrowsError(try PropertyListReader.read(data), what, file: file, line: line) { error in
      XCTAssertTrue(error is PropertyListError, "\(what): \(error)", file: file, line: line)
    }
  }

  /// The fuzzer's crasher: a set holding the string "a", as Foundation would write one.
  func testASetIsRefusedNotCrashed() {
    let bytes: [UInt8] = [
      0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30, 0xC1, 0x01, 0x51, 0x61, 0x08, 0x0A, 0x00, 0x00, 0x00, 0x00, 0x00,
      0x00, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
      0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0C,
    ]
    assertRefused(Data(bytes), "a set")
    assertRefused(bplist([[0xA1] + ref(1), [0xC1] + ref(2), [0x51, 0x61]]), "a set in an array")
  }

  func testObjectsAPropertyListCannotHoldAreRefused() {
    let string: [UInt8] = [0x51, 0x61]
    for (object, what) in [
      ([0xC0], "an empty set"), ([0xB1] + ref(1), "an ordered set"), ([0x80, 0x01], "a UID"), ([0x00], "null"),
      ([0x0F], "fill"), ([0x70], "a UTF-8 string (bplist15)"), ([0xE0], "an unassigned type"),
    ] as [([UInt8], String)] {
      assertRefused(bplist([object, string]), what)
    }
    assertRefused(
      bplist([[0x14] + [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 0, 0, 0], string]), "an integer beyond 64 bits")
    assertRefused(bplist([[0x52, 0x61, 0xFF]]), "an ASCII string with a byte that is not ASCII")
    assertRefused(bplist([[0x61, 0xD8, 0x00]]), "a lone surrogate")
    assertRefused(bplist([[0xD1] + ref(1) + ref(2), [0x10, 0x01], string]), "a dictionary key that is not a string")
  }

  /// Dates a writer cannot write (`ISO8601.format` traps beyond 64-bit seconds and cuts years
  /// past 9999) are refused; the first and last second of the years 1 to 9999 are read.
  func testDatesOutsideTheYears1To9999AreRefused() throws {
    func date(_ sinceReferenceDate: Double) -> Data {
      bplist([[0x33] + withUnsafeBytes(of: sinceReferenceDate.bitPattern.bigEndian, Array.init)])
    }
    let reference = Date.timeIntervalBetween1970AndReferenceDate
    for seconds in [1e300, -1e300, .nan, .infinity, 253_402_300_800 - reference, -62_135_596_801 - reference] {
      assertRefused(date(seconds), "the date \(seconds)")
    }
    XCTAssertEqual(
      try PropertyListReader.read(date(253_402_300_799 - reference)),
      .date(Date(timeIntervalSince1970: 253_402_300_799)))
    XCTAssertEqual(
      try PropertyListReader.read(date(-62_135_596_800 - reference)),
      .date(Date(timeIntervalSince1970: -62_135_596_800)))
  }

  func testEveryKindOfValueIsRead() throws {
    let long = Array(repeating: UInt8(ascii: "x"), count: 20)
    let data = bplist([
      [0xDA] + (1...10).flatMap(ref) + (11...20).flatMap(ref),
      [0x51, 0x61], [0x51, 0x62], [0x51, 0x63], [0x51, 0x64], [0x51, 0x65], [0x51, 0x66], [0x51, 0x67], [0x51, 0x68],
      [0x51, 0x69], [0x51, 0x6A],
      [0x08], [0x09], [0x10, 0xFF], [0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE],
      [0x14] + Array(repeating: 0xFF, count: 15) + [0xFD], [0x22, 0x3F, 0xC0, 0x00, 0x00],
      [0x5F, 0x10, 0x14] + long, [0x63, 0x6C, 0x49, 0xD8, 0x3D, 0xDE, 0x80], [0x42, 0x00, 0xFF], [0xA0],
    ])
    XCTAssertEqual(
      try PropertyListReader.read(data),
      .dictionary([
        "a": .bool(false), "b": .bool(true), "c": .integer(255), "d": .integer(-2), "e": .integer(-3),
        "f": .real(1.5), "g": .string(String(repeating: "x", count: 20)), "h": .string("汉🚀"),
        "i": .data(Data([0, 255])), "j": .array([]),
      ]))
  }

  /// A cycle, nesting beyond ``PropertyListReader/maximumDepth`` and objects shared so often
  /// that a few bytes would name an exponentially large value are refused.
  func testCyclesDeepNestingAndRunawaySharingAreRefused() throws {
    assertRefused(bplist([[0xA1] + ref(0)]), "an array holding itself")
    func nested(_ depth: Int) -> Data {
      bplist((0..<depth).map { $0 == depth - 1 ? [0xA0] : [0xA1] + ref($0 + 1) })
    }
    XCTAssertNoThrow(try PropertyListReader.read(nested(PropertyListReader.maximumDepth)))
    assertRefused(nested(PropertyListReader.maximumDepth + 1), "nested too deep")
    let shared = bplist((0...60).map { $0 == 60 ? [0x09] : [0xA2] + ref($0 + 1) + ref($0 + 1) })
    assertRefused(shared, "2^60 values in 300 bytes")
  }

  func testDamagedFilesAreRefused() {
    let good = bplist([[0xA1] + ref(1), [0x51, 0x61]])
    XCTAssertEqual(try PropertyListReader.read(good), .array([.string("a")]))
    var bytes = Array(good)
    for (what, change) in [
      ("a reference out of the file", { (bytes: inout [UInt8]) in bytes[10] = 9 }),
      ("an offset past the table", { (bytes: inout [UInt8]) in bytes[13] = 0xF0 }),
      ("no offset size", { (bytes: inout [UInt8]) in bytes[bytes.count - 26] = 0 }),
      ("more objects than the table holds", { (bytes: inout [UInt8]) in bytes[bytes.count - 17] = 200 }),
      ("a top object out of the file", { (bytes: inout [UInt8]) in bytes[bytes.count - 9] = 2 }),
      ("a count past the end", { (bytes: inout [UInt8]) in bytes[8] = 0xAF }),
    ] {
      var damaged = bytes
      change(&damaged)
      assertRefused(Data(damaged), what)
    }
    bytes.removeLast()
    assertRefused(Data(bytes), "cut short")
    assertRefused(Data("bplist00".utf8), "only the header")
    assertRefused(Data("bplist01".utf8) + good.dropFirst(8), "another version")
  }
}
