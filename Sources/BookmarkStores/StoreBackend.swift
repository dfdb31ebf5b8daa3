/// The three storage backends, by their command-line names.
public enum StoreBackend: String, CaseIterable, Sendable, Hashable {
  case userDefaults = "user-defaults"
  case keyValue = "key-value"
  case documents = "documents"
}
