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

  /// The same server's address for database `database` (and `role`, if given).
  public func url(database: String, role: String? = nil) -> String {
    var components = URLComponents(string: url)!
    components.path = "/" + database
    if let role { components.user = role }
    return components.string!
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
    let target = url(database: database ?? String(URLComponents(string: url)!.path.dropFirst()), role: role)
    return try Self.run(
      "/usr/bin/psql", ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", target] + arguments,
      environment: ["PGPASSWORD": password])
  }

  /// Stops (`"stop"`) or starts (`"start"`) the server, waiting until it did.
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
