import Foundation
import TestSupport
import XCTest

/// What a failed command says must be true of what is stored: "nothing was changed" only
/// when nothing was, and "saved on this device" when the change is there (so a script that
/// retries does not add it twice). Failures are injected with strace.
final class WriteFailureMessageTests: XCTestCase {
  private var home: TemporaryFolder!

  override func setUpWithError() throws {
    guard FileManager.default.isExecutableFile(atPath: Self.strace) else {
      throw XCTSkip("strace is not installed (scripts/test installs it)")
    }
    home = try TemporaryFolder()
  }

  override func tearDown() {
    home?.remove()
  }

  private static let strace = "/usr/bin/strace"

  private var environment: [String: String] {
    [
      "CLOUDY_STORE": "documents", "CLOUDY_CLOUD": "sqlite:" + home.path + "/cloud.sqlite",
      "CLOUDY_ACCOUNT": "alice", "CLOUDY_HOME": home.path + "/a",
    ]
  }

  /// Runs `cloudy` under strace with `inject`, e.g. `fdatasync:error=EIO`.
  private func cloudy(_ arguments: [String], inject: String? = nil) throws -> ChildProcess.Output {
    let environment = ChildProcess.inherited(plus: environment)
    guard let inject else { return try ChildProcess.run(ChildProcess.cloudyPath, arguments, environment: environment) }
    return try ChildProcess.run(
      Self.strace, ["-f", "-o", "/dev/null", "-e", "inject=" + inject, ChildProcess.cloudyPath] + arguments,
      environment: environment)
  }

  private func names() throws -> [String] {
    let listed = try cloudy(["list", "--offline"])
    XCTAssertEqual(listed.status, 0, listed.stderr)
    return listed.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[1]) }.sorted()
  }

  /// Given the disk failing every `fdatasync` (the index's commit), when a bookmark is
  /// added, then the command fails saying what is true of the store, in plain words.
  func testAFailedSyncOfTheIndexSaysWhatIsStored() throws {
    XCTAssertEqual(try cloudy(["add", "https://a.example", "--name", "a", "--offline"]).status, 0)
    let failed = try cloudy(["add", "https://b.example", "--name", "b", "--offline"], inject: "fdatasync:error=EIO")
    XCTAssertNotEqual(failed.status, 0)
    XCTAssertFalse(failed.stderr.contains("(path:"), "a raw Swift value: \(failed.stderr)")
    let stored = try names()
    if stored.contains("b") {
      XCTAssertTrue(failed.stderr.contains("saved on this device"), "stored, but said: \(failed.stderr)")
      XCTAssertFalse(failed.stderr.contains("nothing stored was changed"), failed.stderr)
    } else {
      // A failed index commit may still be recovered by the next open (SQLite can have
      // written the commit before the error; scripts/torture found such a case), so when this
      // session's index doesn't show the change, "can't tell" is the truth, never "saved".
      XCTAssertTrue(
        failed.stderr.contains("nothing stored was changed") || failed.stderr.contains("can't tell"),
        "not stored, but said: \(failed.stderr)")
      XCTAssertFalse(failed.stderr.contains("saved on this device"), failed.stderr)
    }
  }

  /// Given the disk failing every `fsync` (the document file's), when a bookmark is added
  /// or edited, then what the message says is what the store holds afterwards.
  func testAFailedSyncOfTheFileSaysWhatIsStored() throws {
    XCTAssertEqual(try cloudy(["add", "https://a.example", "--name", "a", "--offline"]).status, 0)
    let id = try cloudy(["list", "--offline"]).stdout.split(separator: "\t")[0]
    for arguments in [
      ["add", "https://c.example", "--name", "c", "--offline"], ["edit", String(id), "--name", "a2", "--offline"],
    ] {
      let before = try names()
      let failed = try cloudy(arguments, inject: "fsync:error=EIO")
      XCTAssertNotEqual(failed.status, 0, "\(arguments)")
      XCTAssertFalse(failed.stderr.contains("(path:"), "a raw Swift value: \(failed.stderr)")
      let after = try names()
      if after == before {
        XCTAssertTrue(failed.stderr.contains("nothing stored was changed"), "unchanged, but said: \(failed.stderr)")
      } else {
        XCTAssertTrue(failed.stderr.contains("saved on this device"), "\(after) stored, but said: \(failed.stderr)")
      }
    }
  }

  /// Given the folder's `fsync` after the rename failing (the second `fsync` of an add to
  /// the user-defaults store), then the add does not pass for durable: it fails, saying the
  /// bookmark is saved on this device.
  func testAFailedSyncOfTheFolderIsNotIgnored() throws {
    let defaults = ["CLOUDY_STORE": "user-defaults", "CLOUDY_HOME": home.path + "/defaults"]
    let process = try ChildProcess.run(
      Self.strace,
      [
        "-f", "-o", "/dev/null", "-e", "inject=fsync:error=EIO:when=2", ChildProcess.cloudyPath, "add",
        "https://folder.example",
      ], environment: ChildProcess.inherited(plus: defaults))
    let stderr = process.stderr
    XCTAssertNotEqual(process.status, 0, "a write that may not survive a crash is not a success")
    XCTAssertTrue(stderr.contains("saved on this device"), stderr)
    let listed = try ChildProcess.cloudy(["list"], environment: defaults)
    XCTAssertTrue(listed.stdout.contains("https://folder.example"), "it is stored, as the message says")
  }
}
