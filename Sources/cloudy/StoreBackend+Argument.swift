import ArgumentParser
import BookmarkStores

/// `--store` and `--to` take a backend's name; ArgumentParser lists the choices in the help
/// and refuses anything else.
extension StoreBackend: ExpressibleByArgument {
  /// A backend named in an environment variable or a saved setting, with the same sentence
  /// as a bad flag would get.
  static func named(_ name: String) throws -> StoreBackend {
    guard let backend = StoreBackend(rawValue: name) else {
      throw CLIError(
        "Unknown store “\(name)”; choose one of \(StoreBackend.allCases.map(\.rawValue).joined(separator: ", ")).")
    }
    return backend
  }
}
