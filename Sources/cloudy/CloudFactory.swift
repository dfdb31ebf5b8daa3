import Cloud
import CloudPostgres
import CloudSQLite
import Foundation

/// Opens the cloud an address names, for one account. The one place that knows every
/// cloud implementation, so every synced store is wired the same way.
enum CloudFactory {
  ///
  /// An SQLite cloud named by the user (not the default one in the data folder) must be in
  /// a folder that exists: a typo must not split a device from its others in silence. A file
  /// that is not there yet is created, and stderr says so once.
  static func make(_ address: CloudAddress, account: String, isDefault: Bool = false) throws -> any CloudService {
    switch address {
    case .sqlite(let path):
      if !isDefault { try checkNamedFile(path) }
      return SQLiteCloud(path: path, account: account)
    case .postgres(let url):
      do {
        return PostgresCloud(settings: try PostgresSettings(url: url), account: account)
      } catch let error as CloudError {
        throw CLIError(error.description)
      }
    }
  }

  private static func checkNamedFile(_ path: String) throws {
    let folder = (path as NSString).deletingLastPathComponent
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw CLIError(
        "The folder \(folder) for the cloud does not exist; create it, or check --cloud (or CLOUDY_CLOUD) for a typo.")
    }
    if !FileManager.default.fileExists(atPath: path) {
      StandardStream.error.say(
        CLIError("No cloud at \(path) yet; Cloudy creates a new, empty one there.").description + "\n")
    }
  }
}
