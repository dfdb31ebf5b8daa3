import Foundation

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
