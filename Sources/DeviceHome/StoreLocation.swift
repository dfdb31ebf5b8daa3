import Foundation

/// Where one device keeps its state: a config folder and a data folder.
///
/// With `--home DIR` both live under DIR (`DIR/config`, `DIR/data`); otherwise they are
/// the XDG folders `$XDG_CONFIG_HOME/cloudy` and `$XDG_DATA_HOME/cloudy`.
public struct StoreLocation: Sendable, Hashable {
  public var configDirectory: String
  public var dataDirectory: String

  public init(configDirectory: String, dataDirectory: String) {
    self.configDirectory = configDirectory
    self.dataDirectory = dataDirectory
  }

  /// The folders for a `--home` directory, or the XDG defaults when `home` is nil.
  public static func resolve(home: String?, environment: [String: String]) -> StoreLocation {
    if let home, !home.isEmpty {
      let root = absolute(home, environment: environment)
      return StoreLocation(configDirectory: root + "/config", dataDirectory: root + "/data")
    }
    let userHome = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? userHome + "/.config"
    let data = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? userHome + "/.local/share"
    return StoreLocation(configDirectory: config + "/cloudy", dataDirectory: data + "/cloudy")
  }

  /// The user-defaults domain file. `UserDefaults(suiteName: "cloudy")` reads it when
  /// `XDG_CONFIG_HOME` points at ``configDirectory``.
  public var defaultsDomainPath: String { configDirectory + "/cloudy.plist" }

  private static func absolute(_ path: String, environment: [String: String]) -> String {
    if path.hasPrefix("/") { return path }
    if path == "~" || path.hasPrefix("~/") { return (environment["HOME"] ?? NSHomeDirectory()) + path.dropFirst() }
    return FileManager.default.currentDirectoryPath + "/" + path
  }
}
