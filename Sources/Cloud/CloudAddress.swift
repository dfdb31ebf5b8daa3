/// Where the cloud is, from `--cloud` or `CLOUDY_CLOUD`.
public enum CloudAddress: Hashable, Sendable {
  /// `sqlite:/absolute/path/cloud.sqlite`: an embedded database file on this machine.
  case sqlite(path: String)
  /// `postgres://user@host:port/database`: a PostgreSQL server (the URL as given).
  case postgres(url: String)

  /// Parses an address. Relative SQLite paths are refused: a cloud shared by several
  /// homes must not depend on the current folder.
  public init(parsing text: String) throws {
    if text.hasPrefix("sqlite:") {
      var path = String(text.dropFirst("sqlite:".count))
      if path.hasPrefix("//") { path.removeFirst(2) }
      guard path.hasPrefix("/"), path.count > 1, !path.hasSuffix("/") else {
        throw CloudError.badAddress("A SQLite cloud needs an absolute file path, like sqlite:/home/me/cloud.sqlite.")
      }
      self = .sqlite(path: path)
    } else if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
      self = .postgres(url: text)
    } else {
      throw CloudError.badAddress(
        "Unknown cloud address; use sqlite:/path/cloud.sqlite or postgres://user@host:port/database.")
    }
  }

  /// The address for messages and cache names, without any password.
  public var displayName: String {
    switch self {
    case .sqlite(let path): return "sqlite:" + path
    case .postgres(let url):
      // Drop a password someone put in the URL anyway: scheme://user:secret@host → scheme://user@host.
      guard let schemeEnd = url.range(of: "://") else { return url }
      let rest = url[schemeEnd.upperBound...]
      guard let at = rest.firstIndex(of: "@") else { return url }
      let credentials = rest[..<at]
      let user = credentials.split(separator: ":", maxSplits: 1).first ?? ""
      return String(url[..<schemeEnd.upperBound]) + user + String(rest[at...])
    }
  }
}
