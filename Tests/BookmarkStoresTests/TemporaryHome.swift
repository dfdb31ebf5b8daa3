import Foundation

/// A fresh folder for one test, removed afterwards.
struct TemporaryHome {
  let path: String

  init() throws {
    path = FileManager.default.temporaryDirectory.appendingPathComponent("cloudy-test-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}

/// Polls `condition` every 10 ms until it holds or `timeout` passes. For events that
/// cannot be awaited directly (another process's file write).
func eventually(timeout: TimeInterval = 5, _ condition: () throws -> Bool) rethrows -> Bool {
  let deadline = Date().addingTimeInterval(timeout)
  while Date() < deadline {
    if try condition() { return true }
    Thread.sleep(forTimeInterval: 0.01)
  }
  return try condition()
}
