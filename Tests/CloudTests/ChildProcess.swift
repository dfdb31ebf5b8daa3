import Foundation
import TestSupport

/// Runs a child process to its end without blocking a thread.
enum ChildProcess {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Runs `executable` with `arguments` and returns its standard output; throws if it
  /// exits with a non-zero status or does not finish within `timeout`.
  static func run(_ executable: String, _ arguments: [String], timeout: Duration = .seconds(30)) async throws
    -> String
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    let exited = AsyncStream.makeStream(of: Void.self)
    process.terminationHandler = { _ in
      exited.continuation.yield()
      exited.continuation.finish()
    }
    try process.run()
    // Read while it runs, so a full pipe cannot stall it.
    async let out = Task.detached { output.fileHandleForReading.readDataToEndOfFile() }.value
    async let err = Task.detached { errors.fileHandleForReading.readDataToEndOfFile() }.value
    let finished =
      await withTimeout(timeout) {
        for await _ in exited.stream { return true }
        return true
      } ?? false
    if !finished {
      process.terminate()
      process.waitUntilExit()
    }
    let (stdout, stderr) = await (out, err)
    guard finished, process.terminationStatus == 0 else {
      throw Failure(
        description: "\(executable) \(arguments.first ?? "") failed (status \(process.terminationStatus), "
          + "finished \(finished)): \(String(decoding: stderr, as: UTF8.self))")
    }
    return String(decoding: stdout, as: UTF8.self)
  }
}
