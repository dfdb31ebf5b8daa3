import Foundation
import XCTest

/// The `cloudy` executable SwiftPM built beside the test bundle.
enum CloudyBinary {
  /// On Linux `Bundle.main` is the products folder (`.build/debug`) that holds both the
  /// `.xctest` executable and `cloudy`; on macOS it is the `.xctest` bundle inside it.
  ///
  /// `CLOUDY_E2E_BINARY` overrides this, to run the tests against another build.
  static let url: URL = {
    if let override = ProcessInfo.processInfo.environment["CLOUDY_E2E_BINARY"], !override.isEmpty {
      return URL(fileURLWithPath: override)
    }
    let candidates = [
      Bundle.main.bundleURL.appendingPathComponent("cloudy"),
      Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("cloudy"),
      Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("cloudy"),
    ].compactMap { $0 }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
  }()

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
    let process = Process()
    process.executableURL = CloudyBinary.url
    process.arguments = arguments
    process.environment = environment.merging(extra) { _, new in new }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    try process.run()
    let reading = ProcessOutput.startReading(output, errors)
    if finished.wait(timeout: .now() + 10) == .timedOut {
      process.terminate()
      throw TmuxSession.Failure(description: "cloudy \(arguments.joined(separator: " ")) did not finish in 10 s")
    }
    let (out, err) = reading.finish()
    return CLIResult(
      stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self),
      status: process.terminationStatus)
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
  }

  /// The stored bookmarks, through `cloudy list --json`.
  func listedBookmarks(file: StaticString = #filePath, line: UInt = #line) throws -> [ListedBookmark] {
    let result = try cli("list", "--json")
    XCTAssertEqual(result.status, 0, "cloudy list --json failed: \(result.stderr)", file: file, line: line)
    return try JSONDecoder().decode([ListedBookmark].self, from: Data(result.stdout.utf8))
  }
}

/// Reads a process's stdout and stderr in the background while it runs, so neither
/// pipe can fill up and block it.
final class ProcessOutput: @unchecked Sendable {
  private let lock = NSLock()
  private var output = Data()
  private var errors = Data()
  private let group = DispatchGroup()

  static func startReading(_ output: Pipe, _ errors: Pipe) -> ProcessOutput {
    let reader = ProcessOutput()
    reader.read(output) { reader.output = $0 }
    reader.read(errors) { reader.errors = $0 }
    return reader
  }

  private func read(_ pipe: Pipe, into store: @escaping @Sendable (Data) -> Void) {
    group.enter()
    DispatchQueue.global().async { [self] in
      let data = pipe.fileHandleForReading.readDataToEndOfFile()
      lock.lock()
      store(data)
      lock.unlock()
      group.leave()
    }
  }

  /// What was read, once the process has ended (waits at most 2 s for the pipes to close).
  func finish() -> (Data, Data) {
    _ = group.wait(timeout: .now() + 2)
    lock.lock()
    defer { lock.unlock() }
    return (output, errors)
  }
}
