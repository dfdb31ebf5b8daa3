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
}
