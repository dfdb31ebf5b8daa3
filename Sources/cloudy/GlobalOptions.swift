import ArgumentParser
import BookmarkStores
import Foundation

/// Options every command takes; each also reads an environment variable.
struct GlobalOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "Where bookmarks live: user-defaults, key-value or documents (env CLOUDY_STORE).", valueName: "store"))
  var store: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "One folder for this device's whole state (env CLOUDY_HOME; default: the XDG folders).", valueName: "dir"))
  var home: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The cloud for synced stores: sqlite:/path or postgres://user@host:port/db (env CLOUDY_CLOUD).",
      valueName: "url"))
  var cloud: String?

  @Option(name: .long, help: ArgumentHelp("Whose data in a shared cloud (env CLOUDY_ACCOUNT).", valueName: "name"))
  var account: String?

  @Flag(name: .long, help: "Work from the local copy without contacting the cloud (env CLOUDY_OFFLINE=1).")
  var offline = false

  var environment: [String: String] { ProcessInfo.processInfo.environment }

  /// The backend chosen by `--store`, else `CLOUDY_STORE`, else user defaults.
  func backend() throws -> StoreBackend {
    let name =
      store ?? environment["CLOUDY_STORE"].flatMap { $0.isEmpty ? nil : $0 } ?? StoreBackend.userDefaults.rawValue
    guard let backend = StoreBackend(rawValue: name) else {
      throw CLIError(
        "Unknown store “\(name)”; choose one of \(StoreBackend.allCases.map(\.rawValue).joined(separator: ", ")).")
    }
    return backend
  }

  /// This device's folders, from `--home`, else `CLOUDY_HOME`, else XDG.
  var location: StoreLocation {
    StoreLocation.resolve(home: home ?? environment["CLOUDY_HOME"], environment: environment)
  }

  /// The store the options describe.
  func makeStore() throws -> any BookmarkStore {
    switch try backend() {
    case .userDefaults: return UserDefaultsStore(location: location)
    case .keyValue: throw StoreError.unavailable(.keyValue)
    case .documents: throw StoreError.unavailable(.documents)
    }
  }
}
