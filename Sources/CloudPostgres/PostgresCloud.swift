import Broadcasting
import Cloud
import Foundation
import Logging
import PostgresNIO

/// A cloud on a PostgreSQL server: the same contract as the embedded SQLite cloud, for
/// devices on several machines.
///
/// Each instance (one device) keeps one connection, opened on first use (an instance is made
/// without contacting the server, so a server that is down now only makes calls fail with
/// ``CloudError/unreachable(cloud:reason:)`` while the device works from its local copy).
/// Every call is one statement: a batch of writes is one call of the server-side function
/// `cloudy.write`, which locks the account's row, so sequences follow commit order, and
/// notifies the account's channel with the last sequence (never the data). Queries are
/// built with postgres-nio's interpolation, which sends every value as a bound parameter.
public final class PostgresCloud: CloudService {
  public let settings: PostgresSettings
  public let account: String
  public var displayName: String { settings.displayName }
  private let subscribers = Broadcast<Void>(bufferingPolicy: .bufferingNewest(1))
  private let link: PostgresLink
  private let logger: Logger

  /// A call that takes longer than this closes the connection (a server that stopped
  /// answering without closing it) and fails as unreachable.
  static let callTimeout = Duration.seconds(15)

  /// A cloud on the server `settings` describe, seen as `account`.
  public init(settings: PostgresSettings, account: String) {
    self.settings = settings
    self.account = account
    let logger = Logger(label: "cloudy.postgres") { _ in SwiftLogNoOpLogHandler() }
    self.logger = logger
    link = PostgresLink(settings: settings, account: account, subscribers: subscribers, logger: logger)
  }

  public func write(_ writes: [CloudWrite], in zone: CloudZone, origin: String) async throws -> [CloudWriteOutcome] {
    for write in writes where write.key.isEmpty || write.key.utf8.count > CloudError.maximumKeyBytes {
      throw CloudError.refused(reason: "a key must have 1 to \(CloudError.maximumKeyBytes) bytes")
    }
    for write in writes where write.key.utf8.contains(0) {
      throw CloudError.refused(reason: "a key must not contain a NUL character")
    }
    if writes.isEmpty { return [] }
    let keys = writes.map(\.key)
    let values = writes.map { ByteBuffer(bytes: $0.value ?? Data()) }
    let deleted = writes.map { $0.value == nil }
    let conditions = writes.map { write -> Int16 in
      switch write.condition {
      case .always: 0
      case .absent: 1
      case .sequence: 2
      case .atMost: 3
      }
    }
    let expected = writes.map { write -> Int64 in
      switch write.condition {
      case .always, .absent: 0
      case .sequence(let sequence), .atMost(let sequence): sequence
      }
    }
    let zoneName = zone.rawValue
    let logger = logger
    return try await run { connection in
      let rows = try await connection.query(
        """
        SELECT o_written, o_key, o_value, o_sequence, o_origin
        FROM cloudy.write(\(zoneName), \(origin), \(keys), \(values), \(deleted), \(conditions), \(expected))
        ORDER BY o_ordinal
        """, logger: logger)
      var outcomes: [CloudWriteOutcome] = []
      outcomes.reserveCapacity(writes.count)
      for try await (written, key, value, sequence, writer) in rows.decode(
        (Bool, String?, Data?, Int64?, String?).self)
      {
        let record = key.map { CloudRecord(key: $0, value: value, sequence: sequence ?? 0, origin: writer ?? "") }
        if written, let record {
          outcomes.append(.written(record))
        } else {
          outcomes.append(.conflict(current: record))
        }
      }
      guard outcomes.count == writes.count else {
        throw CloudError.incompatible(
          cloud: self.displayName, reason: "the server answered \(outcomes.count) of \(writes.count) writes")
      }
      return outcomes
    }
  }

