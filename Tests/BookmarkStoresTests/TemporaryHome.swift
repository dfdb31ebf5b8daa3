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
