import BookmarkModel
import Synchronization
import XCTest

@testable import WebPages

/// The checker's scheduling: the limits in all and per host, and the order of results. (The
/// classification against real servers is in WebFetchingTests.)
final class LinkCheckerTests: XCTestCase {
  /// Answers 200 after a pause, counting how many requests are in at once, in all and per host.
  private final class CountingFetcher: PageFetching {
    struct Counts {
      var now: [String: Int] = [:]
      var total = 0
      var mostTotal = 0
      var mostPerHost = 0
      var requests: [String] = []
    }
    let counts = Mutex(Counts())

    func fetch(_ url: String, method: FetchMethod, bodyLimit: Int) async -> Result<FetchedPage, FetchFailure> {
      let host = LinkChecker.hostKey(url)
      counts.withLock {
        $0.now[host, default: 0] += 1
        $0.total += 1
        $0.mostTotal = max($0.mostTotal, $0.total)
        $0.mostPerHost = max($0.mostPerHost, $0.now[host]!)
        $0.requests.append("\(method.rawValue) \(url)")
      }
      try? await Task.sleep(for: .milliseconds(5))
      counts.withLock {
        $0.now[host]! -= 1
        $0.total -= 1
      }
      return .success(FetchedPage(status: url.hasSuffix("/500") ? 500 : 200, url: url))
    }
  }

  /// Answers "no such name" for hosts named `nx…`, and 200 for the others.
  private struct LookupFetcher: PageFetching {
    var network: Bool
    func fetch(_ url: String, method: FetchMethod, bodyLimit: Int) async -> Result<FetchedPage, FetchFailure> {
      guard network, !LinkChecker.hostKey(url).hasPrefix("nx") else { return .failure(.dnsFailure(url)) }
      return .success(FetchedPage(status: 200, url: url))
    }
  }

  /// No network: names fail to be looked up, and this machine refuses its own ports.
  private struct LocalFetcher: PageFetching {
    func fetch(_ url: String, method: FetchMethod, bodyLimit: Int) async -> Result<FetchedPage, FetchFailure> {
      let host = FetchTarget.web(url)?.host ?? ""
      return .failure(FetchTarget.isPrivate(host: host) ? .refused : .dnsFailure(url))
    }
  }

  /// Given no network (every lookup fails as "no such name", as glibc answers without a DNS
  /// server), when six links are checked, then none is told as dead: all are not checked,
  /// with why; with a network, a name that isn't there is a DNS failure, told as the others.
  func testWhenNoNameCanBeLookedUpNoLinkIsDead() async {
    let urls = (0..<6).map { (key: $0, url: "https://host\($0).example/") }
    var told: [LinkStatus] = []
    let offline = await LinkChecker(fetcher: LookupFetcher(network: false)).check(urls) { result, done, total in
      told.append(result.status)
      XCTAssertLessThanOrEqual(done, total)
    }
    XCTAssertEqual(Set(offline.map(\.status)), [LinkChecker.noNetwork])
    XCTAssertEqual(told, Array(repeating: LinkChecker.noNetwork, count: 6), "each told once, none as dead")
    XCTAssertFalse(LinkChecker.noNetwork.isDead)

    // A newcomer run (issue 36.8): a local link among them answered (refused), and every
    // named host was then told as dead. An answer from this machine shows no network.
    let local = urls + [(key: 6, url: "http://localhost:1/"), (key: 7, url: "http://127.0.0.1:9/")]
    let withLocal = await LinkChecker(fetcher: LocalFetcher()).check(local)
    XCTAssertEqual(withLocal.prefix(6).map(\.status), Array(repeating: LinkChecker.noNetwork, count: 6))

    let mixed = urls + [(key: 6, url: "https://nx.example/")]
    told = []
    let online = await LinkChecker(fetcher: LookupFetcher(network: true)).check(mixed) { result, _, _ in
      told.append(result.status)
    }
    XCTAssertEqual(online.last?.status, .dnsFailure)
    XCTAssertEqual(told.count, 7)
    XCTAssertEqual(told.filter { $0 == .dnsFailure }.count, 1)
  }

  func testTheLimitInAllHoldsOverManyHosts() async {
    let fetcher = CountingFetcher()
    let urls = (0..<200).map { (key: $0, url: "https://host\($0 % 20).example/\($0)") }
    let results = await LinkChecker(fetcher: fetcher, limits: .init(total: 6, perHost: 2)).check(urls)
    XCTAssertEqual(results.map(\.key), Array(0..<200))
    XCTAssertEqual(Set(results.map(\.status)), [.ok])
    let most = fetcher.counts.withLock { $0.mostTotal }
    XCTAssertLessThanOrEqual(most, 6)
    XCTAssertGreaterThan(most, 1, "checked side by side")
  }

  func testTheLimitPerHostHoldsWhenFewHostsHaveManyLinks() async {
    let fetcher = CountingFetcher()
    let urls = (0..<40).map { (key: $0, url: "https://host\($0 % 2).example/\($0)") }
    _ = await LinkChecker(fetcher: fetcher, limits: .init(total: 6, perHost: 2)).check(urls)
    let counts = fetcher.counts.withLock { $0 }
    XCTAssertLessThanOrEqual(counts.mostPerHost, 2)
    XCTAssertLessThanOrEqual(counts.mostTotal, 4)
    XCTAssertGreaterThan(counts.mostTotal, 1, "checked side by side")
  }

  func testAServerErrorIsRetriedOnceWithGET() async {
    let fetcher = CountingFetcher()
    let status = await LinkChecker(fetcher: fetcher, limits: .init(retryDelay: .zero)).check("https://a.example/500")
    XCTAssertEqual(status, .serverError(500))
    XCTAssertEqual(
      fetcher.counts.withLock { $0.requests },
      ["HEAD https://a.example/500", "GET https://a.example/500", "GET https://a.example/500"])
  }

  func testProgressIsToldAfterEachLink() async {
    let told = Mutex<[Int]>([])
    _ = await LinkChecker(fetcher: CountingFetcher()).check(
      (0..<5).map { (key: $0, url: "https://a.example/\($0)") },
      each: { _, done, _ in told.withLock { $0.append(done) } }
    )
    XCTAssertEqual(told.withLock { $0 }, [1, 2, 3, 4, 5])
  }
}
