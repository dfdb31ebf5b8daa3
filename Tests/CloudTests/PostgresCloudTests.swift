import Cloud
import CloudPostgres
import Foundation
import TestSupport
import XCTest

/// What only the PostgreSQL cloud has: isolation enforced by the server, clear sentences
/// for bad addresses and logins, the password's sources, TLS, concurrent migration and a
/// server restart mid-session. The shared contract runs in ``CloudContractTests``.
final class PostgresCloudTests: XCTestCase {
  private var server: PostgresTestServer!
  private var database = ""
  private var clouds: [PostgresCloud] = []

  override func setUp() async throws {
    guard let server = PostgresTestServer.current else { throw XCTSkip(PostgresTestServer.skipReason) }
    self.server = server
    database = try server.createDatabase()
  }

  override func tearDown() async throws {
    for cloud in clouds { await cloud.close() }
    if let server {
      if (try? server.psql(["-c", "SELECT 1"])) == nil { try? server.controlServer("start") }
      server.dropDatabase(database)
    }
  }

  private func settings(_ query: String = "", password: String? = nil, database: String? = nil) throws
    -> PostgresSettings
  {
    try PostgresSettings(
      url: server.url(database: database ?? self.database) + query,
      environment: ["PGPASSWORD": password ?? server.password])
  }

  private func cloud(account: String = "alice", _ settings: PostgresSettings? = nil) throws -> PostgresCloud {
    let cloud = PostgresCloud(settings: try settings ?? self.settings(), account: account)
    clouds.append(cloud)
    return cloud
  }

