/// Version 4 of Cloudy's schema (issue 20): the team shelf, the cloud's public database.
///
/// Who someone is: the login role (`session_user`, which a session can't change) and the
/// Cloudy account the session names (`cloudy.account`). Rights belong to that pair; a role's
/// sessions may name any of its accounts, so an account's rights are as safe as its role's
/// password (docs/shelf.md).
///
/// - `cloudy.shelf` (one row): whether accounts without a role may read, and the shelf's last
///   sequence number.
/// - `cloudy.shelf_members`: (role, account) → owner, editor or reader. Nobody but the schema's
///   owner has any privilege on it or on `cloudy.shelf`: members are read and changed only
///   through the `SECURITY DEFINER` functions below, which check the caller's role first.
/// - `cloudy.shelf_bookmarks`: readable by `cloudy_users` under row-level security (not forced: see below):
///   reading needs a role or a world-readable shelf, writing needs owner or editor. The group
///   may only `SELECT` it (a privilege to write would also let any member `LOCK` it and stall
///   everyone); adds, edits and removes go through `cloudy.shelf_add`, `shelf_edit` and
///   `shelf_remove`, which run as the schema's owner with the caller's identity, so the same
///   policies bind them. A statement trigger refuses a reader's `INSERT`, `UPDATE` or `DELETE`
///   with SQLSTATE 42501 even when it would touch no row (a session of the schema's owner's
///   role, which may write the table itself, is held by it too); a row trigger stamps creator,
///   last modifier, times and the version (the shelf's next sequence number, so writers take
///   turns on the shelf's row and sequence order is commit order), and notifies `cloudy_shelf`.
/// - Search: `folded` (lower(name) · lower(url)) with a trigram index (`pg_trgm`, in the schema
///   `cloudy_search`; where the extension can't be made the search still works, by scan), and
///   a B-tree on (lower(name), id) for the sorted pages.
enum PostgresShelfSchema {
  static let notifyChannel = "cloudy_shelf"

  /// The SQLSTATEs the shelf's functions raise (class `CY`, Cloudy's own).
  enum State {
    static let notReadable = "CY001"
    static let notOwner = "CY002"
    static let alreadyOwned = "CY003"
    static let noSuchAccount = "CY004"
    static let ambiguousAccount = "CY005"
    static let lastOwner = "CY006"
    static let noOwner = "CY007"
  }

