import CommandLineIO
import DeviceHome
import Foundation

/// The demo's throwaway home: a private (0700) temporary folder, removed on exit.
package struct DemoHome {
  /// The folder itself.
  package let path: String

  /// The store folders inside it, as `--home` would lay them out.
  package var location: StoreLocation { StoreLocation.resolve(home: path, environment: [:]) }

  /// Makes a fresh folder under `$TMPDIR` (else `/tmp`) with `mkdtemp`, which creates it 0700.
  package static func create() throws -> DemoHome {
    let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
    var template = Array((base.hasSuffix("/") ? base : base + "/").utf8CString.dropLast())
    template += Array("cloudy-demo-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else {
      throw CLIError("Can't make a temporary folder for the demo in \(base) (\(String(cString: strerror(errno)))).")
    }
    return DemoHome(path: String(cString: made))
  }

  /// Removes the folder and everything in it.
  package func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}