  /// The error a call throws, or a failure if it succeeds.
  private func cloudError(_ call: () async throws -> Void, file: StaticString = #filePath, line: UInt = #line) async
    -> CloudError?
  {
    do {
      try await call()
      XCTFail("the call succeeded", file: file, line: line)
    } catch let error as CloudError {
      return error
    } catch {
      XCTFail("not a CloudError: \(error)", file: file, line: line)
    }
    return nil
  }

  // MARK: - Isolation

  func testRawQueriesCannotReadOrChangeAnotherAccountsRows() async throws {
    let alice = try cloud(account: "alice")
    try await alice.put("secret", "alice's")
    let count = "SELECT count(*) FROM cloudy.records"
    // The check can fail: alice's own session sees her row.
    let own = try server.psql(
      ["-c", "SELECT set_config('cloudy.account', 'alice', false)", "-c", count], database: database)
    XCTAssertEqual(own.split(separator: "\n").last, "1", "alice's session sees her row")
    // Same role, another account: nothing to see, nothing to change.
    let asBob = try server.psql(
      [
        "-c", "SELECT set_config('cloudy.account', 'bob', false)", "-c", count,
        "-c", "UPDATE cloudy.records SET value = 'x' RETURNING key",
        "-c", "DELETE FROM cloudy.records RETURNING key",
        "-c", "SELECT count(*) FROM cloudy.accounts",
      ], database: database)
    XCTAssertEqual(
      asBob.split(separator: "\n"), ["bob", "0", "0"], "bob reads, changes and deletes none of alice's rows")
    // No account at all: nothing.
    let anonymous = try server.psql(["-c", count], database: database)
    XCTAssertEqual(anonymous.trimmingCharacters(in: .whitespacesAndNewlines), "0")
    // Writing a row into alice's account from bob's session is refused by the policy.
    XCTAssertThrowsError(
      try server.psql(
        [
          "-c", "SELECT set_config('cloudy.account', 'bob', false)",
          "-c",
          "INSERT INTO cloudy.records (account, zone, key, value, sequence, origin) "
            + "VALUES ('alice', 'key-value', 'planted', 'x', 999, 'bob')",
        ], database: database)
    ) { error in
      XCTAssertTrue("\(error)".contains("row-level security"), "\(error)")
    }
    // Another role naming alice's account sees nothing either: the role is part of the key.
    if let other = server.otherRole {
      let asOther = try server.psql(
        ["-c", "SELECT set_config('cloudy.account', 'alice', false)", "-c", count], database: database, role: other)
      XCTAssertEqual(asOther.split(separator: "\n").last, "0", "another role can't read alice's rows")
    }
    let record = try await alice.record(for: "secret", in: .keyValue)
    XCTAssertEqual(record?.value, Data("alice's".utf8), "alice's record is untouched")
    let changes = try await alice.allChanges(in: .keyValue, since: .beginning)
    XCTAssertEqual(changes.records.map(\.key), ["secret"], "nothing was planted")
  }

  // MARK: - Sentences

  func testBadAddressesGetOneSentenceEach() {
    let cases: [(String, String)] = [
      ("postgres://me:hunter2@db.example/cloudy", "PGPASSWORD"),
      ("postgres://me@db.example/cloudy?password=hunter2", "PGPASSWORD"),
      ("postgres://me%3Ahunter2@db.example/cloudy", "PGPASSWORD"),
      ("postgres://me%3ahunter2@db.example/cloudy", "PGPASSWORD"),
      ("postgres://me@db.example/cloudy?sslmode=sometimes", "sslmode"),
      ("postgres://me@db.example/cloudy?colour=blue", "colour"),
      ("postgres://me@db.example/a/b", "one database"),
      ("postgres://me@db.example:99999/cloudy", "port"),
      ("postgres://me@db.example/cloudy?connect_timeout=soon", "connect_timeout"),
    ]
    for (url, word) in cases {
      XCTAssertThrowsError(try PostgresSettings(url: url, environment: [:]), url) { error in
        let sentence = "\(error)"
        XCTAssertTrue(sentence.contains(word), "\(url): \(sentence)")
        XCTAssertFalse(sentence.contains("hunter2"), "\(url): the password is not repeated: \(sentence)")
        XCTAssertFalse(sentence.contains("\n"), "\(url): one line")
      }
    }
  }

  func testAWrongPasswordIsOneSentenceWithoutThePassword() async throws {
    let cloud = try cloud(try settings(password: "wrong-horse-battery"))
    let error = await cloudError { _ = try await cloud.record(for: "k", in: .keyValue) }
    let sentence = error?.description ?? ""
    XCTAssertTrue(sentence.contains("refused the password from PGPASSWORD for user “cloudy”"), sentence)
    XCTAssertFalse(sentence.contains("wrong-horse-battery"), sentence)
  }

  func testAMissingDatabaseIsOneSentence() async throws {
    let cloud = try cloud(try settings(database: "no_such_database"))
    let error = await cloudError { _ = try await cloud.record(for: "k", in: .keyValue) }
    XCTAssertEqual(
      error?.description,
      "The cloud at \(server.url(database: "no_such_database")) can't be used "
        + "(the database “no_such_database” does not exist on the server).")
  }

  func testNothingListeningIsUnreachable() async throws {
    let port = try server.psql(["-c", "SHOW port"]).trimmingCharacters(in: .whitespacesAndNewlines)
    let closedPort = (Int(port) ?? 5432) == 1 ? 2 : 1
    let url = server.url(database: database).replacingOccurrences(of: ":\(port)/", with: ":\(closedPort)/")
    let cloud = try cloud(try PostgresSettings(url: url, environment: ["PGPASSWORD": server.password]))
    let error = await cloudError { _ = try await cloud.record(for: "k", in: .keyValue) }
    guard case .unreachable(_, let reason) = error else {
      return XCTFail("unreachable, not \(String(describing: error))")
    }
    XCTAssertEqual(reason, "nothing answers at 127.0.0.1:\(closedPort)")
  }

  // MARK: - Several servers (issue 42.1)

  /// An address naming several servers, as libpq writes it: each with its port (5432 when
  /// left out, IPv6 in brackets), `read-write` by default when there are several.
  func testAnAddressWithSeveralServersIsRead() throws {
    let settings = try PostgresSettings(
      url: "postgres://me@db1:5433,db2,[::1]:6000/cloudy?sslmode=require", environment: [:])
    XCTAssertEqual(settings.endpoints.map(\.description), ["db1:5433", "db2:5432", "[::1]:6000"])
    XCTAssertEqual([settings.host, settings.database, settings.user], ["db1", "cloudy", "me"])
    XCTAssertEqual(settings.sessionTarget, .readWrite)
    XCTAssertEqual(settings.tlsMode, .require)
    let any = try PostgresSettings(url: "postgres://me@db1,db2/cloudy?target_session_attrs=any", environment: [:])
    XCTAssertEqual(any.sessionTarget, .any)
    XCTAssertEqual(try PostgresSettings(url: "postgres://me@db1/cloudy", environment: [:]).sessionTarget, .any)
    for (url, word) in [
      ("postgres://me@db1,db2/cloudy?target_session_attrs=standby", "target_session_attrs"),
      ("postgres://me@db1,db2:x/cloudy", "port"), ("postgres://me@db1,,db2/cloudy", "empty server"),
      ("postgres://me@db1,db2:70000/cloudy", "port"),
    ] {
      XCTAssertThrowsError(try PostgresSettings(url: url, environment: [:]), url) { error in
        XCTAssertTrue("\(error)".contains(word), "\(url): \(error)")
      }
    }
  }

  /// A dead server first costs its connect timeout, and the next one is used; with
  /// `read-write`, a server that takes no writes (read-only, as a standby is) is passed over,
  /// and when none takes writes one sentence says what each server was.
  func testTheFirstServerThatTakesWritesIsUsed() async throws {
    let port = try server.psql(["-c", "SHOW port"]).trimmingCharacters(in: .whitespacesAndNewlines)
    let closedPort = (Int(port) ?? 5432) == 1 ? 2 : 1
    let url = server.url(database: database).replacingOccurrences(
      of: "127.0.0.1:\(port)/", with: "127.0.0.1:\(closedPort),127.0.0.1:\(port)/")
    let settings = try PostgresSettings(url: url, environment: ["PGPASSWORD": server.password])
    XCTAssertEqual(settings.endpoints.count, 2, url)
    let cloud = try cloud(settings)
    _ = try await cloud.write([CloudWrite(key: "k", value: Data("v".utf8))], in: .keyValue, origin: "a")
    let read = try await cloud.record(for: "k", in: .keyValue)
    XCTAssertEqual(read?.value, Data("v".utf8))

    _ = try server.psql(["-c", "ALTER DATABASE \(database) SET default_transaction_read_only = on"])
    let both = url.replacingOccurrences(of: "127.0.0.1:\(closedPort),", with: "localhost:\(port),")
    let readOnly = try self.cloud(try PostgresSettings(url: both, environment: ["PGPASSWORD": server.password]))
    let error = await cloudError { _ = try await readOnly.record(for: "k", in: .keyValue) }
    XCTAssertEqual(
      error?.description,
      "Can't reach the cloud at \(CloudAddress.postgres(url: both).displayName) (no server of the address takes "
        + "writes (localhost:\(port) is read-only (a standby); 127.0.0.1:\(port) is read-only (a standby))).")
    _ = try server.psql(["-c", "ALTER DATABASE \(database) RESET default_transaction_read_only"])
  }

  // MARK: - Password and TLS

  func testThePasswordFileIsReadOnlyWhenPrivate() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cloudy-pgpass-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("pgpass").path
    let port = URLComponents(string: server.url)?.port ?? 5432
    let lines = "# comment\notherhost:*:*:*:nope\n127.0.0.1:\(port):\(database):cloudy:\(server.password)\n"
    _ = FileManager.default.createFile(atPath: file, contents: Data(lines.utf8), attributes: [.posixPermissions: 0o600])
    let url = server.url(database: database)
    let settings = try PostgresSettings(url: url, environment: ["PGPASSFILE": file])
    XCTAssertEqual(settings.password, server.password, "the matching line's password")
    try await cloud(settings).put("k", "v")
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
    let readable = try PostgresSettings(url: url, environment: ["PGPASSFILE": file])
    XCTAssertNil(readable.password, "a password file others can read is ignored")
    let fromEnvironment = try PostgresSettings(url: url, environment: ["PGPASSFILE": file, "PGPASSWORD": "env"])
    XCTAssertEqual(fromEnvironment.password, "env", "PGPASSWORD comes first")
  }

