import AsyncHTTPClient
import BookmarkModel
import Foundation
import NIOCore
import Synchronization
import WebPages

/// Fetches pages over HTTP and HTTPS with AsyncHTTPClient: redirects followed here, one at a
/// time (so each hop is checked and recorded), gzip and deflate decoded, the body read up to
/// a limit, certificates verified, and `https_proxy`/`http_proxy`/`no_proxy` honoured.
///
/// Call ``shutdown()`` when done: the client holds connections open for reuse (and
/// AsyncHTTPClient stops the process if a client it made is dropped without it). The clients
/// are made at the first fetch, so a fetcher that never fetched has nothing to shut down.
public final class HTTPPageFetcher: PageFetching {
  /// What the server sees: a browser-like product first (some sites refuse anything else,
  /// nb #72), then who is asking.
  public static let userAgent = "Mozilla/5.0 (X11; Linux x86_64) Cloudy/1.0 (terminal bookmark manager)"

  private struct Clients {
    var direct: HTTPClient
    var proxied: HTTPClient?
  }

  private let clients = Mutex<Clients?>(nil)
  /// Hosts looked up lately: whether each is private, until when that is taken as known.
  private let lookups = Mutex<[String: (isPrivate: Bool, expires: ContinuousClock.Instant)]>([:])
  private let isShutDown = Mutex(false)
  private let proxy: ProxySettings
  private let connectTimeout: Duration
  private let requestTimeout: Duration

  /// - Parameters:
  ///   - environment: where the proxy settings come from.
  ///   - connectTimeout: how long a connection may take to open.
  ///   - requestTimeout: how long one fetch may take in all, redirects included.
  public init(
    environment: [String: String], connectTimeout: Duration = .seconds(5), requestTimeout: Duration = .seconds(10)
  ) {
    proxy = ProxySettings(environment: environment)
    self.connectTimeout = connectTimeout
    self.requestTimeout = requestTimeout
  }

  private static func configuration(
    connectTimeout: Duration, requestTimeout: Duration, proxy: HTTPClient.Configuration.Proxy?
  ) -> HTTPClient.Configuration {
    // The read timeout is a backstop: the whole fetch, body included, is raced against its
    // deadline in ``fetch(_:method:bodyLimit:)`` (the client's own deadline ends at the headers).
    var configuration = HTTPClient.Configuration(
      redirectConfiguration: .disallow,
      timeout: .init(connect: TimeAmount(connectTimeout), read: TimeAmount(requestTimeout)), proxy: proxy,
      decompression: .enabled(limit: .ratio(100)))
    // A refused or failed connection is the answer; the pool would otherwise try again until
    // the deadline, and a dead host would read as a timeout.
    configuration.connectionPool.retryConnectionEstablishment = false
    // The link checker keeps to two requests a host itself; titles fetch one page at a time.
    configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 8
    return configuration
  }

  /// Closes the connections; a fetch after this fails.
  public func shutdown() async {
    isShutDown.withLock { $0 = true }
    guard
      let made = clients.withLock({ clients in
        defer { clients = nil }
        return clients
      })
    else { return }
    try? await made.direct.shutdown()
    try? await made.proxied?.shutdown()
  }

