/// The three storage backends, by their command-line names.
public enum StoreBackend: String, CaseIterable, Sendable, Hashable {
  case userDefaults = "user-defaults"
  case keyValue = "key-value"
  case documents = "documents"
}

extension StoreBackend {
  /// Whether the backend syncs through a cloud (and so has a cloud and an account).
  public var isSynced: Bool { self != .userDefaults }

  /// Whether the backend keeps versions (conflicts with every version, history, revert): its
  /// stores are ``VersionedBookmarkStore``s, and the screen offers History and Resolve.
  public var keepsVersions: Bool { self == .documents }
}
