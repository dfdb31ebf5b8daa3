import Foundation
import ScreenRendering
import XCTest

final class CellWidthTests: XCTestCase {
  func testASCIICJKAndEmojiWidths() {
    XCTAssertEqual(CellWidth.of("Apple"), 5)
    XCTAssertEqual(CellWidth.of("東京タワー"), 10)
    XCTAssertEqual(CellWidth.of("한국어"), 6)
    XCTAssertEqual(CellWidth.of("🚀"), 2)
    XCTAssertEqual(CellWidth.of("❤️"), 2, "text-default symbol with VS16 is wide")
    XCTAssertEqual(CellWidth.of("e\u{301}"), 1, "combining mark joins its base")
    XCTAssertEqual(CellWidth.of("🇯🇵"), 2)
    XCTAssertEqual(CellWidth.of("ＡＢ"), 4, "fullwidth forms")
  }

  /// The table must agree with glibc's `wcwidth`, which ncurses uses to place characters.
  func testAgreesWithGlibcWcwidth() throws {
    guard setlocale(LC_CTYPE, "C.UTF-8") != nil else { throw XCTSkip("C.UTF-8 locale missing") }
    let samples: [UInt32] = [
      0x41, 0xE9, 0x301, 0x4E00, 0x6771, 0x30BF, 0xAC00, 0xFF21, 0x3000, 0x1F680, 0x1F600, 0x1F44D, 0x2603,
      0x2764, 0x231A, 0x2E80, 0x200B, 0x1100, 0x20000, 0x2026, 0x25B2, 0xFFFD, 0x2400, 0x0416, 0x05D0, 0x0627,
    ]
    for value in samples {
      let scalar = Unicode.Scalar(value)!
      XCTAssertEqual(CellWidth.of(scalar), Int(glibcWcwidth(wchar_t(value))), String(format: "U+%04X", value))
    }
  }
}

/// glibc's `wcwidth`, which the Glibc module hides without `_XOPEN_SOURCE`.
@_silgen_name("wcwidth")
private func glibcWcwidth(_ character: wchar_t) -> Int32

final class CellWidthSweepTests: XCTestCase {
  /// Every assigned, printable scalar: our width must match glibc's, or ncurses and the
  /// buffer disagree about where the next character goes.
  func testEveryAssignedScalarMatchesGlibc() throws {
    guard setlocale(LC_CTYPE, "C.UTF-8") != nil else { throw XCTSkip("C.UTF-8 locale missing") }
    var mismatches: [String] = []
    for value in UInt32(0x20)...0x3FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      switch scalar.properties.generalCategory {
      case .unassigned, .control, .privateUse, .surrogate, .format: continue
      default: break
      }
      let glibc = Int(sweepWcwidth(wchar_t(value)))
      if glibc < 0 { continue }  // unknown to this glibc
      if CellWidth.of(scalar) != glibc {
        mismatches.append(String(format: "U+%04X ours %d glibc %d", value, CellWidth.of(scalar), glibc))
      }
    }
    XCTAssertEqual(mismatches.count, 0, mismatches.prefix(40).joined(separator: "\n"))
  }
}

@_silgen_name("wcwidth")
private func sweepWcwidth(_ character: wchar_t) -> Int32