  func testAPasswordFileIgnoredForItsModeIsNamedInTheSentence() async throws {
    // Given a password file with the right password that others can read (issue 16.5)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cloudy-pgpass-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("pgpass").path
    let line = "*:*:*:*:\(server.password)\n"
    _ = FileManager.default.createFile(atPath: file, contents: Data(line.utf8), attributes: [.posixPermissions: 0o644])
    // When the server asks for a password
    let settings = try PostgresSettings(url: server.url(database: database), environment: ["PGPASSFILE": file])
    let error = await cloudError { _ = try await cloud(settings).record(for: "k", in: .keyValue) }
    // Then the sentence says the file was ignored because of its mode
    let sentence = error.map { "\($0)" } ?? ""
    XCTAssertTrue(sentence.contains("\(file) was ignored because others can read it"), sentence)
    XCTAssertTrue(sentence.contains("chmod 600"), sentence)
    XCTAssertFalse(sentence.contains(server.password), sentence)
  }

  func testTLSIsUsedWhenOfferedAndOffWhenDisabled() async throws {
    for (query, expected) in [("", "t"), ("?sslmode=require", "t"), ("?sslmode=disable", "f")] {
      let account = "tls-\(expected)-\(query.count)"
      try await cloud(account: account, try settings(query)).put("k", "v")
      let ssl = try server.psql(
        [
          "-c",
          "SELECT bool_and(s.ssl) FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid) "
            + "WHERE a.datname = '\(database)' AND a.pid <> pg_backend_pid() AND a.backend_type = 'client backend'",
        ], database: database)
      XCTAssertEqual(ssl.trimmingCharacters(in: .whitespacesAndNewlines), expected, "sslmode from “\(query)”")
      for cloud in clouds { await cloud.close() }
      clouds = []
    }
  }

