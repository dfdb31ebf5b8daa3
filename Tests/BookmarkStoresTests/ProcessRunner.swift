import Foundation
import Synchronization

/// Runs the real `cloudy` binary built beside the test bundle.
enum ProcessRunner {
  /// The products folder: on Linux the xctest bundle lives there.
  static var cloudyPath: String {
    Bundle.main.bundleURL.appendingPathComponent("cloudy").path
  }

  /// Starts a process with extra environment variables, output discarded.
  static func start(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Process
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }

  /// What a finished command printed and how it exited.
  struct Output {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// Runs `cloudy` to the end with extra environment variables and stdin not a terminal.
  static func run(_ arguments: [String], environment: [String: String]) throws -> Output {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: cloudyPath)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Output(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self))
  }
}

extension ProcessRunner {
  /// Runs `cloudy` as ``run(_:environment:)`` does, but kills it if it has not exited
  /// after `timeout`, and then returns `nil`.
  static func run(_ arguments: [String], environment: [String: String], timeout: Duration) throws -> Output? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: cloudyPath)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    // Read both pipes while waiting, so a chatty command cannot block on a full pipe.
    let reads = DispatchGroup()
    let collected = Collected()
    for (pipe, isError) in [(out, false), (err, true)] {
      DispatchQueue.global().async(group: reads) {
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        collected.store(data, isError: isError)
      }
    }
    let seconds = Double(timeout.components.seconds)
    guard exited.wait(timeout: .now() + seconds) == .success else {
      kill(process.processIdentifier, SIGKILL)
      exited.wait()
      reads.wait()
      return nil
    }
    reads.wait()
    let (stdout, stderr) = collected.both
    return Output(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self))
  }
}

/// Output gathered by two reader threads.
private final class Collected: Sendable {
  private let data = Mutex<(stdout: Data, stderr: Data)>((Data(), Data()))

  func store(_ bytes: Data, isError: Bool) {
    data.withLock {
      if isError { $0.stderr = bytes } else { $0.stdout = bytes }
    }
  }

  var both: (Data, Data) { data.withLock { ($0.stdout, $0.stderr) } }
}
