/// The team shelf: a cloud's public database beside its accounts' private ones (CloudKit's
/// public database). Every account with a role reads it, or every account when it is
/// world-readable; owners and editors add, edit and remove; owners manage the roles.
///
/// The shelf is queried, not mirrored: a client asks for one sorted page at a time,
/// filtered on the cloud, and never holds the whole shelf. Rights are enforced by the cloud
/// (PostgreSQL: row-level security and server functions, so `psql` under a reader's role is
/// refused too; SQLite: the cloud layer, in the same transaction as the write).
public protocol ShelfService: Sendable {
  /// The cloud's name for messages, with no password in it.
  var displayName: String { get }

  /// What this account may do on the shelf.
  func access() async throws -> ShelfAccess

  /// Makes this account the shelf's first owner. Refused when the shelf has an owner.
  func create(worldReadable: Bool) async throws

  /// Opens the shelf to every account of the cloud for reading, or closes it (owners).
  func setWorldReadable(_ worldReadable: Bool) async throws

  /// Up to `limit` bookmarks whose name or URL contains `query` (case-insensitive; all of them
  /// when it is empty), sorted by name and then id, starting after `after`.
  func page(matching query: String, after: ShelfCursor?, limit: Int) async throws -> ShelfPage

  /// One bookmark, if it is on the shelf.
  func bookmark(id: String) async throws -> ShelfBookmark?

  /// Adds a bookmark (owners and editors). Its creator is this account.
  func add(name: String, url: String) async throws -> ShelfBookmark

  /// Changes a bookmark if it is still at `version`. If someone changed or removed it since,
  /// nothing of theirs is overwritten: this edit is added beside it as a bookmark of its own,
  /// so both versions are kept.
  func edit(id: String, name: String, url: String, basedOn version: Int64) async throws -> ShelfEdit

  /// Removes a bookmark (owners and editors); removing one already gone does nothing.
  func remove(id: String) async throws

  /// Everyone with a role, owners first (any member may look).
  func members() async throws -> [ShelfMember]

  /// Gives `account` a role, replacing any it had (owners), and says who that is (on
  /// PostgreSQL, with its login role). `group` picks among accounts of that name on a cloud
  /// that has several (PostgreSQL: the login role); an account that never used the cloud is
  /// an error, and the last owner can't be made less.
  @discardableResult
  func grant(account: String, group: String?, role: ShelfRole) async throws -> ShelfMember

  /// Takes `account`'s role away (owners); the last owner can't be.
  func revoke(account: String, group: String?) async throws

  /// A signal after every change to the shelf or its roles (possibly more often), and after
  /// every reconnection: a client that shows a page asks for it again.
  func signals() -> AsyncStream<Void>

  /// Closes connections. Later calls fail.
  func close() async
}
