import Logging
import PostgresNIO

/// Cloudy's tables in the schema `cloudy`, created and migrated by Cloudy itself.
///
/// The version lives in `cloudy.schema_version`. A client that finds the current version
/// does nothing more; otherwise it takes an advisory lock and migrates in one transaction,
/// so two clients opening a new server at once cannot both create the tables: the second
/// waits for the lock, then sees the first's version.
///
/// Isolation is enforced by the server, not by Cloudy's queries: every row carries the
/// PostgreSQL role that wrote it (`owner`) and the Cloudy account, and row-level security
/// (forced, so it binds the tables' owner too) shows and accepts only the rows whose owner
/// is `current_user` and whose account is the session's `cloudy.account` setting.
enum PostgresSchema {
  static let currentVersion = 6

  /// Arbitrary, fixed: the advisory lock every Cloudy client takes to migrate.
  static let migrationLock: Int64 = 0x436C_6F75_6479_0001

  struct TooNew: Error {
    var version: Int
  }

  /// Brings the schema to ``currentVersion``.
  ///
  /// The lock is the session-level `pg_advisory_lock`, taken before the transaction begins,
  /// not `pg_advisory_xact_lock` inside it: a transaction that began before another client
  /// committed the tables still sees the old catalog after waiting for a transaction lock
  /// (PostgreSQL reads catalog changes at a transaction's start and when it locks a
  /// table, not when it gets an advisory lock), and would try to create them again. A
  /// session lock is also released if the connection drops.
  static func migrate(_ connection: PostgresConnection, logger: Logger) async throws {
    if try await version(connection, logger: logger) == currentVersion { return }
    try await connection.query("SELECT pg_advisory_lock(\(migrationLock))", logger: logger)
    do {
      try await connection.query("BEGIN", logger: logger)
      do {
        let found = try await version(connection, logger: logger)
        if found > currentVersion { throw TooNew(version: found) }
        if found < 1 {
          for statement in version1 {
            try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
          }
        }
        if found < 2 {
          for statement in version2 {
            try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
          }
        }
        if found < 3 {
          for statement in version3 {
            try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
          }
        }
        if found < 4 {
          for statement in PostgresShelfSchema.version4 {
            try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
          }
        }
        if found < 5 {
          for statement in PostgresLimitsSchema.version5 {
            try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
          }
        }
        if found < 6 {
          for statement in PostgresHistorySchema.version6 {
            try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
          }
        }
        try await connection.query("COMMIT", logger: logger)
      } catch {
        _ = try? await connection.query("ROLLBACK", logger: logger)
        throw error
      }
    } catch {
      _ = try? await connection.query("SELECT pg_advisory_unlock(\(migrationLock))", logger: logger)
      throw error
    }
    try await connection.query("SELECT pg_advisory_unlock(\(migrationLock))", logger: logger)
  }

  /// The schema's version: 0 before Cloudy created it.
  private static func version(_ connection: PostgresConnection, logger: Logger) async throws -> Int {
    let rows = try await connection.query(
      "SELECT to_regclass('cloudy.schema_version') IS NOT NULL", logger: logger)
    var exists = false
    for try await present in rows.decode(Bool.self) { exists = present }
    guard exists else { return 0 }
    let versions = try await connection.query(
      "SELECT coalesce(max(version), 0) FROM cloudy.schema_version", logger: logger)
    var version = 0
    for try await found in versions.decode(Int.self) { version = found }
    return version
  }

