/// A bookmark's name from its page.
public struct TitleFetcher: Sendable {
  private let fetcher: any PageFetching

  public init(fetcher: any PageFetching) { self.fetcher = fetcher }

  /// The page's title, or nil: not a web URL, no answer, not a page (an image, a PDF), or
  /// no title in it.
  public func title(for url: String) async -> String? {
    guard FetchTarget.web(url) != nil,
      case .success(let page) = await fetcher.fetch(url, method: .get, bodyLimit: FetchLimits.titleBody),
      (200..<300).contains(page.status), PageText.isPage(page.contentType)
    else { return nil }
    return PageTitle.find(in: page.body, contentType: page.contentType)
  }
}