  static let version4: [String] = [
    """
    CREATE TABLE cloudy.shelf (
      id integer PRIMARY KEY CHECK (id = 1),
      world_readable boolean NOT NULL DEFAULT false,
      last_sequence bigint NOT NULL DEFAULT 0
    )
    """,
    "INSERT INTO cloudy.shelf (id) VALUES (1)",
    """
    CREATE TABLE cloudy.shelf_members (
      member_role name NOT NULL,
      account text NOT NULL,
      role text NOT NULL CHECK (role IN ('owner', 'editor', 'reader')),
      PRIMARY KEY (member_role, account)
    )
    """,
    """
    CREATE TABLE cloudy.shelf_bookmarks (
      id text PRIMARY KEY CHECK (id ~ '^[0-9A-Za-z-]{1,64}$'),
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 1000 AND name !~ '[\\x01-\\x1f\\x7f-\\x9f]'),
      url text NOT NULL CHECK (char_length(url) BETWEEN 1 AND 8192 AND url !~ '[\\x01-\\x1f\\x7f-\\x9f]'),
      folded text GENERATED ALWAYS AS (lower(name) || ' · ' || lower(url)) STORED,
      sort_name text GENERATED ALWAYS AS (lower(name)) STORED,
      created_role name NOT NULL DEFAULT session_user,
      created_account text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      modified_role name NOT NULL DEFAULT session_user,
      modified_account text NOT NULL DEFAULT '',
      modified_at timestamptz NOT NULL DEFAULT now(),
      version bigint NOT NULL DEFAULT 0
    )
    """,
    // The pages' order, with the search text in the index: a search walks it in order and
    // stops at a page of matches, reading no table row it doesn't return.
    "CREATE INDEX shelf_bookmarks_by_name ON cloudy.shelf_bookmarks (sort_name, id) INCLUDE (folded)",
    """
    DO $$
    DECLARE
      v_schema text;
    BEGIN
      BEGIN
        CREATE SCHEMA IF NOT EXISTS cloudy_search;
        CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA cloudy_search;
      EXCEPTION WHEN OTHERS THEN
        RAISE NOTICE 'pg_trgm is not available; shelf searches scan';
      END;
      SELECT n.nspname INTO v_schema FROM pg_catalog.pg_extension e
        JOIN pg_catalog.pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
      IF v_schema IS NOT NULL THEN
        EXECUTE format(
          'CREATE INDEX shelf_bookmarks_search ON cloudy.shelf_bookmarks USING gin (folded %I.gin_trgm_ops) '
          || 'WITH (fastupdate = off)', v_schema);
      END IF;
    END
    $$
    """,
    // The caller's role on the shelf, and what it may do.
    """
    CREATE FUNCTION cloudy.shelf_role() RETURNS text LANGUAGE sql STABLE
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
      SELECT m.role FROM cloudy.shelf_members AS m
      WHERE m.member_role = session_user AND m.account = current_setting('cloudy.account', true)
    $$
    """,
    """
    CREATE FUNCTION cloudy.shelf_can_read() RETURNS boolean LANGUAGE sql STABLE
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
      SELECT cloudy.shelf_role() IS NOT NULL OR coalesce((SELECT s.world_readable FROM cloudy.shelf AS s), false)
    $$
    """,
    """
    CREATE FUNCTION cloudy.shelf_can_write() RETURNS boolean LANGUAGE sql STABLE
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$ SELECT coalesce(cloudy.shelf_role() IN ('owner', 'editor'), false) $$
    """,
    // Enabled, not forced: it binds every role but the schema's owner, whose functions
    // (`shelf_page` below) may then use the trigram index — under row-level security the
    // planner can't, as `LIKE` is not leakproof — and check the caller's rights themselves.
    "ALTER TABLE cloudy.shelf_bookmarks ENABLE ROW LEVEL SECURITY",
    "CREATE POLICY shelf_read ON cloudy.shelf_bookmarks FOR SELECT USING ((SELECT cloudy.shelf_can_read()))",
    "CREATE POLICY shelf_add ON cloudy.shelf_bookmarks FOR INSERT WITH CHECK ((SELECT cloudy.shelf_can_write()))",
    """
    CREATE POLICY shelf_change ON cloudy.shelf_bookmarks FOR UPDATE
      USING ((SELECT cloudy.shelf_can_write())) WITH CHECK ((SELECT cloudy.shelf_can_write()))
    """,
    "CREATE POLICY shelf_remove ON cloudy.shelf_bookmarks FOR DELETE USING ((SELECT cloudy.shelf_can_write()))",
    // A reader's write is an error, not "0 rows".
    """
    CREATE FUNCTION cloudy.shelf_check_writer() RETURNS trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
    BEGIN
      IF NOT cloudy.shelf_can_write() THEN
        RAISE EXCEPTION 'this account may not change the team shelf' USING ERRCODE = '42501';
      END IF;
      RETURN NULL;
    END
    $$
    """,
    """
    CREATE TRIGGER shelf_writers_only BEFORE INSERT OR UPDATE OR DELETE ON cloudy.shelf_bookmarks
      FOR EACH STATEMENT EXECUTE FUNCTION cloudy.shelf_check_writer()
    """,
    // The next sequence number of the shelf, notified at commit.
    """
    CREATE FUNCTION cloudy.shelf_next_sequence() RETURNS bigint LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
    DECLARE
      v_sequence bigint;
    BEGIN
      UPDATE cloudy.shelf AS s SET last_sequence = s.last_sequence + 1 WHERE s.id = 1
        RETURNING s.last_sequence INTO v_sequence;
      PERFORM pg_notify('cloudy_shelf', v_sequence::text);
      RETURN v_sequence;
    END
    $$
    """,
    """
    CREATE FUNCTION cloudy.shelf_stamp() RETURNS trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
    DECLARE
      v_account text := coalesce(current_setting('cloudy.account', true), '');
    BEGIN
      IF TG_OP = 'DELETE' THEN
        PERFORM cloudy.shelf_next_sequence();
        RETURN OLD;
      END IF;
      IF TG_OP = 'INSERT' THEN
        NEW.created_role := session_user;
        NEW.created_account := v_account;
        NEW.created_at := now();
      ELSE
        NEW.id := OLD.id;
        NEW.created_role := OLD.created_role;
        NEW.created_account := OLD.created_account;
        NEW.created_at := OLD.created_at;
      END IF;
      NEW.modified_role := session_user;
      NEW.modified_account := v_account;
      NEW.modified_at := now();
      NEW.version := cloudy.shelf_next_sequence();
      RETURN NEW;
    END
    $$
    """,
    """
    CREATE TRIGGER shelf_stamp BEFORE INSERT OR UPDATE OR DELETE ON cloudy.shelf_bookmarks
      FOR EACH ROW EXECUTE FUNCTION cloudy.shelf_stamp()
    """,
    // A page of a search, for those who may read: the trigram index finds rare text of three
    // characters or more, the covering index in name order stops at a page of common text
    // (a sequential scan would read every row: it is turned off here, where both indexes
    // always exist). The whole shelf, and text too short for trigrams (`p_short`), take the
    // name order only: the trigram index would be read whole. Planned anew each time with the
    // pattern known, and never JIT-compiled (a plan priced with a sequential scan turned off
    // looks dear enough to be compiled: 10 ms and more, for a query of a millisecond).
    """
    CREATE FUNCTION cloudy.shelf_page(
      p_pattern text, p_short boolean, p_after_name text, p_after_id text, p_limit integer
    )
    RETURNS TABLE (o_id text, o_name text, o_url text, o_created_account text, o_created_at timestamptz,
      o_modified_account text, o_modified_at timestamptz, o_version bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp SET enable_seqscan = off SET jit = off
    AS $$
    BEGIN
      IF NOT cloudy.shelf_can_read() THEN
        RAISE EXCEPTION 'this account may not read the team shelf' USING ERRCODE = 'CY001';
      END IF;
      RETURN QUERY EXECUTE
        'SELECT b.id, b.name, b.url, b.created_account, b.created_at, b.modified_account, b.modified_at, b.version '
        || 'FROM (SELECT h.id, h.sort_name FROM cloudy.shelf_bookmarks AS h WHERE true '
        || CASE
          WHEN p_pattern = '%%' THEN ''
          WHEN p_short THEN 'AND (h.folded || '''') LIKE lower($1) ESCAPE ''\\'' '
          ELSE 'AND h.folded LIKE lower($1) ESCAPE ''\\'' '
        END
        || CASE WHEN p_after_id IS NULL THEN '' ELSE 'AND (h.sort_name, h.id) > (lower($2), $3) ' END
        -- Each row found is then read by its key (a hash join would read the whole table).
        || 'ORDER BY h.sort_name, h.id LIMIT $4) AS hit '
        || 'CROSS JOIN LATERAL (SELECT * FROM cloudy.shelf_bookmarks AS r WHERE r.id = hit.id) AS b '
        || 'ORDER BY hit.sort_name, hit.id'
        USING p_pattern, p_after_name, p_after_id, p_limit;
    END
    $$
    """,
    // Writes, as the caller: the policies and triggers above decide.
    """
    CREATE FUNCTION cloudy.shelf_add(p_id text, p_name text, p_url text)
    RETURNS TABLE (o_id text, o_name text, o_url text, o_created_account text, o_created_at timestamptz,
      o_modified_account text, o_modified_at timestamptz, o_version bigint)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
    BEGIN
      RETURN QUERY INSERT INTO cloudy.shelf_bookmarks AS b (id, name, url) VALUES (p_id, p_name, p_url)
        RETURNING b.id, b.name, b.url, b.created_account, b.created_at, b.modified_account, b.modified_at, b.version;
    END
    $$
    """,
    // An edit from version `p_version`; if the bookmark moved on or went, the edit is kept
    // beside it under `p_new_id` (or in its place, under its own id).
    """
    CREATE FUNCTION cloudy.shelf_edit(p_id text, p_name text, p_url text, p_version bigint, p_new_id text)
    RETURNS TABLE (o_kept boolean, o_id text, o_name text, o_url text, o_created_account text,
      o_created_at timestamptz, o_modified_account text, o_modified_at timestamptz, o_version bigint)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
    DECLARE
      v_row cloudy.shelf_bookmarks;
    BEGIN
      UPDATE cloudy.shelf_bookmarks AS b SET name = p_name, url = p_url
        WHERE b.id = p_id AND b.version = p_version RETURNING b.* INTO v_row;
      o_kept := NOT FOUND;
      IF o_kept THEN
        INSERT INTO cloudy.shelf_bookmarks AS b (id, name, url) VALUES (p_id, p_name, p_url)
          ON CONFLICT (id) DO NOTHING RETURNING b.* INTO v_row;
        IF NOT FOUND THEN
          INSERT INTO cloudy.shelf_bookmarks AS b (id, name, url) VALUES (p_new_id, p_name, p_url)
            RETURNING b.* INTO v_row;
        END IF;
      END IF;
      o_id := v_row.id;
      o_name := v_row.name;
      o_url := v_row.url;
      o_created_account := v_row.created_account;
      o_created_at := v_row.created_at;
      o_modified_account := v_row.modified_account;
      o_modified_at := v_row.modified_at;
      o_version := v_row.version;
      RETURN NEXT;
    END
    $$
    """,
    """
    CREATE FUNCTION cloudy.shelf_remove(p_id text) RETURNS void LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
    BEGIN
      DELETE FROM cloudy.shelf_bookmarks AS b WHERE b.id = p_id;
    END
    $$
    """,
    // The functions members are read and changed through.
    """
    CREATE FUNCTION cloudy.shelf_access(OUT o_role text, OUT o_world_readable boolean, OUT o_has_owner boolean)
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
      SELECT cloudy.shelf_role(), s.world_readable,
        EXISTS (SELECT 1 FROM cloudy.shelf_members AS m WHERE m.role = 'owner')
      FROM cloudy.shelf AS s
    $$
    """,
    """
    CREATE FUNCTION cloudy.shelf_create(p_world_readable boolean) RETURNS void LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
    BEGIN
      PERFORM 1 FROM cloudy.shelf AS s WHERE s.id = 1 FOR UPDATE;
      IF EXISTS (SELECT 1 FROM cloudy.shelf_members AS m WHERE m.role = 'owner') THEN
        RAISE EXCEPTION 'the shelf has an owner' USING ERRCODE = 'CY003';
      END IF;
      INSERT INTO cloudy.shelf_members (member_role, account, role)
        VALUES (session_user, current_setting('cloudy.account'), 'owner')
        ON CONFLICT (member_role, account) DO UPDATE SET role = 'owner';
      UPDATE cloudy.shelf AS s SET world_readable = p_world_readable WHERE s.id = 1;
      PERFORM cloudy.shelf_next_sequence();
    END
    $$
    """,
    """
    CREATE FUNCTION cloudy.shelf_require_owner() RETURNS void LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
    BEGIN
      PERFORM 1 FROM cloudy.shelf AS s WHERE s.id = 1 FOR UPDATE;
      IF NOT EXISTS (SELECT 1 FROM cloudy.shelf_members AS m WHERE m.role = 'owner') THEN
        RAISE EXCEPTION 'the shelf has no owner' USING ERRCODE = 'CY007';
      END IF;
      IF coalesce(cloudy.shelf_role(), '') <> 'owner' THEN
        RAISE EXCEPTION 'only an owner may do that' USING ERRCODE = 'CY002';
      END IF;
    END
    $$
    """,
    """
    CREATE FUNCTION cloudy.shelf_set_world_readable(p_world_readable boolean) RETURNS void LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
    BEGIN
      PERFORM cloudy.shelf_require_owner();
      UPDATE cloudy.shelf AS s SET world_readable = p_world_readable WHERE s.id = 1;
      PERFORM cloudy.shelf_next_sequence();
    END
    $$
    """,
    """
    CREATE FUNCTION cloudy.shelf_members() RETURNS TABLE (o_member_role name, o_account text, o_role text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
    BEGIN
      IF cloudy.shelf_role() IS NULL THEN
        RAISE EXCEPTION 'only members may list the members' USING ERRCODE = 'CY001';
      END IF;
      RETURN QUERY SELECT m.member_role, m.account, m.role FROM cloudy.shelf_members AS m
        ORDER BY CASE m.role WHEN 'owner' THEN 0 WHEN 'editor' THEN 1 ELSE 2 END, m.account, m.member_role;
    END
    $$
    """,
    // Every account that has used this cloud, for grants: cloudy.accounts shows each session
    // its own row only (forced row-level security binds the schema's owner too), so its
    // rows are copied here as they are made; nobody but the schema's owner can read this.
    """
    CREATE TABLE cloudy.shelf_accounts (
      member_role name NOT NULL,
      account text NOT NULL,
      PRIMARY KEY (member_role, account)
    )
    """,
    "ALTER TABLE cloudy.accounts NO FORCE ROW LEVEL SECURITY",
    "INSERT INTO cloudy.shelf_accounts (member_role, account) SELECT a.owner, a.account FROM cloudy.accounts AS a",
    "ALTER TABLE cloudy.accounts FORCE ROW LEVEL SECURITY",
    """
    CREATE FUNCTION cloudy.shelf_account_made() RETURNS trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
    BEGIN
      INSERT INTO cloudy.shelf_accounts (member_role, account) VALUES (NEW.owner, NEW.account)
        ON CONFLICT DO NOTHING;
      RETURN NULL;
    END
    $$
    """,
    """
    CREATE TRIGGER shelf_account_made AFTER INSERT ON cloudy.accounts
      FOR EACH ROW EXECUTE FUNCTION cloudy.shelf_account_made()
    """,
    // Refuses to leave the shelf without an owner when this member stops being one.
    """
    CREATE FUNCTION cloudy.shelf_require_another_owner(p_member_role name, p_account text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
    BEGIN
      IF EXISTS (
        SELECT 1 FROM cloudy.shelf_members AS m
        WHERE m.member_role = p_member_role AND m.account = p_account AND m.role = 'owner'
      ) AND (SELECT count(*) FROM cloudy.shelf_members AS m WHERE m.role = 'owner') = 1 THEN
        RAISE EXCEPTION 'the last owner' USING ERRCODE = 'CY006';
      END IF;
    END
    $$
    """,
    // The account a grant or revoke names: one that has used this cloud.
    """
    CREATE FUNCTION cloudy.shelf_find_account(p_account text, p_member_role name) RETURNS name LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
    DECLARE
      v_roles name[];
    BEGIN
      SELECT array_agg(a.member_role ORDER BY a.member_role) INTO v_roles FROM cloudy.shelf_accounts AS a
        WHERE a.account = p_account AND (p_member_role IS NULL OR a.member_role = p_member_role);
      IF v_roles IS NULL THEN
        RAISE EXCEPTION 'no such account' USING ERRCODE = 'CY004';
      END IF;
      IF array_length(v_roles, 1) > 1 THEN
        RAISE EXCEPTION '%', array_to_string(v_roles, ', ') USING ERRCODE = 'CY005';
      END IF;
      RETURN v_roles[1];
    END
    $$
    """,
    """
    CREATE FUNCTION cloudy.shelf_grant(p_account text, p_member_role name, p_role text) RETURNS name
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
    DECLARE
      v_member name;
    BEGIN
      PERFORM cloudy.shelf_require_owner();
      IF p_role NOT IN ('owner', 'editor', 'reader') THEN
        RAISE EXCEPTION 'no such role' USING ERRCODE = '22023';
      END IF;
      v_member := cloudy.shelf_find_account(p_account, p_member_role);
      IF p_role <> 'owner' THEN
        PERFORM cloudy.shelf_require_another_owner(v_member, p_account);
      END IF;
      INSERT INTO cloudy.shelf_members (member_role, account, role) VALUES (v_member, p_account, p_role)
        ON CONFLICT (member_role, account) DO UPDATE SET role = excluded.role;
      PERFORM cloudy.shelf_next_sequence();
      RETURN v_member;
    END
    $$
    """,
    """
    CREATE FUNCTION cloudy.shelf_revoke(p_account text, p_member_role name) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
    AS $$
    DECLARE
      v_member name;
    BEGIN
      PERFORM cloudy.shelf_require_owner();
      v_member := cloudy.shelf_find_account(p_account, p_member_role);
      PERFORM cloudy.shelf_require_another_owner(v_member, p_account);
      DELETE FROM cloudy.shelf_members AS m WHERE m.member_role = v_member AND m.account = p_account;
      PERFORM cloudy.shelf_next_sequence();
    END
    $$
    """,
    "REVOKE ALL ON cloudy.shelf, cloudy.shelf_members, cloudy.shelf_bookmarks, cloudy.shelf_accounts FROM PUBLIC",
    """
    REVOKE ALL ON FUNCTION cloudy.shelf_role(), cloudy.shelf_can_read(), cloudy.shelf_can_write(),
      cloudy.shelf_check_writer(), cloudy.shelf_next_sequence(), cloudy.shelf_stamp(), cloudy.shelf_access(),
      cloudy.shelf_create(boolean), cloudy.shelf_require_owner(), cloudy.shelf_set_world_readable(boolean),
      cloudy.shelf_members(), cloudy.shelf_find_account(text, name), cloudy.shelf_grant(text, name, text),
      cloudy.shelf_revoke(text, name), cloudy.shelf_account_made(), cloudy.shelf_add(text, text, text),
      cloudy.shelf_edit(text, text, text, bigint, text), cloudy.shelf_remove(text),
      cloudy.shelf_require_another_owner(name, text), cloudy.shelf_page(text, boolean, text, text, integer) FROM PUBLIC
    """,
    """
    DO $$
    BEGIN
      IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'cloudy_users') THEN
        GRANT SELECT ON cloudy.shelf_bookmarks TO cloudy_users;
        GRANT EXECUTE ON FUNCTION cloudy.shelf_role(), cloudy.shelf_can_read(), cloudy.shelf_can_write(),
          cloudy.shelf_access(), cloudy.shelf_create(boolean), cloudy.shelf_set_world_readable(boolean),
          cloudy.shelf_members(), cloudy.shelf_grant(text, name, text), cloudy.shelf_revoke(text, name),
          cloudy.shelf_add(text, text, text), cloudy.shelf_edit(text, text, text, bigint, text),
          cloudy.shelf_remove(text), cloudy.shelf_page(text, boolean, text, text, integer)
          TO cloudy_users;
      END IF;
    END
    $$
    """,
    "UPDATE cloudy.schema_version SET version = 4",
  ]
}
