/// The cloud contract: what every cloud (embedded SQLite, PostgreSQL) promises its devices.
///
/// A cloud instance is bound to one account; it never shows or changes another account's
/// records. Records live in zones (``CloudZone``); each key holds its latest record. Every
/// write gets a sequence number from the cloud, increasing per account in commit order, so
/// "changes since token" never skips a committed change and last-writer-wins is decided by
/// the cloud, not by device clocks.
public protocol CloudService: Sendable {
  /// A description for messages, with no password in it: `sqlite:/home/me/cloud.sqlite`.
  var displayName: String { get }

  /// Writes records as one transaction. Unconditional writes always succeed (the last
  /// writer wins); a conditional write succeeds only if the key's current sequence is the
  /// one it expects, else its outcome is a conflict carrying the current record and
  /// nothing is written for that key. Outcomes come back in the order of `writes`.
  func write(_ writes: [CloudWrite], in zone: CloudZone, origin: String) async throws -> [CloudWriteOutcome]

  /// The latest record of every key changed after `token`, in sequence order, at most
  /// `limit` of them. Deleted keys come back as records with no value.
  func changes(in zone: CloudZone, since token: CloudToken, limit: Int) async throws -> CloudChanges

  /// The cloud's identity: made once, when the cloud itself is created, stored in it, and
  /// never changed. A cloud that was reset (its SQLite file deleted or emptied, its
  /// PostgreSQL schema dropped) or replaced has a different one, so a device can tell that
  /// its token belongs to another cloud before it fetches or pushes: sequence numbers of
  /// two clouds are never compared.
  func identity() async throws -> String

  /// Where the cloud's change history stands (``CloudHistory``), so a device can tell that
  /// the cloud went back in time (a failover to a standby that had not received the last
  /// changes) and push again what it holds. A cloud whose history cannot go back (an SQLite
  /// file) answers ``CloudHistory/untold``, the default.
  func history() async throws -> CloudHistory

  /// The current record of one key, if it was ever written.
  func record(for key: String, in zone: CloudZone) async throws -> CloudRecord?

  /// A signal after every change any device commits to this account (possibly more often,
  /// never fewer): fetch ``changes(in:since:limit:)`` when it fires. A signal is also sent
  /// after every reconnection, so that changes made while disconnected are fetched.
  func signals() -> AsyncStream<Void>

  /// Closes connections and stops watching. Later calls fail with ``CloudError/closed``.
  func close() async
}

extension CloudService {
  public func history() async throws -> CloudHistory { .untold }

  /// Every change after `token`, fetched in pages.
  public func allChanges(in zone: CloudZone, since token: CloudToken, pageSize: Int = 1000) async throws
    -> CloudChanges
  {
    var all = CloudChanges(records: [], token: token, hasMore: true)
    while all.hasMore {
      let page = try await changes(in: zone, since: all.token, limit: pageSize)
      all.records += page.records
      all.token = page.token
      all.hasMore = page.hasMore
    }
    return all
  }
}
