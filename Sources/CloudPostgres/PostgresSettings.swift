import Cloud
import Foundation

/// Where and how to connect, read from a `postgres://user@host:port/database?sslmode=…`
/// address plus the environment. As libpq, the address may name several servers
/// (`postgres://me@db1:5432,db2:5432/cloudy`): they are tried in order, and with
/// `target_session_attrs=read-write` (the default when there are several) only one that takes
/// writes (the primary) is kept. The password never comes from the address: it is taken
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

  /// One server of the address.
  public struct Endpoint: Sendable, Hashable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
  }

  /// Which server of several to keep, as libpq's `target_session_attrs`.
  public enum SessionTarget: String, Sendable, Hashable {
    /// The first that answers.
    case any
    /// The first that takes writes (not a standby in recovery, not read-only).
    case readWrite = "read-write"
  }

  /// The first server of the address (the one connected to, for ``at(_:)``'s copy).
  public var host: String
  public var port: Int
  /// Every server of the address, in order.
  public var endpoints: [Endpoint]
  public var sessionTarget: SessionTarget
  /// The password for each server that has one (the password file is per host).
  private var passwords: [Endpoint: String] = [:]
  private var passwordSources: [Endpoint: String] = [:]
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
  public init(url address: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
    guard let schemeEnd = address.range(of: "://"),
      ["postgres", "postgresql"].contains(address[..<schemeEnd.lowerBound].lowercased())
    else { throw Self.bad("A PostgreSQL cloud address starts with postgres://, like postgres://me@host:5432/cloudy.") }
    // Refuses a password in any spelling (`user%3Apw@` too) before anything else is read.
    _ = try CloudAddress(parsing: address)
    // Several servers (`h1:p1,h2:p2`): the rest of the address is read with the first alone.
    let (url, others) = try Self.splittingHosts(address, after: schemeEnd.upperBound)
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
    endpoints = [Endpoint(host: host, port: port)] + others
    var target: SessionTarget?
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
      case "target_session_attrs":
        // (`primary` is libpq 14's name for read-write.)
        guard let chosen = SessionTarget(rawValue: value.lowercased() == "primary" ? "read-write" : value.lowercased())
        else {
          throw Self.bad(
            "Unknown target_session_attrs “\(value)” in the cloud address; Cloudy writes, so use read-write (or any).")
        }
        target = chosen
      case "password":
        throw Self.bad(CloudAddress.passwordRefusal)
      default:
        throw Self.bad(
          "Unknown setting “\(item.name)” in the cloud address; Cloudy understands sslmode, sslrootcert, "
            + "connect_timeout and target_session_attrs.")
      }
    }
    sessionTarget = target ?? (endpoints.count > 1 ? .readWrite : .any)
    displayName = CloudAddress.postgres(url: address).displayName
    let home = environment["HOME"] ?? ""
    func shown(_ file: String) -> String {
      !home.isEmpty && file.hasPrefix(home + "/") ? "~" + file.dropFirst(home.count) : file
    }
    let file = PostgresPassFile.path(environment: environment)
    for endpoint in endpoints {
      if let fromEnvironment = environment["PGPASSWORD"] {
        passwords[endpoint] = fromEnvironment
        passwordSources[endpoint] = "PGPASSWORD"
      } else if let file,
        let found = PostgresPassFile.password(
          in: file, host: endpoint.host, port: endpoint.port, database: database, user: user)
      {
        passwords[endpoint] = found
        passwordSources[endpoint] = shown(file)
      } else if let file, PostgresPassFile.isIgnoredForItsMode(file) {
        ignoredPasswordFile = shown(file)
      }
    }
    password = passwords[endpoints[0]]
    passwordSource = passwordSources[endpoints[0]]
  }

  /// These settings for one server of the address: its host, port and password.
  public func at(_ endpoint: Endpoint) -> PostgresSettings {
    var settings = self
    settings.host = endpoint.host
    settings.port = endpoint.port
    settings.password = passwords[endpoint]
    settings.passwordSource = passwordSources[endpoint]
    return settings
  }

  /// An address naming several servers, as the address with the first alone and the others.
  private static func splittingHosts(_ url: String, after start: String.Index) throws -> (String, [Endpoint]) {
    let rest = url[start...]
    let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
    let authority = rest[..<authorityEnd]
    let hostsStart = authority.lastIndex(of: "@").map { authority.index(after: $0) } ?? authority.startIndex
    let hosts = authority[hostsStart...].split(separator: ",", omittingEmptySubsequences: false)
    guard hosts.count > 1 else { return (url, []) }
    var others: [Endpoint] = []
    for text in hosts.dropFirst() {
      var host = Substring(text)
      var port = 5432
      if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
        let after = host[host.index(after: close)...]
        if after.hasPrefix(":") {
          guard let number = Int(after.dropFirst()) else { throw bad("A server of the cloud address has a bad port.") }
          port = number
        }
        host = host[host.index(after: host.startIndex)..<close]
      } else if let colon = host.lastIndex(of: ":") {
        guard let number = Int(host[host.index(after: colon)...]) else {
          throw bad("A server of the cloud address has a bad port.")
        }
        port = number
        host = host[..<colon]
      }
      guard !host.isEmpty else { throw bad("The cloud address names an empty server between commas.") }
      guard (1...65535).contains(port) else { throw bad("The cloud address has a port outside 1–65535.") }
      others.append(Endpoint(host: String(host).removingPercentEncoding ?? String(host), port: port))
    }
    let first = url[..<hostsStart] + hosts[0] + url[authorityEnd...]
    return (String(first), others)
  }

  private static func bad(_ sentence: String) -> CloudError {
    CloudError.badAddress(sentence)
  }
}
