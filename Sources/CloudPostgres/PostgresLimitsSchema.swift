/// Schema version 5 (issue 35.12): the server's own limits on what one account stores, so a
/// device (or anyone holding an account's login) can't fill the server: at most
/// `record_bytes` in one record and `account_bytes` in all of an account's records. They are
/// rows of `cloudy.limits`, which only the schema's owner changes; `cloudy.write` checks them in
/// its transaction and refuses the whole write (SQLSTATE 54000) when one would be passed. A
/// write that only shrinks an account is always taken, also above a lowered limit.
enum PostgresLimitsSchema {
  /// One gibibyte per account, 16 MiB per record: far above what a person's bookmarks take
  /// (100,000 documents are about 90 MB), and far below what fills a disk.
  static let accountBytes: Int64 = 1 << 30
  static let recordBytes: Int64 = 16 << 20

  static let version5: [String] = [
    "CREATE TABLE cloudy.limits (name text PRIMARY KEY, value bigint NOT NULL CHECK (value > 0))",
    "INSERT INTO cloudy.limits (name, value) VALUES ('account_bytes', \(accountBytes)), ('record_bytes', \(recordBytes))",
    "REVOKE ALL ON cloudy.limits FROM PUBLIC",
    "ALTER TABLE cloudy.accounts ADD COLUMN bytes bigint NOT NULL DEFAULT 0",
    """
    UPDATE cloudy.accounts AS a SET bytes = coalesce((
      SELECT sum(octet_length(r.value)) FROM cloudy.records AS r WHERE r.owner = a.owner AND r.account = a.account
    ), 0)
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
      v_bytes bigint;
      v_start_bytes bigint;
      v_size bigint;
      v_account_limit bigint := (SELECT l.value FROM cloudy.limits AS l WHERE l.name = 'account_bytes');
      v_record_limit bigint := (SELECT l.value FROM cloudy.limits AS l WHERE l.name = 'record_bytes');
    BEGIN
      INSERT INTO cloudy.accounts AS a (owner, account, last_sequence) VALUES (session_user, v_account, 0)
        ON CONFLICT (owner, account) DO NOTHING;
      SELECT a.last_sequence, a.channel, a.bytes INTO v_sequence, v_channel, v_bytes FROM cloudy.accounts AS a
        WHERE a.owner = session_user AND a.account = v_account FOR UPDATE;
      v_start := v_sequence;
      v_start_bytes := v_bytes;
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
    "UPDATE cloudy.schema_version SET version = 5",
  ]
}
