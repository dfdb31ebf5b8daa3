import Cloud
import CloudPostgres
import CloudSQLite
import Foundation
import Shelf

/// Opens the cloud an address names, for one account. The one place that knows every
/// cloud implementation, so every synced store is wired the same way.
enum CloudFactory {
  /// An SQLite cloud named by the user (not the default one in the data folder) must be in
  /// a folder that exists: a typo must not split a device from its others in silence. A file
  /// that is not there yet is created, and `notice` says so.
  static func make(
    _ address: CloudAddress, account: String, isDefault: Bool, notice: (String) -> Void
  ) throws -> any CloudService {
    switch address {
    case .sqlite(let path):
      if !isDefault { try checkNamedFile(path, notice: notice) }
      return SQLiteCloud(path: path, account: account)
    case .postgres(let url):
      do {
        return PostgresCloud(settings: try PostgresSettings(url: url), account: account)
      } catch let error as CloudError {
        throw WiringError(error.description)
      }
    }
  }

  /// The team shelf of the cloud an address names, seen as `account`.
  static func makeShelf(
    _ address: CloudAddress, account: String, isDefault: Bool, notice: (String) -> Void
  ) throws -> any ShelfService {
    switch address {
    case .sqlite(let path):
      if !isDefault { try checkNamedFile(path, notice: notice) }
      return SQLiteShelf(path: path, account: account)
    case .postgres(let url):
      do {
        return PostgresShelf(settings: try PostgresSettings(url: url), account: account)
      } catch let error as CloudError {
        throw WiringError(error.description)
      }
    }
  }

  private static func checkNamedFile(_ path: String, notice: (String) -> Void) throws {
    let folder = (path as NSString).deletingLastPathComponent
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw WiringError(
        "The folder \(folder) for the cloud does not exist; create it, or check --cloud (or CLOUDY_CLOUD) for a typo.")
    }
    if !FileManager.default.fileExists(atPath: path) {
      notice("No cloud at \(path) yet; Cloudy creates a new, empty one there.")
    }
  }
}
