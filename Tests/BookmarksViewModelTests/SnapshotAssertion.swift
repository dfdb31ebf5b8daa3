import Foundation
import ScreenRendering
import XCTest

/// Compares a rendered screen with `Snapshots/<name>.txt`.
///
/// A missing snapshot, or any snapshot when `RECORD_SNAPSHOTS=1` is set, is written
/// and the test fails, so a fresh recording is always looked at before it is trusted.
func assertScreen(_ buffer: ScreenBuffer, named name: String, file: StaticString = #filePath, line: UInt = #line) {
  let directory = URL(fileURLWithPath: "\(file)").deletingLastPathComponent().appendingPathComponent("Snapshots")
  let path = directory.appendingPathComponent("\(name).txt")
  // A frame around the text keeps trailing spaces and the exact size visible in the file.
  let border = "+" + String(repeating: "-", count: buffer.width) + "+"
  let actual = ([border] + buffer.lines.map { "|\($0)|" } + [border]).joined(separator: "\n") + "\n"
  let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
  guard !record, let expected = try? String(contentsOf: path, encoding: .utf8) else {
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try? actual.write(to: path, atomically: true, encoding: .utf8)
    XCTFail("Recorded snapshot \(name).txt; check it and run again.", file: file, line: line)
    return
  }
  XCTAssertEqual(actual, expected, "Screen differs from Snapshots/\(name).txt:\n\(actual)", file: file, line: line)
}
