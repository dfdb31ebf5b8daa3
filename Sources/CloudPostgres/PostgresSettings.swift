import Cloud
import Foundation

/// Where and how to connect, read from a `postgres://user@host:port/database?sslmode=…`
/// address plus the environment. The password never comes from the address: it is taken
/// from `PGPASSWORD`, else from the password file (`PGPASSFILE`, else `~/.pgpass`), the way
/// `psql` finds it, so it never sits in argv, shell history or messages.
public struct PostgresSettings: Sendable, Hashable {
  /// How much TLS to insist on, as libpq's `sslmode`.
  public enum TLSMode: String, Sendable, Hashable {
    /// Plain TCP only.
    case disable
    /// TLS when the server offers it, else plain (libpq's default; `allow` means the same here).
    case prefer
    /// TLS or no connection; the certificate is not checked (as libpq's `require`).
    case require
    /// TLS with a certificate signed by a trusted authority (`sslrootcert`, else the system's).
    case verifyCA = "verify-ca"
    /// As `verify-ca`, and the certificate must name the host.
    case verifyFull = "verify-full"
  }

  public var host: String
  public var port: Int
  public var user: String
  public var database: String
  public var tlsMode: TLSMode
  /// A PEM file of trusted authorities for `verify-ca` and `verify-full`.
  public var rootCertificatePath: String?
  /// The password, if the environment or the password file has one for this server.
  public var password: String?
  /// Where the password came from, for the sentence when the server refuses it.
  public var passwordSource: String?
  /// The password file that was skipped because others can read it, to name in the sentence
  /// when the server then asks for a password.
  public var ignoredPasswordFile: String?
  /// How long a connection attempt may take.
  public var connectTimeout: Duration
  /// The address without any password (there never is one), for messages.
  public var displayName: String

  /// Reads `url` and finds the password in `environment` or the password file.
  public init(url: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
    guard let schemeEnd = url.range(of: "://"),
      ["postgres", "postgresql"].contains(url[..<schemeEnd.lowerBound].lowercased())
    else { throw Self.bad("A PostgreSQL cloud address starts with postgres://, like postgres://me@host:5432/cloudy.") }
    // Refuses a password in any spelling (`user%3Apw@` too) before anything else is read.
    _ = try CloudAddress(parsing: url)
    guard let components = URLComponents(string: url), components.host != nil || components.path.isEmpty == false
    else {
      throw Self.bad("The cloud address is not a valid URL; use postgres://user@host:port/database.")
    }
    if components.password != nil { throw Self.bad(CloudAddress.passwordRefusal) }
    host = components.host.map { $0.removingPercentEncoding ?? $0 }.flatMap { $0.isEmpty ? nil : $0 } ?? "localhost"
    if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    port = components.port ?? 5432
    guard (1...65535).contains(port) else { throw Self.bad("The cloud address has a port outside 1–65535.") }
    let login = environment["USER"].flatMap { $0.isEmpty ? nil : $0 } ?? "postgres"
    user = components.user.map { $0.removingPercentEncoding ?? $0 }.flatMap { $0.isEmpty ? nil : $0 } ?? login
    // A `:` in the decoded user name is refused above: it would be read as a password.
    guard !user.contains(":") else { throw Self.bad(CloudAddress.passwordRefusal) }
    var path = components.percentEncodedPath
    if path.hasPrefix("/") { path.removeFirst() }
    guard !path.contains("/") else {
      throw Self.bad("The cloud address names one database after the port, like postgres://me@host:5432/cloudy.")
    }
    database = (path.removingPercentEncoding ?? path).isEmpty ? user : (path.removingPercentEncoding ?? path)
    tlsMode = .prefer
    connectTimeout = .seconds(5)
    for item in components.queryItems ?? [] {
      let value = item.value ?? ""
      switch item.name.lowercased() {
      case "sslmode":
        let mode = value.lowercased() == "allow" ? "prefer" : value.lowercased()
        guard let chosen = TLSMode(rawValue: mode) else {
          throw Self.bad(
            "Unknown sslmode “\(value)” in the cloud address; use disable, prefer, require, verify-ca or verify-full.")
        }
        tlsMode = chosen
      case "sslrootcert":
        rootCertificatePath = value
      case "connect_timeout":
        guard let seconds = Int(value), seconds > 0 else {
          throw Self.bad("connect_timeout in the cloud address must be a whole number of seconds.")
        }
        connectTimeout = .seconds(seconds)
      case "password":
        throw Self.bad(CloudAddress.passwordRefusal)
      default:
        throw Self.bad(
          "Unknown setting “\(item.name)” in the cloud address; Cloudy understands sslmode, sslrootcert "
            + "and connect_timeout.")
      }
    }
    displayName = CloudAddress.postgres(url: url).displayName
    if let fromEnvironment = environment["PGPASSWORD"] {
      password = fromEnvironment
      passwordSource = "PGPASSWORD"
    } else {
      let file = PostgresPassFile.path(environment: environment)
      if let file,
        let found = PostgresPassFile.password(in: file, host: host, port: port, database: database, user: user)
      {
        password = found
        let home = environment["HOME"] ?? ""
        passwordSource = !home.isEmpty && file.hasPrefix(home + "/") ? "~" + file.dropFirst(home.count) : file
      } else if let file, PostgresPassFile.isIgnoredForItsMode(file) {
        let home = environment["HOME"] ?? ""
        ignoredPasswordFile = !home.isEmpty && file.hasPrefix(home + "/") ? "~" + file.dropFirst(home.count) : file
      }
    }
  }

  private static func bad(_ sentence: String) -> CloudError {
    CloudError.badAddress(sentence)
  }
}
