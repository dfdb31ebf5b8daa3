import BookmarkModel

/// Checks links the way a polite crawler does: at most ``Limits/total`` requests at a time
/// and ``Limits/perHost`` to one host; HEAD first, then GET when HEAD answers with an error
/// status other than 404 or 410 (many servers answer HEAD wrongly); one retry after a pause
/// when the server fails (5xx) or asks to slow down (429).
public struct LinkChecker: Sendable {
  public struct Limits: Sendable {
    public var total: Int
    public var perHost: Int
    /// The pause before the one retry of a 5xx.
    public var retryDelay: Duration
    public init(total: Int = 32, perHost: Int = 2, retryDelay: Duration = .milliseconds(500)) {
      self.total = max(1, total)
      self.perHost = max(1, perHost)
      self.retryDelay = retryDelay
    }
  }

  private let fetcher: any PageFetching
  private let limits: Limits

  public init(fetcher: any PageFetching, limits: Limits = Limits()) {
    self.fetcher = fetcher
    self.limits = limits
  }

  /// Checks one URL.
  public func check(_ url: String) async -> LinkStatus {
    guard FetchTarget.web(url) != nil else { return .notWeb }
    var outcome = await fetcher.fetch(url, method: .head, bodyLimit: 0)
    if case .success(let page) = outcome, page.status >= 400, page.status != 404, page.status != 410 {
      outcome = await fetcher.fetch(url, method: .get, bodyLimit: FetchLimits.checkBody)
    }
    if case .success(let page) = outcome, page.status >= 500 || page.status == 429 {
      try? await Task.sleep(for: page.status == 429 ? limits.retryDelay * 4 : limits.retryDelay)
      outcome = await fetcher.fetch(url, method: .get, bodyLimit: FetchLimits.checkBody)
    }
    return LinkStatus(outcome)
  }

  /// Checks every URL (keyed by anything, a bookmark's id say) within the limits, telling
  /// `each` of every result as it comes, with how many are done of how many; the results
  /// are returned in the order the URLs were given.
  ///
  /// A name that could not be looked up is told only once some other link got an answer
  /// (the network works, so that name is gone): without a network every lookup fails as "no
  /// such name" on many systems, and then none of them is a dead link — at the end they are
  /// all told as not checked (``noNetwork``).
  public func check<Key: Hashable & Sendable>(
    _ urls: [(key: Key, url: String)],
    each: (_ result: (key: Key, url: String, status: LinkStatus), _ done: Int, _ total: Int) -> Void = { _, _, _ in }
  ) async -> [(key: Key, url: String, status: LinkStatus)] {
    var results = [LinkStatus?](repeating: nil, count: urls.count)
    var waiting = HostQueues(urls.indices.map { (index: $0, host: Self.hostKey(urls[$0].url)) })
    var running: [String: Int] = [:]
    var done = 0
    // Lookups that failed, held until an answer shows the network works.
    var unlookedUp: [Int] = []
    var networkWorks = false
    func tell(_ index: Int) {
      done += 1
      each((urls[index].key, urls[index].url, results[index]!), done, urls.count)
    }
    await withTaskGroup(of: (Int, String, LinkStatus).self) { group in
      var inFlight = 0
      func startWhatFits() {
        while inFlight < limits.total, let (index, host) = waiting.next(running: running, perHost: limits.perHost) {
          running[host, default: 0] += 1
          inFlight += 1
          let url = urls[index].url
          group.addTask { (index, host, await check(url)) }
        }
      }
      startWhatFits()
      while let (index, host, status) = await group.next() {
        results[index] = status
        running[host, default: 1] -= 1
        inFlight -= 1
        if status == .dnsFailure, !networkWorks {
          unlookedUp.append(index)
        } else {
          if !networkWorks, Self.showsANetwork(status, url: urls[index].url) {
            networkWorks = true
            for held in unlookedUp { tell(held) }
            unlookedUp = []
          }
          tell(index)
        }
        startWhatFits()
      }
    }
    for held in unlookedUp {
      results[held] = Self.noNetwork
      tell(held)
    }
    return urls.indices.map { (urls[$0].key, urls[$0].url, results[$0] ?? .failed("not checked")) }
  }

  /// What a name that could not be looked up is, when no link got an answer at all.
  public static let noNetwork = LinkStatus.unchecked("no name could be looked up; is the network down?")

  /// Whether a result shows that this machine reaches the network: a name was looked up
  /// and a server answered, or refused. An answer from this machine (`localhost`, a private
  /// or literal address) needs no lookup, so it shows nothing about the names that failed.
  static func showsANetwork(_ status: LinkStatus, url: String) -> Bool {
    switch status {
    case .notWeb, .dnsFailure, .unchecked: return false
    default: break
    }
    guard let host = FetchTarget.web(url)?.host.lowercased() else { return false }
    let literal = host.contains(":") || host.allSatisfy { $0.isNumber || $0 == "." }
    return !literal && !FetchTarget.isPrivate(host: host)
  }

  /// The host a URL's requests count against (its text, lowercased; the URL when it has none).
  static func hostKey(_ url: String) -> String {
    FetchTarget.web(url).map { $0.host.lowercased() + ":" + String($0.port ?? 0) } ?? url
  }
}

/// The URLs still to check, one queue per host, taken round-robin so that one big host does
/// not hold up the others.
struct HostQueues {
  private var queues: [String: [Int]] = [:]
  private var hosts: [String] = []
  private var cursor = 0

  init(_ items: [(index: Int, host: String)]) {
    for item in items {
      if queues[item.host] == nil { hosts.append(item.host) }
      queues[item.host, default: []].append(item.index)
    }
    for host in hosts { queues[host]?.reverse() }
  }

  /// The next URL whose host has room, or nil when none has.
  mutating func next(running: [String: Int], perHost: Int) -> (Int, String)? {
    guard !hosts.isEmpty else { return nil }
    for step in 0..<hosts.count {
      let position = (cursor + step) % hosts.count
      let host = hosts[position]
      guard running[host, default: 0] < perHost, let index = queues[host]?.popLast() else { continue }
      if queues[host]?.isEmpty == true {
        queues[host] = nil
        hosts.remove(at: position)
        cursor = hosts.isEmpty ? 0 : position % hosts.count
      } else {
        cursor = (position + 1) % hosts.count
      }
      return (index, host)
    }
    return nil
  }
}
