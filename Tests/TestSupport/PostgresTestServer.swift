import Foundation

/// The throwaway PostgreSQL server `scripts/with-postgres` started for this test run, if
/// any: `CLOUDY_TEST_POSTGRES_URL` and `PGPASSWORD` in the environment. Tests that need it
/// skip, saying so, when it is not set; `scripts/test` (and so CI) always sets it.
public struct PostgresTestServer: Sendable {
  /// `postgres://cloudy@127.0.0.1:PORT/cloudy`: a role that may create databases.
  public let url: String
  /// The role's password (also the other role's), for child processes' environments.
  public let password: String
  /// A second ordinary role with the same password, if the server has one.
  public let otherRole: String?
  /// The script that stops and starts the server (`stop`, `start`).
  public let control: String?

  /// Why PostgreSQL tests are skipped when no server is set.
  public static let skipReason =
    "CLOUDY_TEST_POSTGRES_URL is not set; run through scripts/with-postgres (scripts/test does) to test PostgreSQL"

  /// The server, or `nil` when `CLOUDY_TEST_POSTGRES_URL` is unset.
  public static var current: PostgresTestServer? {
    let environment = ProcessInfo.processInfo.environment
    guard let url = environment["CLOUDY_TEST_POSTGRES_URL"], !url.isEmpty else { return nil }
    return PostgresTestServer(
      url: url, password: environment["PGPASSWORD"] ?? "", otherRole: environment["CLOUDY_TEST_POSTGRES_OTHER_ROLE"],
      control: environment["CLOUDY_TEST_POSTGRES_CONTROL"])
  }

  /// Whether `scripts/with-postgres --standby` started a standby beside the primary (`sync` or
  /// `async`, from `CLOUDY_TEST_POSTGRES_STANDBY`): the address then names both servers.
  public var standby: String? {
    let value = ProcessInfo.processInfo.environment["CLOUDY_TEST_POSTGRES_STANDBY"] ?? ""
    return value.isEmpty ? nil : value
  }

  /// The same server's address for database `database` (and `role`, if given). Written by
  /// hand: `URLComponents` takes no address that names several servers (`h1:p1,h2:p2`).
  public func url(database: String, role: String? = nil) -> String {
    let parts = Self.parts(of: url)
    let authority = role.map { role in role + "@" + (parts.authority.split(separator: "@", maxSplits: 1).last ?? "") }
    return parts.scheme + (authority ?? parts.authority) + "/" + database + parts.query
  }

  /// The database the address names.
  public var database: String { Self.parts(of: url).database }

  /// `postgres://` , `USER@HOSTS`, the database and `?QUERY` (or "").
  private static func parts(of url: String) -> (scheme: String, authority: String, database: String, query: String) {
    let scheme = url.range(of: "://").map { String(url[..<$0.upperBound]) } ?? ""
    var rest = Substring(url.dropFirst(scheme.count))
    var query = ""
    if let mark = rest.firstIndex(of: "?") {
      query = String(rest[mark...])
      rest = rest[..<mark]
    }
    let slash = rest.firstIndex(of: "/") ?? rest.endIndex
    let database = slash < rest.endIndex ? String(rest[rest.index(after: slash)...]) : ""
    return (scheme, String(rest[..<slash]), database, query)
  }

  /// Makes a new, empty database for one test and returns its name.
  public func createDatabase() throws -> String {
    let name = "cloudy_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(20)
    try psql(["-c", "CREATE DATABASE \(name)"])
    return name
  }

  /// Drops a database made by ``createDatabase()``, closing whatever is still connected.
  public func dropDatabase(_ name: String) {
    _ = try? psql(["-c", "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"])
  }

  /// Runs `psql` on `database` (the main one by default) as `role` (the main one by
  /// default) with `arguments`, unaligned and quiet, stopping at the first error; returns
  /// its standard output.
  @discardableResult
  public func psql(_ arguments: [String], database: String? = nil, role: String? = nil) throws -> String {
    var target = url(database: database ?? self.database, role: role)
    // With a standby, the server that takes writes (libpq's own default is the first that answers).
    if standby != nil { target += (target.contains("?") ? "&" : "?") + "target_session_attrs=read-write" }
    return try Self.run(
      "/usr/bin/psql", ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", target] + arguments,
      environment: ["PGPASSWORD": password])
  }

  /// Stops (`"stop"`) or starts (`"start"`) the server, waiting until it did; with a standby
  /// also `"failover"`, `"kill-primary"`, `"promote"` and `"catch-up"` (`scripts/with-postgres`).
  ///
  /// Its output goes nowhere: the server it starts lives on, and must not hold a pipe of
  /// ours open.
  public func controlServer(_ command: String) throws {
    guard let control else { throw Failure(description: "CLOUDY_TEST_POSTGRES_CONTROL is not set") }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: control)
    process.arguments = [command]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(description: "the server's control script failed to \(command) it")
    }
  }

  public struct Failure: Error, CustomStringConvertible {
    public var description: String
    public init(description: String) { self.description = description }
  }

  @discardableResult
  static func run(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(
        description: "\(executable) failed (status \(process.terminationStatus)): "
          + String(decoding: err, as: UTF8.self))
    }
    return String(decoding: out, as: UTF8.self)
  }
}