  public func changes(in zone: CloudZone, since token: CloudToken, limit: Int) async throws -> CloudChanges {
    // One more row than the page tells whether more follow; clamped so `limit + 1` cannot
    // overflow (a caller may pass `Int.max` to mean "all").
    let limit = min(max(1, limit), Int(Int32.max))
    let zoneName = zone.rawValue
    let after = token.sequence
    let logger = logger
    return try await run { connection in
      let rows = try await connection.query(
        """
        SELECT key, value, sequence, origin FROM cloudy.records
        WHERE owner = session_user AND account = current_setting('cloudy.account')
          AND zone = \(zoneName) AND sequence > \(after)
        ORDER BY sequence LIMIT \(limit + 1)
        """, logger: logger)
      var records: [CloudRecord] = []
      for try await (key, value, sequence, origin) in rows.decode((String, Data?, Int64, String).self) {
        records.append(CloudRecord(key: key, value: value, sequence: sequence, origin: origin))
      }
      let hasMore = records.count > limit
      if hasMore { records.removeLast(records.count - limit) }
      return CloudChanges(
        records: records, token: CloudToken(sequence: records.last?.sequence ?? token.sequence), hasMore: hasMore)
    }
  }

  public func identity() async throws -> String {
    let logger = logger
    return try await run { connection in
      let rows = try await connection.query("SELECT identity FROM cloudy.cloud", logger: logger)
      var found: String?
      for try await identity in rows.decode(String.self) { found = identity }
      guard let found else {
        throw CloudError.incompatible(cloud: self.displayName, reason: "it has no identity")
      }
      return found
    }
  }

  /// The line (`cloudy.line()`), the account's breaks and its last sequence, in one
  /// statement, so a break can't be recorded between reading one and the other.
  public func history() async throws -> CloudHistory {
    let logger = logger
    return try await run { connection in
      let rows = try await connection.query(
        """
        SELECT cloudy.line(),
          (SELECT a.last_sequence FROM cloudy.accounts AS a
            WHERE a.owner = session_user AND a.account = current_setting('cloudy.account')),
          coalesce((SELECT array_agg(b.line ORDER BY b.kept_through) FROM cloudy.breaks AS b
            WHERE b.owner = session_user AND b.account = current_setting('cloudy.account')), '{}'),
          coalesce((SELECT array_agg(b.kept_through ORDER BY b.kept_through) FROM cloudy.breaks AS b
            WHERE b.owner = session_user AND b.account = current_setting('cloudy.account')), '{}')
        """, logger: logger)
      var history = CloudHistory.untold
      for try await (line, last, lines, kept) in rows.decode((String?, Int64?, [String], [Int64]).self) {
        history = CloudHistory(
          line: line.flatMap(CloudLine.init),
          breaks: zip(lines, kept).compactMap { line, kept in
            CloudLine(line).map { CloudBreak(line: $0, keptThrough: kept) }
          }, lastSequence: last ?? 0)
      }
      return history
    }
  }

  public func record(for key: String, in zone: CloudZone) async throws -> CloudRecord? {
    if key.utf8.contains(0) { return nil }
    let zoneName = zone.rawValue
    let logger = logger
    return try await run { connection in
      let rows = try await connection.query(
        """
        SELECT key, value, sequence, origin FROM cloudy.records
        WHERE owner = session_user AND account = current_setting('cloudy.account')
          AND zone = \(zoneName) AND key = \(key)
        """, logger: logger)
      var found: CloudRecord?
      for try await (key, value, sequence, origin) in rows.decode((String, Data?, Int64, String).self) {
        found = CloudRecord(key: key, value: value, sequence: sequence, origin: origin)
      }
      return found
    }
  }

  public func signals() -> AsyncStream<Void> {
    let stream = subscribers.subscribe()
    let link = link
    Task { await link.keepOpen() }
    return stream
  }

  public func close() async {
    await link.close()
  }

  /// Runs `body` on the connection, with a time limit, turning every failure into a
  /// ``CloudError`` with one plain sentence.
  private func run<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
    do {
      return try await link.call(body)
    } catch {
      throw PostgresErrorSentence.cloudError(error, settings: settings)
    }
  }
}