  /// Fetches within the request timeout, everything included: the lookups, the redirects,
  /// and reading the body (a server that sends its headers and then stalls is cut off too).
  public func fetch(_ url: String, method: FetchMethod, bodyLimit: Int) async -> Result<FetchedPage, FetchFailure> {
    let timeout = requestTimeout
    return await withTaskGroup(of: Result<FetchedPage, FetchFailure>?.self) { group in
      group.addTask { await self.fetchWithoutDeadline(url, method: method, bodyLimit: bodyLimit) }
      group.addTask {
        try? await Task.sleep(for: timeout)
        return Task.isCancelled ? nil : .failure(.timeout)
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      return first ?? .failure(.cancelled)
    }
  }

  private func fetchWithoutDeadline(_ url: String, method: FetchMethod, bodyLimit: Int) async -> Result<
    FetchedPage, FetchFailure
  > {
    guard let first = FetchTarget.web(url) else { return .failure(.notWeb) }
    let start = ContinuousClock.now
    let deadline = NIODeadline.now() + TimeAmount(requestTimeout)
    let bookmarkIsPrivate: Bool
    switch await lookUp(first.host, within: requestTimeout) {
    case .failure(let failure): return .failure(failure)
    case .success(let isPrivate): bookmarkIsPrivate = isPrivate
    }
    var current = url
    var method = method
    var redirects: [FetchedPage.Redirect] = []
    var seen: Set<String> = [url]
    while true {
      guard let target = FetchTarget.web(current) else {
        return .failure(redirects.isEmpty ? .notWeb : .refusedRedirect("redirected to a non-web address"))
      }
      if !redirects.isEmpty {
        switch await lookUp(target.host, within: requestTimeout - (ContinuousClock.now - start)) {
        case .failure(let failure): return .failure(failure)
        case .success(let isPrivate):
          if isPrivate, !bookmarkIsPrivate {
            return .failure(.refusedRedirect("redirected into a private network (\(target.host))"))
          }
        }
      }
      do {
        guard let client = client(for: target.host) else { return .failure(.cancelled) }
        guard let address = FetchTarget.requestURL(current) else { return .failure(.notWeb) }
        let response = try await client.execute(request(address, method: method), deadline: deadline)
        let status = Int(response.status.code)
        if (300..<400).contains(status), status != 304, let location = response.headers.first(name: "location"),
          let next = Self.resolve(location, against: address)
        {
          redirects.append(.init(status: status, location: next))
          if redirects.count > FetchLimits.redirects { return .failure(.tooManyRedirects(FetchLimits.redirects)) }
          guard seen.insert(next).inserted else { return .failure(.redirectLoop) }
          if status == 303, method != .head { method = .get }
          current = next
          continue
        }
        let body = method == .head ? [] : try await Self.read(response.body, limit: bodyLimit)
        return .success(
          FetchedPage(
            status: status, url: current, redirects: redirects,
            contentType: response.headers.first(name: "content-type"),
            body: body))
      } catch {
        return .failure(FetchError.failure(for: error))
      }
    }
  }

  /// Whether a host is in a private network, from the resolver (which also tells a name that
  /// does not exist, and may not take longer than `timeout`). Through a proxy the proxy looks
  /// names up, so only the host's text is judged.
  private func lookUp(_ host: String, within timeout: Duration) async -> Result<Bool, FetchFailure> {
    if proxy.server != nil, proxy.applies(to: host) { return .success(FetchTarget.isPrivate(host: host)) }
    guard let name = Punycode.asciiHost(host) else { return .failure(.dnsFailure(host)) }
    if let known = lookups.withLock({ $0[name] }), known.expires > ContinuousClock.now {
      return .success(known.isPrivate)
    }
    switch await HostAddresses.resolve(name, within: timeout) {
    case .noSuchHost: return .failure(.dnsFailure(host))
    case .failed: return .failure(.lookupFailed)
    case .timedOut: return .failure(.timeout)
    case .found(let addresses):
      let isPrivate = addresses.isPrivate || FetchTarget.isPrivate(host: host)
      // A check of many links on one host looks it up once a minute, not once a link.
      lookups.withLock { $0[name] = (isPrivate, ContinuousClock.now + .seconds(60)) }
      return .success(isPrivate)
    }
  }

  /// The client for a host (through the proxy or not), made at the first fetch; nil after
  /// ``shutdown()``.
  private func client(for host: String) -> HTTPClient? {
    let made: Clients? = clients.withLock { clients in
      if clients == nil, !isShutDown.withLock({ $0 }) {
        let direct = HTTPClient(
          eventLoopGroupProvider: .singleton,
          configuration: Self.configuration(connectTimeout: connectTimeout, requestTimeout: requestTimeout, proxy: nil))
        let proxied = proxy.server.map {
          HTTPClient(
            eventLoopGroupProvider: .singleton,
            configuration: Self.configuration(connectTimeout: connectTimeout, requestTimeout: requestTimeout, proxy: $0)
          )
        }
        clients = Clients(direct: direct, proxied: proxied)
      }
      return clients
    }
    guard let made else { return nil }
    guard let proxied = made.proxied, proxy.applies(to: host) else { return made.direct }
    return proxied
  }

  private func request(_ url: String, method: FetchMethod) -> HTTPClientRequest {
    var request = HTTPClientRequest(url: url)
    request.method = method == .head ? .HEAD : .GET
    request.headers.add(name: "User-Agent", value: Self.userAgent)
    request.headers.add(name: "Accept", value: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8")
    request.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
    return request
  }

  /// At most `limit` bytes of the body; the rest is not read (the connection is dropped).
  private static func read(_ body: HTTPClientResponse.Body, limit: Int) async throws -> [UInt8] {
    var bytes: [UInt8] = []
    guard limit > 0 else { return bytes }
    for try await buffer in body {
      bytes.append(contentsOf: buffer.readableBytesView.prefix(limit - bytes.count))
      if bytes.count >= limit { break }
    }
    return bytes
  }

  /// A `Location` made absolute against the URL that sent it.
  static func resolve(_ location: String, against base: String) -> String? {
    guard let baseURL = URL(string: base) else { return nil }
    let trimmed = location.trimmingCharacters(in: .whitespaces)
    return URL(string: trimmed, relativeTo: baseURL)?.absoluteURL.absoluteString
  }
}

extension TimeAmount {
  init(_ duration: Duration) {
    let (seconds, attoseconds) = duration.components
    self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
  }
}
