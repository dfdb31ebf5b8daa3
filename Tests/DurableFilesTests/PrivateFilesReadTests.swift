import DurableFiles
import Foundation
import TestSupport
import XCTest

/// `PrivateFiles.read` reads a file into a buffer of its size: every byte comes back, for
/// an empty file, a file of any size around the buffer's, and a file that is not a regular
/// one (its size says nothing).
final class PrivateFilesReadTests: XCTestCase {
  func testEveryByteOfFilesOfEverySizeIsRead() throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let path = home.path + "/file"
    var generator = SplitMix64(seed: 39)
    for size in [0, 1, 2, 4095, 4096, 65_535, 65_536, 65_537, 1_000_003] {
      let bytes = Data((0..<size).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
      XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: bytes))
      XCTAssertEqual(try PrivateFiles.read(path), bytes, "\(size)")
    }
  }

  func testAMissingFileIsNilAndAFolderIsAnError() throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    XCTAssertNil(try PrivateFiles.read(home.path + "/missing"))
    XCTAssertThrowsError(try PrivateFiles.read(home.path))
  }

  /// A file whose size is not known beforehand (`/proc` says 0) is read to its end.
  func testAFileWithoutAKnownSizeIsReadToItsEnd() throws {
    let status = try XCTUnwrap(try PrivateFiles.read("/proc/self/status"))
    XCTAssertGreaterThan(status.count, 0)
    XCTAssertTrue(String(decoding: status, as: UTF8.self).contains("Pid:"))
  }
}