  // MARK: - Schema

  func testClientsMigratingANewDatabaseAtOnceAgreeOnOneSchema() async throws {
    let settings = try settings()
    let devices = (0..<6).map { index in PostgresCloud(settings: settings, account: "a\(index % 2)") }
    clouds += devices
    let sequences = try await withThrowingTaskGroup(of: Int64.self) { group in
      for device in devices {
        group.addTask { try await device.put("k", "v").sequence }
      }
      var all: [Int64] = []
      for try await sequence in group { all.append(sequence) }
      return all
    }
    XCTAssertEqual(sequences.sorted(), [1, 1, 2, 2, 3, 3], "two accounts, three writes each")
    let versions = try server.psql(["-c", "SELECT version FROM cloudy.schema_version"], database: database)
    XCTAssertEqual(
      versions.trimmingCharacters(in: .whitespacesAndNewlines), "6", "one schema version row, the current one")
    let identities = try server.psql(["-c", "SELECT count(*) FROM cloudy.cloud"], database: database)
    XCTAssertEqual(identities.trimmingCharacters(in: .whitespacesAndNewlines), "1", "one identity")
  }

  // MARK: - History (issue 42.2)

  /// Given an account that last wrote on another line of history (as before a failover),
  /// when it writes on this server's line, then that write records what the line kept, and
  /// the history a device reads tells it so. An account's first write records that its line
  /// kept nothing before it (the account may be one a failover lost whole).
  func testTheServerNamesItsLineAndTheFirstWriteOnANewLineRecordsABreak() async throws {
    let alice = try cloud()
    let first = try await alice.put("k", "v")
    let history = try await alice.history()
    let line = try XCTUnwrap(history.line, "a primary names its line")
    XCTAssertEqual(line.timeline, 1)
    XCTAssertEqual(history.lastSequence, first.sequence)
    XCTAssertEqual(history.breaks, [CloudBreak(line: line, keptThrough: 0)])
    XCTAssertNil(history.keptThrough(known: line, token: first.sequence))
    _ = try server.psql(
      [
        "-c", "SET cloudy.account = 'alice'", "-c", "DELETE FROM cloudy.breaks",
        "-c", "UPDATE cloudy.accounts SET line = 'elsewhere:1'",
      ], database: database)
    let second = try await alice.put("k2", "w")
    let after = try await alice.history()
    XCTAssertEqual(after.breaks, [CloudBreak(line: line, keptThrough: first.sequence)])
    XCTAssertEqual(
      after.keptThrough(known: CloudLine(system: "elsewhere", timeline: 1), token: second.sequence), first.sequence)
    let bob = try await cloud(account: "bob").history()
    XCTAssertEqual(bob.breaks, [], "another account sees no break of alice's")
  }

