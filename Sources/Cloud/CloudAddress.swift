import Foundation

/// Where the cloud is, from `--cloud` or `CLOUDY_CLOUD`.
public enum CloudAddress: Hashable, Sendable {
  /// `sqlite:/absolute/path/cloud.sqlite`: an embedded database file on this machine.
  case sqlite(path: String)
  /// `postgres://user@host:port/database`: a PostgreSQL server (the URL as given, which
  /// parsing guarantees holds no password).
  case postgres(url: String)

  /// Parses an address. Relative SQLite paths are refused: a cloud shared by several
  /// homes must not depend on the current folder. A PostgreSQL address holding a password
  /// in any spelling (`user:pw@`, `user%3Apw@`, `?password=`) is refused here, before
  /// anything is connected to or written, and the sentence never repeats the address.
  public init(parsing text: String) throws {
    if text.hasPrefix("sqlite:") {
      var path = String(text.dropFirst("sqlite:".count))
      if path.hasPrefix("//") { path.removeFirst(2) }
      guard path.hasPrefix("/"), path.count > 1, !path.hasSuffix("/") else {
        throw CloudError.badAddress("A SQLite cloud needs an absolute file path, like sqlite:/home/me/cloud.sqlite.")
      }
      self = .sqlite(path: path)
    } else if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
      try Self.refusePassword(in: text)
      self = .postgres(url: text)
    } else {
      throw CloudError.badAddress(
        "Unknown cloud address; use sqlite:/path/cloud.sqlite or postgres://user@host:port/database.")
    }
  }

  /// The sentence for an address that carries a password, in any spelling.
  public static let passwordRefusal =
    "Don't put the password in the cloud address (it would show in process lists and files); "
    + "set PGPASSWORD or add it to ~/.pgpass."

  /// Throws when the user information, percent-decoded, holds a `:` (a password, or a user
  /// name no server could tell from one), or a query parameter is named `password`.
  private static func refusePassword(in url: String) throws {
    let parts = split(url)
    if let user = parts.userInfo, decoded(user).contains(":") {
      throw CloudError.badAddress(passwordRefusal)
    }
    for parameter in parts.query.split(separator: "&") {
      let name = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
      if decoded(name).lowercased() == "password" { throw CloudError.badAddress(passwordRefusal) }
    }
  }

  /// The address for messages, file names and logs: never a password, whatever the
  /// spelling — the user information is percent-decoded and cut at its first `:`, and a
  /// `password=` query parameter is dropped.
  public var displayName: String {
    switch self {
    case .sqlite(let path): return "sqlite:" + path
    case .postgres(let url): return Self.withoutPassword(url)
    }
  }

  private static func withoutPassword(_ url: String) -> String {
    let parts = split(url)
    var result = parts.scheme
    if let user = parts.userInfo {
      let name = decoded(user).split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
      // Re-encode what could be read as the end of the user information.
      result += encoded(String(name)) + "@"
    }
    result += parts.hostAndPath
    let parameters = parts.query.split(separator: "&").filter {
      let name = $0.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
      return decoded(name).lowercased() != "password"
    }
    return result + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
  }

  /// `scheme://`, the user information (up to the authority's last `@`), host and path,
  /// and the query, of a `postgres://` address; not validated.
  private static func split(_ url: String) -> (
    scheme: String, userInfo: Substring?, hostAndPath: Substring, query: Substring
  ) {
    guard let schemeEnd = url.range(of: "://") else { return ("", nil, Substring(url), "") }
    var rest = url[schemeEnd.upperBound...]
    var query: Substring = ""
    if let mark = rest.firstIndex(of: "?") {
      query = rest[rest.index(after: mark)...]
      rest = rest[..<mark]
    }
    // The user information ends at the authority's last "@" (a password may hold an "@").
    let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
    guard let at = rest[..<authorityEnd].lastIndex(of: "@") else {
      return (String(url[..<schemeEnd.upperBound]), nil, rest, query)
    }
    return (String(url[..<schemeEnd.upperBound]), rest[..<at], rest[rest.index(after: at)...], query)
  }

  private static func decoded(_ text: Substring) -> String {
    String(text).removingPercentEncoding ?? String(text)
  }

  private static func encoded(_ text: String) -> String {
    var allowed = CharacterSet.urlUserAllowed
    allowed.remove(charactersIn: ":@/?#")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
  }
}
