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

  /// The address for messages and cache names, without any password: neither the one in
  /// `scheme://user:password@host` nor a `password=` query parameter.
  public var displayName: String {
    switch self {
    case .sqlite(let path): return "sqlite:" + path
    case .postgres(let url): return Self.withoutPassword(url)
    }
  }

  private static func withoutPassword(_ url: String) -> String {
    guard let schemeEnd = url.range(of: "://") else { return url }
    let scheme = url[..<schemeEnd.upperBound]
    var rest = url[schemeEnd.upperBound...]
    var query: Substring = ""
    if let mark = rest.firstIndex(of: "?") {
      query = rest[rest.index(after: mark)...]
      rest = rest[..<mark]
    }
    // The user information ends at the authority's last "@" (a password may hold an "@").
    let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
    if let at = rest[..<authorityEnd].lastIndex(of: "@") {
      let user = rest[..<at].split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
      rest = user + rest[at...]
    }
    let parameters = query.split(separator: "&").filter { !$0.lowercased().hasPrefix("password=") }
    return scheme + rest + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
  }
}
