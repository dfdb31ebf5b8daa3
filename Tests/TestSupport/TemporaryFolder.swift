import Foundation

/// A fresh, empty folder for one test (a device's home, a cloud's folder); `remove()`
/// deletes it with everything inside.
public struct TemporaryFolder: Sendable {
  public let path: String

  public init() throws {
    path = FileManager.default.temporaryDirectory.appendingPathComponent("cloudy-test-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  /// The path of `name` inside the folder.
  public func file(_ name: String) -> String {
    path + "/" + name
  }

  public func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}
