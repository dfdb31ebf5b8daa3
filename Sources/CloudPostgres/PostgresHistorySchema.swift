/// Schema version 6 (issue 42.2): the history's lines, so a device can tell that the server
/// went back in time (a failover to an asynchronous standby that had not received the last
/// transactions) and push again what it holds (``CloudHistory``).
///
/// `cloudy.line()` names the line the server writes on: its system identifier and timeline
/// (`pg_control_system()`, and the timeline of the WAL being written, which a promotion moves
/// on at once); `NULL` on a standby or where the server hides them. `cloudy.write` records, on
/// an account's first write on a new line, a row of `cloudy.breaks`: the line and the
/// account's last sequence then, which is what the line kept (0 for an account never written
/// before, which may be one the failover lost whole; a device that knows no other line takes
/// no notice of it). It also takes condition 3, "at
/// most this sequence" (``CloudWrite/Condition/atMost(_:)``), for what is pushed again.
enum PostgresHistorySchema {
  static let version6: [String] = [
    """
    CREATE FUNCTION cloudy.line() RETURNS text LANGUAGE plpgsql VOLATILE
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
    BEGIN
      IF pg_is_in_recovery() THEN
        RETURN NULL;
      END IF;
      RETURN (SELECT s.system_identifier::text FROM pg_control_system() AS s) || ':'
        || (('x' || substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8))::bit(32)::bigint)::text;
    EXCEPTION WHEN OTHERS THEN
      RETURN NULL;
    END
    $$
    """,
    "REVOKE ALL ON FUNCTION cloudy.line() FROM PUBLIC",
    "ALTER TABLE cloudy.accounts ADD COLUMN line text",
    """
    CREATE TABLE cloudy.breaks (
      owner name NOT NULL DEFAULT session_user,
      account text NOT NULL,
      line text NOT NULL,
      kept_through bigint NOT NULL,
      PRIMARY KEY (owner, account, line)
    )
    """,
    "ALTER TABLE cloudy.breaks ENABLE ROW LEVEL SECURITY",
    "ALTER TABLE cloudy.breaks FORCE ROW LEVEL SECURITY",
    """
    CREATE POLICY own_account ON cloudy.breaks
      USING (owner = session_user AND account = current_setting('cloudy.account', true))
      WITH CHECK (owner = session_user AND account = current_setting('cloudy.account', true))
    """,
    "REVOKE ALL ON cloudy.breaks FROM PUBLIC",
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
      v_bytes bigint;
      v_start_bytes bigint;
      v_size bigint;
      v_account_limit bigint := (SELECT l.value FROM cloudy.limits AS l WHERE l.name = 'account_bytes');
      v_record_limit bigint := (SELECT l.value FROM cloudy.limits AS l WHERE l.name = 'record_bytes');
      v_line text := cloudy.line();
      v_last_line text;
    BEGIN
      INSERT INTO cloudy.accounts AS a (owner, account, last_sequence) VALUES (session_user, v_account, 0)
        ON CONFLICT (owner, account) DO NOTHING;
      SELECT a.last_sequence, a.channel, a.bytes, a.line INTO v_sequence, v_channel, v_bytes, v_last_line
        FROM cloudy.accounts AS a WHERE a.owner = session_user AND a.account = v_account FOR UPDATE;
      -- The first write on a new line of history (a promoted standby) records what it kept;
      -- for an account never written (new, or lost whole by the failover), nothing.
      IF v_line IS NOT NULL AND v_line IS DISTINCT FROM v_last_line THEN
        IF v_last_line IS NOT NULL OR v_sequence = 0 THEN
          INSERT INTO cloudy.breaks AS b (owner, account, line, kept_through)
            VALUES (session_user, v_account, v_line, v_sequence) ON CONFLICT DO NOTHING;
        END IF;
        UPDATE cloudy.accounts AS a SET line = v_line WHERE a.owner = session_user AND a.account = v_account;
      END IF;
      v_start := v_sequence;
      v_start_bytes := v_bytes;
      FOR i IN 1 .. coalesce(array_length(p_keys, 1), 0) LOOP
        SELECT r.key, r.value, r.sequence, r.origin INTO v_current FROM cloudy.records AS r
          WHERE r.owner = session_user AND r.account = v_account AND r.zone = p_zone AND r.key = p_keys[i];
        v_found := FOUND;
        v_allowed := CASE p_conditions[i]
          WHEN 0 THEN true
          WHEN 1 THEN NOT v_found OR v_current.value IS NULL
          WHEN 3 THEN NOT v_found OR v_current.sequence <= p_expected[i]
          ELSE v_found AND v_current.sequence = p_expected[i]
        END;
        o_ordinal := i;
        IF v_allowed THEN
          v_size := CASE WHEN p_deleted[i] THEN 0 ELSE coalesce(octet_length(p_values[i]), 0) END;
          IF v_size > v_record_limit THEN
            RAISE EXCEPTION 'a record on this server holds at most % bytes; this one has %', v_record_limit, v_size
              USING ERRCODE = '54000';
          END IF;
          v_bytes := v_bytes + v_size - CASE WHEN v_found THEN coalesce(octet_length(v_current.value), 0) ELSE 0 END;
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
      IF v_bytes > v_account_limit AND v_bytes > v_start_bytes THEN
        RAISE EXCEPTION 'this account may store at most % bytes on this server; the write would make it %',
          v_account_limit, v_bytes USING ERRCODE = '54000';
      END IF;
      IF v_sequence > v_start THEN
        UPDATE cloudy.accounts AS a SET last_sequence = v_sequence, bytes = v_bytes
          WHERE a.owner = session_user AND a.account = v_account;
        PERFORM pg_notify(v_channel, v_sequence::text);
      END IF;
    END
    $$
    """,
    // CREATE OR REPLACE keeps the function's grants (none to PUBLIC since version 2).
    """
    DO $$
    BEGIN
      IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'cloudy_users') THEN
        GRANT SELECT ON cloudy.breaks TO cloudy_users;
        GRANT EXECUTE ON FUNCTION cloudy.line() TO cloudy_users;
      END IF;
    END
    $$
    """,
    "UPDATE cloudy.schema_version SET version = 6",
  ]
}
