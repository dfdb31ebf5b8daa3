import Foundation

/// A fresh, empty folder for one test; `remove()` deletes it with everything inside.
struct TemporaryFolder: Sendable {
  let path: String

  init() throws {
    path = FileManager.default.temporaryDirectory.appendingPathComponent("cloudy-cloud-test-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  /// The path of `name` inside the folder.
  func file(_ name: String) -> String {
    path + "/" + name
  }

  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}
