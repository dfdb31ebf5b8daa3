import Foundation
import TestSupport
import XCTest

/// Output that can't be written (a full disk behind a redirection, a closed terminal) is an
/// error with a sentence, or a dropped message — never a crash. Foundation's
/// `FileHandle.write` traps on such a write; `scripts/torture` found it when an I/O error hit a
/// message.
final class FullStreamCommandTests: XCTestCase {
  private var home: TemporaryFolder!

  override func setUpWithError() throws {
    home = try TemporaryFolder()
    guard FileManager.default.fileExists(atPath: "/dev/full") else { throw XCTSkip("no /dev/full here") }
  }

  override func tearDown() {
    home.remove()
  }

  /// Runs `cloudy` with standard output or standard error on `/dev/full` (every write fails
  /// with ENOSPC) and returns its status and what the other stream got.
  private func run(_ arguments: [String], fullStream: Int32) throws -> (status: Int32, other: String) {
    // The shell points one stream at /dev/full and execs cloudy in its place.
    let result = try ChildProcess.run(
      "/bin/sh", ["-c", "exec \"$0\" \"$@\" \(fullStream)>/dev/full", ChildProcess.cloudyPath] + arguments,
      environment: ChildProcess.inherited(plus: ["CLOUDY_HOME": home.path]))
    XCTAssertLessThan(result.status, 128, "exited, not killed by a signal (a trap)")
    return (result.status, fullStream == 1 ? result.stderr : result.stdout)
  }

  func testAnExportToAFullStandardOutputFailsWithASentence() throws {
    XCTAssertEqual(
      try ChildProcess.cloudy(["add", "https://a.example"], environment: ["CLOUDY_HOME": home.path]).status, 0)
    let result = try run(["export", "--format", "json"], fullStream: 1)
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(
      result.other.contains("Couldn't write the export to standard output (No space left on device)"), result.other)
  }

  func testAListToAFullStandardOutputFailsWithASentence() throws {
    XCTAssertEqual(
      try ChildProcess.cloudy(["add", "https://a.example"], environment: ["CLOUDY_HOME": home.path]).status, 0)
    for format in [["list"], ["list", "--json"]] {
      let result = try run(format, fullStream: 1)
      XCTAssertEqual(result.status, 1, "not a list that silently went nowhere: \(format)")
      XCTAssertTrue(
        result.other.contains("Couldn't write the list to standard output (No space left on device)"), result.other)
    }
  }

  func testAMessageToAFullStandardErrorIsDroppedNotACrash() throws {
    let result = try run(
      ["--store", "key-value", "--cloud", "sqlite:" + home.path + "/missing/cloud.sqlite", "list"], fullStream: 2)
    XCTAssertEqual(result.status, 1, "the command's own failure, with nowhere to say it")
  }
}