  /// Version 1: accounts with their last sequence, records, the write function, security.
  static let version1: [String] = [
    "CREATE SCHEMA IF NOT EXISTS cloudy",
    "CREATE TABLE cloudy.schema_version (version integer NOT NULL)",
    """
    CREATE TABLE cloudy.accounts (
      owner name NOT NULL DEFAULT current_user,
      account text NOT NULL,
      last_sequence bigint NOT NULL,
      PRIMARY KEY (owner, account)
    )
    """,
    """
    CREATE TABLE cloudy.records (
      owner name NOT NULL DEFAULT current_user,
      account text NOT NULL,
      zone text NOT NULL,
      key text NOT NULL,
      value bytea,
      sequence bigint NOT NULL,
      origin text NOT NULL,
      PRIMARY KEY (owner, account, zone, key)
    )
    """,
    "CREATE UNIQUE INDEX records_by_sequence ON cloudy.records (owner, account, zone, sequence)",
    "ALTER TABLE cloudy.accounts ENABLE ROW LEVEL SECURITY",
    "ALTER TABLE cloudy.accounts FORCE ROW LEVEL SECURITY",
    "ALTER TABLE cloudy.records ENABLE ROW LEVEL SECURITY",
    "ALTER TABLE cloudy.records FORCE ROW LEVEL SECURITY",
    """
    CREATE POLICY own_account ON cloudy.accounts
      USING (owner = current_user AND account = current_setting('cloudy.account', true))
      WITH CHECK (owner = current_user AND account = current_setting('cloudy.account', true))
    """,
    """
    CREATE POLICY own_account ON cloudy.records
      USING (owner = current_user AND account = current_setting('cloudy.account', true))
      WITH CHECK (owner = current_user AND account = current_setting('cloudy.account', true))
    """,
    // The channel a session's account is notified on: short, and neither the role nor the
    // account in clear.
    """
    CREATE FUNCTION cloudy.channel() RETURNS text LANGUAGE sql STABLE
    AS $$ SELECT 'cloudy_' || md5(current_user || chr(10) || current_setting('cloudy.account')) $$
    """,
    // One batch of writes as one statement, so one transaction. The account row is locked
    // first: writers of one account take turns, so sequence order is commit order.
    // Conditions: 0 always, 1 absent (or deleted), 2 the current sequence is `expected`.
    // Returns one row per write, in order: whether it was written, and the record written
    // or (for a conflict) the current one, all NULL when there is none.
    """
    CREATE FUNCTION cloudy.write(
      p_zone text, p_origin text, p_keys text[], p_values bytea[], p_deleted boolean[],
      p_conditions smallint[], p_expected bigint[]
    ) RETURNS TABLE (o_ordinal integer, o_written boolean, o_key text, o_value bytea, o_sequence bigint,
      o_origin text)
    LANGUAGE plpgsql AS $$
    DECLARE
      v_account text := current_setting('cloudy.account');
      v_sequence bigint;
      v_start bigint;
      v_current record;
      v_found boolean;
      v_allowed boolean;
    BEGIN
      INSERT INTO cloudy.accounts AS a (owner, account, last_sequence) VALUES (current_user, v_account, 0)
        ON CONFLICT (owner, account) DO NOTHING;
      SELECT a.last_sequence INTO v_sequence FROM cloudy.accounts AS a
        WHERE a.owner = current_user AND a.account = v_account FOR UPDATE;
      v_start := v_sequence;
      FOR i IN 1 .. coalesce(array_length(p_keys, 1), 0) LOOP
        SELECT r.key, r.value, r.sequence, r.origin INTO v_current FROM cloudy.records AS r
          WHERE r.owner = current_user AND r.account = v_account AND r.zone = p_zone AND r.key = p_keys[i];
        v_found := FOUND;
        v_allowed := CASE p_conditions[i]
          WHEN 0 THEN true
          WHEN 1 THEN NOT v_found OR v_current.value IS NULL
          ELSE v_found AND v_current.sequence = p_expected[i]
        END;
        o_ordinal := i;
        IF v_allowed THEN
          v_sequence := v_sequence + 1;
          INSERT INTO cloudy.records AS r (owner, account, zone, key, value, sequence, origin)
            VALUES (current_user, v_account, p_zone, p_keys[i],
              CASE WHEN p_deleted[i] THEN NULL ELSE p_values[i] END, v_sequence, p_origin)
            ON CONFLICT (owner, account, zone, key) DO UPDATE
            SET value = excluded.value, sequence = excluded.sequence, origin = excluded.origin;
          o_written := true;
          o_key := p_keys[i];
          o_value := CASE WHEN p_deleted[i] THEN NULL ELSE p_values[i] END;
          o_sequence := v_sequence;
          o_origin := p_origin;
        ELSE
          o_written := false;
          IF v_found THEN
            o_key := v_current.key;
            o_value := v_current.value;
            o_sequence := v_current.sequence;
            o_origin := v_current.origin;
          ELSE
            o_key := NULL;
            o_value := NULL;
            o_sequence := NULL;
            o_origin := NULL;
          END IF;
        END IF;
        RETURN NEXT;
      END LOOP;
      IF v_sequence > v_start THEN
        UPDATE cloudy.accounts AS a SET last_sequence = v_sequence
          WHERE a.owner = current_user AND a.account = v_account;
        PERFORM pg_notify(cloudy.channel(), v_sequence::text);
      END IF;
    END
    $$
    """,
    "GRANT USAGE ON SCHEMA cloudy TO PUBLIC",
    "GRANT SELECT ON cloudy.schema_version TO PUBLIC",
    "GRANT SELECT, INSERT, UPDATE ON cloudy.accounts, cloudy.records TO PUBLIC",
    "GRANT EXECUTE ON FUNCTION cloudy.channel(), cloudy.write(text, text, text[], bytea[], boolean[], smallint[], bigint[]) TO PUBLIC",
    "INSERT INTO cloudy.schema_version (version) VALUES (1)",
  ]

