import Broadcasting
import Cloud
import Foundation
import Logging
import PostgresNIO

/// The one connection of a ``PostgresCloud``: opened on first use, listening on the
/// account's channel before it is handed out, and re-opened after it is lost.
///
/// Every call shares the connection (each is one statement, so none needs it alone).
/// After every (re)connection — `LISTEN` first, then the subscribers are signalled — the
/// devices fetch "changes since token", so notifications sent while disconnected, which
/// PostgreSQL drops, cost nothing. While anyone subscribes to signals, a lost connection is
/// re-opened in the background with backoff (0.1 s doubling to 2 s), so a returning server
/// is noticed without waiting for the next local change.
actor PostgresLink {
  private let settings: PostgresSettings
  private let account: String
  private let listensTo: Channel
  private let subscribers: Broadcast<Void>
  private let logger: Logger
  private var connection: PostgresConnection?
  private var connecting: Task<PostgresConnection, any Error>?
  private var reconnecting: Task<Void, Never>?
  private var listening: Task<Void, Never>?
  private var tls: PostgresConnection.Configuration.TLS?
  private var migrated = false
  private var closed = false
  private var connectionCount = 0

  static let firstRetryDelay = Duration.milliseconds(100)
  static let longestRetryDelay = Duration.seconds(2)

  /// What a link's connection listens to.
  enum Channel: Sendable {
    /// The account's own channel: its private records.
    case account
    /// The team shelf's (``PostgresShelfSchema/notifyChannel``).
    case shelf
  }

  init(
    settings: PostgresSettings, account: String, listensTo: Channel = .account, subscribers: Broadcast<Void>,
    logger: Logger
  ) {
    self.settings = settings
    self.account = account
    self.listensTo = listensTo
    self.subscribers = subscribers
    self.logger = logger
    throttle = SignalThrottle(interval: Self.shelfSignalInterval) { subscribers.send(()) }
  }

  /// Any role that can connect can `NOTIFY` the shelf's channel: its signals are passed on
  /// at most once per this interval, and only those whose payload is what the server's own
  /// shelf functions send (a sequence number).
  static let shelfSignalInterval = Duration.milliseconds(250)
  private let throttle: SignalThrottle

  /// Whether a notification on the shelf's channel looks like the server's own: its payload
  /// is the shelf's sequence number, digits only.
  static func isShelfSignal(_ payload: String) -> Bool {
    !payload.isEmpty && payload.utf8.count <= 19 && payload.utf8.allSatisfy { (0x30...0x39).contains($0) }
  }

  /// The open connection, opening one if there is none.
  func current() async throws -> PostgresConnection {
    if closed { throw CloudError.closed }
    if let connection, !connection.isClosed { return connection }
    if let connecting { return try await connecting.value }
    let task = Task { try await self.open() }
    connecting = task
    defer { connecting = nil }
    return try await task.value
  }

  /// Runs `body` on the connection with a call's time limit. A call that runs out of time
  /// (too slow, or the connection went) closes the connection, so the next call opens a
  /// fresh one, and fails as unreachable; other failures are thrown as they are.
  func call<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
    let connection = try await current()
    do {
      return try await PostgresDeadline.run(limit: PostgresCloud.callTimeout, closing: connection.closeFuture) {
        try await body(connection)
      }
    } catch let error as PostgresDeadline.Expired {
      try? await connection.close()
      throw CloudError.unreachable(cloud: settings.displayName, reason: error.reason)
    }
  }

  /// Opens a connection now if subscribers wait for signals, and keeps trying if it fails.
  func keepOpen() async {
    if closed || connection.map({ !$0.isClosed }) == true { return }
    do {
      _ = try await current()
    } catch {
      startReconnecting()
    }
  }

  /// Closes the connection for good.
  func close() async {
    closed = true
    reconnecting?.cancel()
    listening?.cancel()
    connecting?.cancel()
    let open = connection
    connection = nil
    subscribers.finish()
    try? await open?.close()
  }

  // MARK: - Opening

  /// How long a statement may wait for a lock another session holds (PostgreSQL syntax).
  static let lockTimeout = "3s"
  /// How long one statement may run.
  static let statementTimeout = "15s"

  /// Connects to the first server of the address that answers (and, for `read-write`, takes
  /// writes), each within the connect timeout, so a dead server costs seconds. With one
  /// server its failure is thrown as it is; with several, one sentence names what each said.
  private func connectToAServer() async throws -> PostgresConnection {
    var refusals: [String] = []
    for endpoint in settings.endpoints {
      let here = settings.at(endpoint)
      do {
        connectionCount += 1
        var configuration = PostgresConnection.Configuration(
          host: here.host, port: here.port, username: here.user, password: here.password,
          database: here.database, tls: try tlsConfiguration())
        configuration.options.connectTimeout = .seconds(here.connectTimeout.components.seconds)
        let opened = try await PostgresConnection.connect(
          configuration: configuration, id: connectionCount, logger: logger)
        guard settings.sessionTarget == .readWrite, settings.endpoints.count > 1 else { return opened }
        if try await Self.takesWrites(opened, logger: logger) { return opened }
        try? await opened.close()
        refusals.append("\(endpoint) is read-only (a standby)")
      } catch {
        if settings.endpoints.count == 1 { throw error }
        switch PostgresErrorSentence.cloudError(error, settings: here) {
        case .unreachable(_, let reason), .incompatible(_, let reason), .refused(let reason):
          refusals.append("\(endpoint): \(reason)")
        case let other:
          refusals.append("\(endpoint): \(other)")
        }
      }
    }
    throw CloudError.unreachable(
      cloud: settings.displayName,
      reason: "no server of the address takes writes (" + refusals.joined(separator: "; ") + ")")
  }

  /// Whether a session may write: not a standby, not read-only (libpq's `read-write` check).
  private static func takesWrites(_ connection: PostgresConnection, logger: Logger) async throws -> Bool {
    let rows = try await PostgresDeadline.run(limit: PostgresCloud.callTimeout, closing: connection.closeFuture) {
      try await connection.query("SHOW transaction_read_only", logger: logger)
    }
    for try await value in rows.decode(String.self) { return value == "off" }
    return false
  }

  private func open() async throws -> PostgresConnection {
    let opened = try await connectToAServer()
    do {
      // The set-up gets the same limit as a call, and fails at once if the server closes
      // the connection meanwhile (a statement on a closed connection may never return).
      let migrated = migrated
      let accountChannel = try await PostgresDeadline.run(
        limit: PostgresCloud.callTimeout, closing: opened.closeFuture
      ) { [account, logger] in
        try await Self.prepare(opened, account: account, migrate: !migrated, logger: logger)
      }
      let channel = listensTo == .account ? accountChannel : PostgresShelfSchema.notifyChannel
      self.migrated = true
      try await PostgresDeadline.run(
        limit: PostgresCloud.callTimeout, closing: opened.closeFuture
      ) {
        try await self.listen(on: opened, channel: channel)
      }
    } catch {
      try? await opened.close()
      throw error
    }
    if closed {
      try? await opened.close()
      throw CloudError.closed
    }
    connection = opened
    opened.closeFuture.whenComplete { [weak self] _ in
      Task { await self?.lost(opened) }
    }
    subscribers.send(())
    return opened
  }

  /// Sets the session up — time limits, the schema (`migrate`), the account — and returns
  /// the account's notification channel.
  private static func prepare(_ opened: PostgresConnection, account: String, migrate: Bool, logger: Logger)
    async throws -> String
  {
    // One stuck session (a lock held, a slow query) must not freeze this one's UI or CLI:
    // a wait for a lock or a statement that runs longer gives up, and the change is
    // queued like any unreachable cloud's.
    try await opened.query(
      "SELECT set_config('lock_timeout', \(Self.lockTimeout), false), set_config('statement_timeout', \(Self.statementTimeout), false)",
      logger: logger)
    if migrate { try await PostgresSchema.migrate(opened, logger: logger) }
    try await opened.query("SELECT set_config('cloudy.account', \(account), false)", logger: logger)
    var channel = ""
    for try await name in try await opened.query("SELECT cloudy.channel()", logger: logger).decode(String.self) {
      channel = name
    }
    return channel
  }

  /// Starts `LISTEN` on `channel` and returns once the server confirmed it.
  private func listen(on connection: PostgresConnection, channel: String) async throws {
    listening?.cancel()
    let (ready, readyContinuation) = AsyncStream.makeStream(of: Bool.self)
    let subscribers = subscribers
    let throttle = listensTo == .shelf ? throttle : nil
    listening = Task {
      do {
        try await connection.listen(on: channel) { notifications in
          readyContinuation.yield(true)
          for try await notification in notifications {
            guard let throttle else {
              subscribers.send(())
              continue
            }
            if Self.isShelfSignal(notification.payload) { throttle.signal() }
          }
        }
      } catch {}
      readyContinuation.yield(false)
      readyContinuation.finish()
    }
    for await listened in ready {
      if listened { return }
      break
    }
    throw CloudError.unreachable(cloud: settings.displayName, reason: "the server refused to send notifications")
  }

  private func tlsConfiguration() throws -> PostgresConnection.Configuration.TLS {
    if let tls { return tls }
    let made: PostgresConnection.Configuration.TLS
    switch settings.tlsMode {
    case .disable:
      made = .disable
    case .prefer, .require:
      var configuration = TLSConfiguration.makeClientConfiguration()
      configuration.certificateVerification = .none
      let context = try NIOSSLContext(configuration: configuration)
      made = settings.tlsMode == .prefer ? .prefer(context) : .require(context)
    case .verifyCA, .verifyFull:
      var configuration = TLSConfiguration.makeClientConfiguration()
      configuration.certificateVerification =
        settings.tlsMode == .verifyCA ? .noHostnameVerification : .fullVerification
      if let root = settings.rootCertificatePath { configuration.trustRoots = .file(root) }
      made = .require(try NIOSSLContext(configuration: configuration))
    }
    tls = made
    return made
  }

  // MARK: - Losing

  private func lost(_ lostConnection: PostgresConnection) {
    guard connection === lostConnection else { return }
    connection = nil
    listening?.cancel()
    // The schema is checked again on the next connection: a server can come back with it
    // dropped (and Cloudy makes it again, with a new identity the devices then notice).
    migrated = false
    guard !closed else { return }
    // Devices sync on a signal; this one finds the server gone, so their status says
    // offline during the outage even with nothing to push.
    subscribers.send(())
    if subscribers.hasSubscribers { startReconnecting() }
  }

  private func startReconnecting() {
    guard reconnecting == nil, !closed else { return }
    reconnecting = Task {
      var delay = Self.firstRetryDelay
      while !Task.isCancelled {
        if (try? await self.current()) != nil { break }
        try? await Task.sleep(for: delay)
        delay = min(delay * 2, Self.longestRetryDelay)
      }
      self.reconnectingEnded()
    }
  }

  private func reconnectingEnded() {
    reconnecting = nil
  }
}
