import Cloud
import CloudPostgres
import CloudSQLite

/// Opens the cloud an address names, for one account. The one place that knows every
/// cloud implementation, so every synced store is wired the same way.
enum CloudFactory {
  static func make(_ address: CloudAddress, account: String) throws -> any CloudService {
    switch address {
    case .sqlite(let path): return SQLiteCloud(path: path, account: account)
    case .postgres(let url):
      do {
        return PostgresCloud(settings: try PostgresSettings(url: url), account: account)
      } catch let error as CloudError {
        throw CLIError(error.description)
      }
    }
  }
}