  /// The group role an administrator grants to every role that may use Cloudy; the only
  /// grantee of Cloudy's objects (PUBLIC gets nothing). See docs/security.md.
  static let userGroup = "cloudy_users"

  /// Version 2 (issue 16.2): nothing for PUBLIC; members of ``userGroup`` may read their own
  /// rows and write only through `cloudy.write`, so no member can lock the tables (`LOCK`
  /// beyond reading, `SELECT … FOR UPDATE` and `UPDATE` need privileges they lack) or stall
  /// another account; each account is notified on a channel named by a random secret kept in
  /// its row (visible only to it through row-level security), not on a guessable hash.
  ///
  /// The functions run as the schema's owner (`SECURITY DEFINER`, with a fixed search path),
  /// so rows carry and policies check `session_user` — the role that logged in, which a
  /// session cannot change (unlike `current_user` under `SET ROLE`).
  static let version2: [String] = [
    "REVOKE ALL ON SCHEMA cloudy FROM PUBLIC",
    "REVOKE ALL ON cloudy.schema_version, cloudy.accounts, cloudy.records FROM PUBLIC",
    """
    REVOKE ALL ON FUNCTION cloudy.channel(),
      cloudy.write(text, text, text[], bytea[], boolean[], smallint[], bigint[]) FROM PUBLIC
    """,
    "ALTER TABLE cloudy.accounts ALTER COLUMN owner SET DEFAULT session_user",
    "ALTER TABLE cloudy.records ALTER COLUMN owner SET DEFAULT session_user",
    // gen_random_uuid() (PostgreSQL 13+) draws from a strong random source: 122 random bits.
    """
    ALTER TABLE cloudy.accounts ADD COLUMN channel text NOT NULL
      DEFAULT 'cloudy_' || replace(gen_random_uuid()::text, '-', '')
    """,
    "DROP POLICY own_account ON cloudy.accounts",
    "DROP POLICY own_account ON cloudy.records",
    """
    CREATE POLICY own_account ON cloudy.accounts
      USING (owner = session_user AND account = current_setting('cloudy.account', true))
      WITH CHECK (owner = session_user AND account = current_setting('cloudy.account', true))
    """,
    """
    CREATE POLICY own_account ON cloudy.records
      USING (owner = session_user AND account = current_setting('cloudy.account', true))
      WITH CHECK (owner = session_user AND account = current_setting('cloudy.account', true))
    """,
    // The session's channel: its account row's secret, the row made if it is new.
    """
    CREATE OR REPLACE FUNCTION cloudy.channel() RETURNS text LANGUAGE plpgsql VOLATILE
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
    DECLARE
      v_channel text;
    BEGIN
      INSERT INTO cloudy.accounts AS a (owner, account, last_sequence)
        VALUES (session_user, current_setting('cloudy.account'), 0)
        ON CONFLICT (owner, account) DO NOTHING;
      SELECT a.channel INTO v_channel FROM cloudy.accounts AS a
        WHERE a.owner = session_user AND a.account = current_setting('cloudy.account');
      RETURN v_channel;
    END
    $$
    """,
    """
    CREATE OR REPLACE FUNCTION cloudy.write(
      p_zone text, p_origin text, p_keys text[], p_values bytea[], p_deleted boolean[],
      p_conditions smallint[], p_expected bigint[]
    ) RETURNS TABLE (o_ordinal integer, o_written boolean, o_key text, o_value bytea, o_sequence bigint,
      o_origin text)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
    DECLARE
      v_account text := current_setting('cloudy.account');
      v_sequence bigint;
      v_start bigint;
      v_channel text;
      v_current record;
      v_found boolean;
      v_allowed boolean;
    BEGIN
      INSERT INTO cloudy.accounts AS a (owner, account, last_sequence) VALUES (session_user, v_account, 0)
        ON CONFLICT (owner, account) DO NOTHING;
      SELECT a.last_sequence, a.channel INTO v_sequence, v_channel FROM cloudy.accounts AS a
        WHERE a.owner = session_user AND a.account = v_account FOR UPDATE;
      v_start := v_sequence;
      FOR i IN 1 .. coalesce(array_length(p_keys, 1), 0) LOOP
        SELECT r.key, r.value, r.sequence, r.origin INTO v_current FROM cloudy.records AS r
          WHERE r.owner = session_user AND r.account = v_account AND r.zone = p_zone AND r.key = p_keys[i];
        v_found := FOUND;
        v_allowed := CASE p_conditions[i]
          WHEN 0 THEN true
          WHEN 1 THEN NOT v_found OR v_current.value IS NULL
          ELSE v_found AND v_current.sequence = p_expected[i]
        END;
        o_ordinal := i;
        IF v_allowed THEN
          v_sequence := v_sequence + 1;
          INSERT INTO cloudy.records AS r (owner, account, zone, key, value, sequence, origin)
            VALUES (session_user, v_account, p_zone, p_keys[i],
              CASE WHEN p_deleted[i] THEN NULL ELSE p_values[i] END, v_sequence, p_origin)
            ON CONFLICT (owner, account, zone, key) DO UPDATE
            SET value = excluded.value, sequence = excluded.sequence, origin = excluded.origin;
          o_written := true;
          o_key := p_keys[i];
          o_value := CASE WHEN p_deleted[i] THEN NULL ELSE p_values[i] END;
          o_sequence := v_sequence;
          o_origin := p_origin;
        ELSE
          o_written := false;
          IF v_found THEN
            o_key := v_current.key;
            o_value := v_current.value;
            o_sequence := v_current.sequence;
            o_origin := v_current.origin;
          ELSE
            o_key := NULL;
            o_value := NULL;
            o_sequence := NULL;
            o_origin := NULL;
          END IF;
        END IF;
        RETURN NEXT;
      END LOOP;
      IF v_sequence > v_start THEN
        UPDATE cloudy.accounts AS a SET last_sequence = v_sequence
          WHERE a.owner = session_user AND a.account = v_account;
        PERFORM pg_notify(v_channel, v_sequence::text);
      END IF;
    END
    $$
    """,
    // CREATE OR REPLACE keeps the grants of version 1; take PUBLIC's away again.
    """
    REVOKE ALL ON FUNCTION cloudy.channel(),
      cloudy.write(text, text, text[], bytea[], boolean[], smallint[], bigint[]) FROM PUBLIC
    """,
    // The group's grants, when an administrator has made the group (without it, only the
    // schema's owner can use Cloudy here).
    """
    DO $$
    BEGIN
      IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'cloudy_users') THEN
        GRANT USAGE ON SCHEMA cloudy TO cloudy_users;
        GRANT SELECT ON cloudy.schema_version, cloudy.accounts, cloudy.records TO cloudy_users;
        GRANT EXECUTE ON FUNCTION cloudy.channel(),
          cloudy.write(text, text, text[], bytea[], boolean[], smallint[], bigint[]) TO cloudy_users;
      END IF;
    END
    $$
    """,
    "UPDATE cloudy.schema_version SET version = 2",
  ]

  /// Version 3 (issue 15.2): the cloud's identity, made once here; a dropped and recreated
  /// schema gets a new one, so devices can tell a reset cloud from the one their tokens
  /// belong to. Readable by the schema's owner and ``userGroup``, as the rest is.
  static let version3: [String] = [
    "CREATE TABLE cloudy.cloud (identity text NOT NULL)",
    "INSERT INTO cloudy.cloud (identity) VALUES (gen_random_uuid()::text)",
    "REVOKE ALL ON cloudy.cloud FROM PUBLIC",
    """
    DO $$
    BEGIN
      IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'cloudy_users') THEN
        GRANT SELECT ON cloudy.cloud TO cloudy_users;
      END IF;
    END
    $$
    """,
    "UPDATE cloudy.schema_version SET version = 3",
  ]
}
