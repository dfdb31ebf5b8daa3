import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// A command that waits for a lock another process holds (a stopped `cloudy`, say) says so
/// on stderr after a moment, naming that process, and goes on once the lock is released.
final class LockWaitCommandTests: XCTestCase {
  private var home: TemporaryFolder!

  override func setUpWithError() throws {
    home = try TemporaryFolder()
  }

  override func tearDown() {
    home.remove()
  }

  /// Takes the `flock` on `path` in this process (the holder the message must name) and
  /// returns the descriptor that releases it when closed.
  private func hold(_ path: String) throws -> Int32 {
    let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0, flock(fd, LOCK_EX) == 0 else { throw ChildProcess.Failure(description: "can't lock \(path)") }
    return fd
  }

  /// Runs `cloudy arguments` while `lock` is held: it must say who holds the lock within 10 s
  /// and not finish, then finish with status 0 once the lock is released.
  private func runWaiting(for lock: String, _ arguments: [String], environment: [String: String]) throws {
    let fd = try hold(lock)
    var held = true
    defer { if held { close(fd) } }
    let log = home.path + "/waiting.log"
    let waiting = try ChildProcess.start(
      ChildProcess.cloudyPath, arguments, environment: environment.merging(["CLOUDY_HOME": home.path]) { $1 },
      log: log)
    defer { if !waiting.hasEnded { waiting.stop() } }
    let expected = "Waiting for process \(getpid()) ("
    func said() -> String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
    XCTAssertTrue(waitUntil(within: .seconds(10)) { said().contains(expected) }, "\(arguments): \(said())")
    XCTAssertTrue(said().contains("to release \(lock)."), said())
    XCTAssertFalse(waiting.hasEnded, "\(arguments) waits while the lock is held")
    close(fd)
    held = false
    XCTAssertTrue(waitUntil(within: .seconds(30)) { waiting.hasEnded }, "\(arguments) goes on: \(said())")
    XCTAssertEqual(waiting.terminationStatus, 0, said())
    XCTAssertEqual(said().components(separatedBy: expected).count - 1, 1, "said once: \(said())")
  }

  func testAnAddWaitingForTheDefaultsLockNamesItsHolderAndGoesOn() throws {
    try FileManager.default.createDirectory(atPath: home.path + "/config", withIntermediateDirectories: true)
    try runWaiting(
      for: home.path + "/config/cloudy.plist.lock", ["add", "https://waited.example", "--name", "Waited"],
      environment: [:])
    let listed = try ChildProcess.cloudy(["list"], environment: ["CLOUDY_HOME": home.path])
    XCTAssertTrue(listed.stdout.contains("Waited"), listed.stdout)
  }

  func testASyncWaitingForTheKeyValuePushLockNamesItsHolderAndGoesOn() throws {
    let environment = ["CLOUDY_STORE": "key-value", "CLOUDY_ACCOUNT": "alice"]
    let first = try ChildProcess.cloudy(
      ["add", "https://first.example"], environment: environment.merging(["CLOUDY_HOME": home.path]) { $1 })
    XCTAssertEqual(first.status, 0, first.stderr)
    let files = FileManager.default.enumerator(atPath: home.path)?.compactMap { $0 as? String } ?? []
    let pushLock = try XCTUnwrap(files.first { $0.hasSuffix(".push.lock") }, "\(files)")
    try runWaiting(for: home.path + "/" + pushLock, ["sync"], environment: environment)
  }
}
