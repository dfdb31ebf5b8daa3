import Cloud
import Foundation
import TestSupport
import XCTest

@testable import CloudPostgres

/// Issue 16.2: what one ordinary role sharing the database must not be able to do to
/// another — run as the second role `scripts/with-postgres` creates, against the real server.
final class PostgresHardeningTests: XCTestCase {
  private var server: PostgresTestServer!
  private var database = ""
  private var clouds: [PostgresCloud] = []
  private var holders: [ChildProcess.Started] = []

  override func setUp() async throws {
    guard let server = PostgresTestServer.current else { throw XCTSkip(PostgresTestServer.skipReason) }
    self.server = server
    database = try server.createDatabase()
  }

  override func tearDown() async throws {
    for cloud in clouds { await cloud.close() }
    for holder in holders where !holder.hasEnded { holder.stop() }
    server?.dropDatabase(database)
  }

  private func cloud(account: String, role: String? = nil) throws -> PostgresCloud {
    let settings = try PostgresSettings(
      url: server.url(database: database, role: role), environment: ["PGPASSWORD": server.password])
    let cloud = PostgresCloud(settings: settings, account: account)
    clouds.append(cloud)
    return cloud
  }

  private func otherRole() throws -> String {
    guard let other = server.otherRole else { throw XCTSkip("CLOUDY_TEST_POSTGRES_OTHER_ROLE is not set") }
    return other
  }

  /// Runs `sql` as `role` and returns the error it failed with, or fails the test if it worked.
  private func refusal(_ sql: [String], role: String, file: StaticString = #filePath, line: UInt = #line) -> String {
    do {
      let output = try server.psql(sql.flatMap { ["-c", $0] }, database: database, role: role)
      XCTFail("\(sql) worked as \(role): \(output)", file: file, line: line)
      return ""
    } catch {
      return "\(error)"
    }
  }

  func testPublicHasNoPrivileges() async throws {
    try await cloud(account: "alice").put("k", "v")
    let grants = try server.psql(
      [
        "-c",
        """
        SELECT (SELECT count(*) FROM information_schema.role_table_grants
                WHERE table_schema = 'cloudy' AND grantee = 'PUBLIC')
          + (SELECT count(*) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
             WHERE n.nspname = 'cloudy' AND has_function_privilege('public', p.oid, 'EXECUTE'))
          + (SELECT count(*) FROM pg_namespace WHERE nspname = 'cloudy' AND has_schema_privilege('public', oid, 'USAGE'))
        """,
      ], database: database)
    XCTAssertEqual(
      grants.trimmingCharacters(in: .whitespacesAndNewlines), "0", "PUBLIC has no privilege on Cloudy's objects")
  }

  func testAnotherRoleCannotLockOrUpdateTheTables() async throws {
    let other = try otherRole()
    try await cloud(account: "alice").put("k", "v")
    // The other role is a Cloudy user too: it works through the app…
    try await cloud(account: "mallory", role: other).put("m", "v")
    // …but can't stall everyone: no table lock beyond reading, no row locks, no direct writes.
    for table in ["cloudy.records", "cloudy.accounts"] {
      for mode in ["ACCESS EXCLUSIVE", "EXCLUSIVE", "SHARE", "SHARE ROW EXCLUSIVE", "ROW EXCLUSIVE"] {
        let error = refusal(["BEGIN", "LOCK TABLE \(table) IN \(mode) MODE"], role: other)
        XCTAssertTrue(error.contains("permission denied"), "\(mode) on \(table): \(error)")
      }
      XCTAssertTrue(
        refusal(["SELECT 1 FROM \(table) FOR UPDATE"], role: other).contains("permission denied"), "\(table)")
      XCTAssertTrue(
        refusal(["UPDATE \(table) SET account = account"], role: other).contains("permission denied"), "\(table)")
      XCTAssertTrue(refusal(["TRUNCATE \(table)"], role: other).contains("permission denied"), "\(table)")
    }
  }

  func testNotificationChannelsCannotBeGuessedByAnotherRole() async throws {
    let other = try otherRole()
    try await cloud(account: "alice").put("k", "v")
    let role = String(URLComponents(string: server.url)?.user ?? "cloudy")
    let channel = try server.psql(
      ["-c", "SELECT set_config('cloudy.account', 'alice', false)", "-c", "SELECT cloudy.channel()"],
      database: database
    ).split(separator: "\n").last.map(String.init)
    let guessable = try server.psql(["-c", "SELECT 'cloudy_' || md5('\(role)' || chr(10) || 'alice')"])
    XCTAssertNotEqual(channel, guessable.trimmingCharacters(in: .whitespacesAndNewlines), "not md5(role, account)")
    XCTAssertGreaterThanOrEqual(channel?.count ?? 0, 30, "a random secret: \(channel ?? "")")
    // The other role, naming alice's account, can't read her channel from anywhere.
    let seen = try server.psql(
      [
        "-c", "SELECT set_config('cloudy.account', 'alice', false)",
        "-c", "SELECT count(*) FROM cloudy.accounts",
        "-c", "SELECT cloudy.channel()",
      ], database: database, role: other
    ).split(separator: "\n").map(String.init)
    XCTAssertEqual(seen.dropFirst().first, "0", "no account row of alice's is visible")
    XCTAssertNotEqual(seen.last, channel, "the other role's channel for 'alice' is its own")
  }

