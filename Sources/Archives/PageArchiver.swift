import WebPages

/// Fetches one page and reads it into a ``PageArchive``, with the fetcher's rules (web URLs
/// only, redirects checked hop by hop, the private-network rule, the timeout, the charset)
/// and a body cap of ``PageArchive/htmlLimit``. Only the page itself is fetched: nothing it
/// refers to (images, scripts, styles, frames) is asked for.
public struct PageArchiver: Sendable {
  /// Why a page was not archived, in words a person reads.
  public enum Failure: Error, Hashable, Sendable {
    case fetch(FetchFailure)
    case status(Int)
    case notAPage(String)

    public var sentence: String {
      switch self {
      case .fetch(.notWeb): "not a web address"
      case .fetch(.timeout): "the page took too long"
      case .fetch(.refused): "the server refused the connection"
      case .fetch(.dnsFailure(let host)): "no such host (\(host))"
      case .fetch(.lookupFailed): "the network is not reachable"
      case .fetch(.cancelled): "stopped"
      case .fetch(.tlsError(let reason)): "TLS failed: \(reason)"
      case .fetch(.tooManyRedirects(let count)): "more than \(count) redirects"
      case .fetch(.redirectLoop): "the redirects go round in a loop"
      case .fetch(.refusedRedirect(let reason)): reason
      case .fetch(.other(let reason)): reason
      case .status(let status): "the server answered \(status)"
      case .notAPage(let type): "not a web page (\(type))"
      }
    }
  }

  private let fetcher: any PageFetching

  public init(fetcher: any PageFetching) { self.fetcher = fetcher }

  public func archive(_ url: String) async -> Result<PageArchive, Failure> {
    switch await fetcher.fetch(url, method: .get, bodyLimit: PageArchive.htmlLimit) {
    case .failure(let failure): return .failure(.fetch(failure))
    case .success(let page):
      guard (200..<300).contains(page.status) else { return .failure(.status(page.status)) }
      guard PageText.isPage(page.contentType) else { return .failure(.notAPage(page.contentType ?? "")) }
      return .success(Self.read(page))
    }
  }

  /// The archive of a page already fetched.
  public static func read(_ page: FetchedPage) -> PageArchive {
    let html = Array(page.body.prefix(PageArchive.htmlLimit))
    let text = PageText.decode(html, contentType: page.contentType)
    let readable = ReadableText.extract(html: text, baseURL: page.url)
    return PageArchive(
      title: PageTitle.find(in: html, contentType: page.contentType), url: page.url, contentType: page.contentType,
      text: readable.text, links: readable.links, html: html)
  }
}
