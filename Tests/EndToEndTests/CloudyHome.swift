import Foundation
import TestSupport
import XCTest

/// The `cloudy` executable under test (``ChildProcess/cloudyPath``).
enum CloudyBinary {
  static let url = URL(fileURLWithPath: ChildProcess.cloudyPath)

  static var exists: Bool { FileManager.default.isExecutableFile(atPath: url.path) }
}

/// One device's worth of state for a test: a fresh temporary folder holding the
/// `CLOUDY_HOME` and a `HOME`, and the pinned environment the binary runs with.
final class CloudyHome {
  let root: URL
  /// `CLOUDY_HOME`: where the bookmarks are stored.
  let cloudyHome: URL
  /// `HOME` for the app and tmux, so nothing of the real home is read.
  let userHome: URL

  init() throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cloudy-e2e-\(UUID().uuidString.prefix(13).lowercased())", isDirectory: true)
    cloudyHome = root.appendingPathComponent("cloudy-home", isDirectory: true)
    userHome = root.appendingPathComponent("home", isDirectory: true)
    try FileManager.default.createDirectory(at: cloudyHome, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: userHome, withIntermediateDirectories: true)
  }

  /// Removes the folder. The sessions using it must be killed first.
  func remove() {
    try? FileManager.default.removeItem(at: root)
  }

  /// Variables added to (or replacing) the pinned ones for every `cloudy` on this home,
  /// e.g. `CLOUDY_STORE` and `CLOUDY_CLOUD` for a device of a synced account.
  var settings: [String: String] = [:]

  /// The environment of every `cloudy` this test starts, in tmux or not.
  var environment: [String: String] {
    [
      "PATH": "/usr/bin:/bin",
      "TERM": "xterm-256color",
      "LANG": "C.UTF-8",
      "TZ": "UTC",
      "HOME": userHome.path,
      "CLOUDY_HOME": cloudyHome.path,
      // Tests talk only to servers they start: the web tests turn fetching back on ("0").
      "CLOUDY_NO_FETCH": "1",
    ].merging(settings) { _, setting in setting }
  }

  // MARK: - The command line

  struct CLIResult {
    var stdout: String
    var stderr: String
    var status: Int32
  }

  /// Runs `cloudy <arguments>` with this home, without a terminal, and waits (at most
  /// 10 s) for it to finish.
  @discardableResult
  func cli(_ arguments: String..., environment extra: [String: String] = [:]) throws -> CLIResult {
    try cli(arguments, environment: extra)
  }

  @discardableResult
  func cli(_ arguments: [String], environment extra: [String: String] = [:]) throws -> CLIResult {
    guard
      let result = try ChildProcess.runUnlessHung(
        CloudyBinary.url.path, arguments, environment: environment.merging(extra) { _, new in new },
        timeout: .seconds(10))
    else {
      throw TmuxSession.Failure(description: "cloudy \(arguments.joined(separator: " ")) did not finish in 10 s")
    }
    return CLIResult(stdout: result.stdout, stderr: result.stderr, status: result.status)
  }

  /// Adds a bookmark through `cloudy add` and returns its id; fails the test if that fails.
  @discardableResult
  func add(_ url: String, name: String? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> String {
    var arguments = ["add", url]
    if let name { arguments += ["--name", name] }
    let result = try cli(arguments)
    XCTAssertEqual(result.status, 0, "cloudy add failed: \(result.stderr)", file: file, line: line)
    return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// A bookmark as `cloudy list --json` prints it.
  struct ListedBookmark: Decodable, Equatable {
    var id: String
    var name: String
    var url: String
    /// Its folder path (`list --json` leaves the key out at the top level).
    var folder: [String]?
  }

  /// The stored bookmarks, through `cloudy list --json`.
  func listedBookmarks(file: StaticString = #filePath, line: UInt = #line) throws -> [ListedBookmark] {
    let result = try cli("list", "--json")
    XCTAssertEqual(result.status, 0, "cloudy list --json failed: \(result.stderr)", file: file, line: line)
    return try JSONDecoder().decode([ListedBookmark].self, from: Data(result.stdout.utf8))
  }
}