  /// The attack itself: the other role LISTENs on every channel it could guess for alice
  /// (the old `md5(role, account)` and the one `cloudy.channel()` gives it for her account)
  /// while alice writes; it hears nothing, while alice's own role, listening on her real
  /// channel the same way, hears her writes (so the listening works, and the test can fail).
  func testAnotherRoleListeningOnGuessedChannelsHearsNothing() async throws {
    let other = try otherRole()
    let alice = try cloud(account: "alice")
    try await alice.put("first", "v")
    let role = String(URLComponents(string: server.url)?.user ?? "cloudy")
    let account = "SELECT set_config('cloudy.account', 'alice', false)"
    let real = try lastLine(server.psql(["-c", account, "-c", "SELECT cloudy.channel()"], database: database))
    let guessed = [
      try lastLine(server.psql(["-c", "SELECT 'cloudy_' || md5('\(role)' || chr(10) || 'alice')"])),
      try lastLine(server.psql(["-c", account, "-c", "SELECT cloudy.channel()"], database: database, role: other)),
    ]
    let attacker = listener(role: other, channels: guessed)
    let owner = listener(role: nil, channels: [real])
    // Both sessions listen for 3 s; alice writes every 200 ms meanwhile, so a listener that
    // connected a little late still has writes to hear.
    for index in 0..<12 {
      try await Task.sleep(for: .milliseconds(200))
      try await alice.put("k\(index)", "v")
    }
    let heardByOwner = try await owner.value
    let heardByAttacker = try await attacker.value
    XCTAssertTrue(heardByOwner.contains("Asynchronous notification"), "the real channel carries alice's writes")
    XCTAssertFalse(
      heardByAttacker.contains("Asynchronous notification"), "guessed channels are silent: \(heardByAttacker)")
  }

  /// A psql session of `role` that LISTENs on `channels` for 3 s and returns what it printed
  /// (psql prints each notification it received after the command that was running).
  private func listener(role: String?, channels: [String]) -> Task<String, any Error> {
    let server = server!
    let database = database
    let listens = channels.flatMap { ["-c", "LISTEN \"\($0)\""] }
    return Task.detached {
      try server.psql(listens + ["-c", "SELECT pg_sleep(3)", "-c", "SELECT 1"], database: database, role: role)
    }
  }

  private func lastLine(_ output: String) -> String {
    output.split(separator: "\n").last.map(String.init) ?? ""
  }

  func testAStuckSessionFailsAWriteSoonInsteadOfFreezingIt() async throws {
    let alice = try cloud(account: "alice")
    try await alice.put("k", "v")
    // Given another session holding every table lock (as a stuck migration would)
    let holder = try ChildProcess.start(
      "/usr/bin/psql",
      [
        "-X", "-q", "-d", server.url(database: database), "-c", "BEGIN",
        "-c", "LOCK TABLE cloudy.accounts, cloudy.records IN ACCESS EXCLUSIVE MODE", "-c", "SELECT pg_sleep(60)",
      ], environment: ["PGPASSWORD": server.password])
    holders.append(holder)
    let server = self.server!
    let database = self.database
    let locked = await withTimeout(.seconds(30)) { () async -> Bool? in
      while !Task.isCancelled {
        let count = try? server.psql(
          [
            "-c",
            "SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation "
              + "WHERE c.relname = 'accounts' AND l.mode = 'AccessExclusiveLock' AND l.granted",
          ], database: database)
        if count?.trimmingCharacters(in: .whitespacesAndNewlines) == "1" { return true }
        try? await Task.sleep(for: .milliseconds(50))
      }
      return nil
    }
    XCTAssertEqual(locked, true, "the other session holds the lock")
    // When alice writes, then the write fails with a sentence (and is kept for later by
    // the stores) instead of waiting for the other session.
    do {
      try await alice.put("k2", "v")
      XCTFail("the write waited for the lock instead of giving up")
    } catch let error as CloudError {
      XCTAssertTrue("\(error)".contains("lock"), "\(error)")
    }
  }

  func testADatabaseOfSchemaVersion1IsUpgradedWithItsData() async throws {
    // Given a database a Cloudy of schema version 1 set up and wrote to
    for statement in PostgresSchema.version1 {
      try server.psql(["-c", statement], database: database)
    }
    try server.psql(
      [
        "-c", "SELECT set_config('cloudy.account', 'alice', false)",
        "-c",
        "SELECT o_written FROM cloudy.write('key-value', 'old', ARRAY['k'], ARRAY['v'::bytea], ARRAY[false], "
          + "ARRAY[0::smallint], ARRAY[0::bigint])",
      ], database: database)
    // When this Cloudy opens it
    let alice = try cloud(account: "alice")
    let record = try await alice.record(for: "k", in: .keyValue)
    // Then the data is there, writes go on in sequence, and the hardening applies
    XCTAssertEqual(record?.value, Data("v".utf8))
    let next = try await alice.put("k2", "w")
    XCTAssertEqual(next.sequence, 2)
    let version = try server.psql(["-c", "SELECT version FROM cloudy.schema_version"], database: database)
    XCTAssertEqual(version.trimmingCharacters(in: .whitespacesAndNewlines), "6")
    let publicGrants = try server.psql(
      [
        "-c",
        "SELECT count(*) FROM information_schema.role_table_grants WHERE table_schema = 'cloudy' AND grantee = 'PUBLIC'",
      ], database: database)
    XCTAssertEqual(publicGrants.trimmingCharacters(in: .whitespacesAndNewlines), "0")
  }
}
