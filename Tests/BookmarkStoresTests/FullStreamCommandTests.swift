import Foundation
import XCTest

/// Output that can't be written (a full disk behind a redirection, a closed terminal) is an
/// error with a sentence, or a dropped message — never a crash. Foundation's
/// `FileHandle.write` traps on such a write; `scripts/torture` found it when an I/O error hit a
/// message.
final class FullStreamCommandTests: XCTestCase {
  private var home: TemporaryHome!

  override func setUpWithError() throws {
    home = try TemporaryHome()
    guard FileManager.default.fileExists(atPath: "/dev/full") else { throw XCTSkip("no /dev/full here") }
  }

  override func tearDown() {
    home.remove()
  }

  /// Runs `cloudy` with standard output or standard error on `/dev/full` (every write fails
  /// with ENOSPC) and returns its status and what the other stream got.
  private func run(_ arguments: [String], fullStream: Int32) throws -> (status: Int32, other: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: ProcessRunner.cloudyPath)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(["CLOUDY_HOME": home.path]) { _, new in new }
    let full = try XCTUnwrap(FileHandle(forWritingAtPath: "/dev/full"))
    let other = Pipe()
    process.standardOutput = fullStream == 1 ? full : other
    process.standardError = fullStream == 2 ? full : other
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let printed = other.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationReason, .exit, "exited, not killed by a signal (a trap)")
    return (process.terminationStatus, String(decoding: printed, as: UTF8.self))
  }

  func testAnExportToAFullStandardOutputFailsWithASentence() throws {
    XCTAssertEqual(
      try ProcessRunner.run(["add", "https://a.example"], environment: ["CLOUDY_HOME": home.path]).status, 0)
    let result = try run(["export", "--format", "json"], fullStream: 1)
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(
      result.other.contains("Couldn't write the export to standard output (No space left on device)"), result.other)
  }

  func testAMessageToAFullStandardErrorIsDroppedNotACrash() throws {
    let result = try run(
      ["--store", "key-value", "--cloud", "sqlite:" + home.path + "/missing/cloud.sqlite", "list"], fullStream: 2)
    XCTAssertEqual(result.status, 1, "the command's own failure, with nowhere to say it")
  }
}