  // MARK: - Limits

  /// Given the server's limits lowered to 1,000 bytes an account and 700 a record (as its
  /// administrator may), when an account writes past them, then the whole write is refused in
  /// one sentence and nothing of it is stored; a delete makes room again, and another account
  /// has room of its own.
  func testTheServerLimitsWhatOneAccountStores() async throws {
    let alice = try cloud()
    _ = try await alice.put("first", String(repeating: "a", count: 600))
    _ = try server.psql(
      [
        "-c", "UPDATE cloudy.limits SET value = 1000 WHERE name = 'account_bytes'",
        "-c", "UPDATE cloudy.limits SET value = 700 WHERE name = 'record_bytes'",
      ], database: database)
    let tooBig = await cloudError { _ = try await alice.put("big", String(repeating: "b", count: 701)) }
    guard case .refused(let reason)? = tooBig else { return XCTFail("\(String(describing: tooBig))") }
    XCTAssertTrue(reason.contains("at most 700 bytes"), reason)
    let over = await cloudError { _ = try await alice.put("second", String(repeating: "c", count: 500)) }
    guard case .refused(let overReason)? = over else { return XCTFail("\(String(describing: over))") }
    XCTAssertTrue(overReason.contains("at most 1000 bytes"), overReason)
    let missing = try await alice.record(for: "second", in: .keyValue)
    XCTAssertNil(missing, "nothing of a refused write is stored")

    _ = try await alice.put("first", nil)
    _ = try await alice.put("second", String(repeating: "c", count: 500))
    let bob = try cloud(account: "bob")
    _ = try await bob.put("his", String(repeating: "d", count: 600))
  }

  // MARK: - Restart

  func testAServerRestartMidSessionIsSignalledAndTheSequenceContinues() async throws {
    let phone = try cloud()
    let laptop = try cloud()
    let recorder = SignalRecorder(phone.signals())
    let first = try await laptop.put("before", "1")
    let signalled = await recorder.wait(forMoreThan: 0)
    XCTAssertTrue(signalled, "signals work before the restart")

    try server.controlServer("stop")
    let error = await cloudError { try await laptop.put("during", "2") }
    guard case .unreachable = error else {
      return XCTFail("unreachable while stopped, not \(String(describing: error))")
    }
    let seen = recorder.count
    try server.controlServer("start")
    let reconnected = await recorder.wait(forMoreThan: seen, timeout: .seconds(15))
    XCTAssertTrue(reconnected, "the phone reconnects by itself and signals")
    let after = try await laptop.put("after", "3")
    XCTAssertEqual(after.sequence, first.sequence + 1, "the refused write took no sequence")
    let changes = try await phone.changes(in: .keyValue, since: first.token, limit: 10)
    XCTAssertEqual(changes.records, [after], "the phone fetches what came after")
    let seenAfter = recorder.count
    try await laptop.put("later", "4")
    let stillSignalled = await recorder.wait(forMoreThan: seenAfter)
    XCTAssertTrue(stillSignalled, "notifications reach the phone after the restart")
  }

  /// Given a device listening for signals and nothing to push, when the server stops, then
  /// the device is signalled, so its next sync step finds the cloud unreachable and the
  /// status says offline (rather than `synced` for the whole outage).
  func testALostConnectionIsSignalled() async throws {
    let phone = try cloud()
    let recorder = SignalRecorder(phone.signals())
    _ = try await phone.put("before", "1")
    let connected = await recorder.wait(forMoreThan: 0)
    XCTAssertTrue(connected, "signals work before the outage")
    let seen = recorder.count
    try server.controlServer("stop")
    let signalled = await recorder.wait(forMoreThan: seen, timeout: .seconds(15))
    try server.controlServer("start")
    XCTAssertTrue(signalled, "the lost connection was signalled")
  }
}
