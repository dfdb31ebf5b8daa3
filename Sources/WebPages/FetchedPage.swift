/// What a server answered, after the redirects the fetcher followed.
public struct FetchedPage: Hashable, Sendable {
  /// One redirect followed: its status and where it pointed.
  public struct Redirect: Hashable, Sendable {
    public var status: Int
    public var location: String
    public init(status: Int, location: String) {
      self.status = status
      self.location = location
    }

    /// 301 and 308 say the page moved for good; 302, 303 and 307 only for now.
    public var isPermanent: Bool { status == 301 || status == 308 }
  }

  public var status: Int
  /// The URL that answered last (the bookmark's own when nothing redirected).
  public var url: String
  public var redirects: [Redirect]
  public var contentType: String?
  /// The body, up to the limit asked for.
  public var body: [UInt8]

  public init(status: Int, url: String, redirects: [Redirect] = [], contentType: String? = nil, body: [UInt8] = []) {
    self.status = status
    self.url = url
    self.redirects = redirects
    self.contentType = contentType
    self.body = body
  }
}

/// Why no answer came, in the words a link check reports.
public enum FetchFailure: Error, Hashable, Sendable {
  /// Not `http` or `https` (`file:`, `javascript:`…): never fetched.
  case notWeb
  /// A redirect Cloudy does not follow: into a private network from a public address (the
  /// bookmark did not point there), or to a URL that is not a web address. The reason.
  case refusedRedirect(String)
  case dnsFailure(String)
  /// The resolver could not answer at all (no network, no DNS server): nothing is known of
  /// the link.
  case lookupFailed
  /// The fetch was stopped (the app quit, the fetcher was closed): nothing is known.
  case cancelled
  case refused
  case timeout
  case tlsError(String)
  case tooManyRedirects(Int)
  case redirectLoop
  case other(String)
}

/// GET or HEAD.
public enum FetchMethod: String, Hashable, Sendable {
  case head = "HEAD"
  case get = "GET"
}

/// Fetches one URL, following up to ``FetchLimits/redirects`` redirects and reading at most
/// `bodyLimit` bytes of the last answer. Never throws: every way a fetch can end is a value.
public protocol PageFetching: Sendable {
  func fetch(_ url: String, method: FetchMethod, bodyLimit: Int) async -> Result<FetchedPage, FetchFailure>
}

/// The bounds on what a page can make Cloudy do.
public enum FetchLimits {
  public static let redirects = 10
  /// Bytes of a page read for its title: the title is near the top.
  public static let titleBody = 2 << 20
  /// Bytes read of a GET made only to see the status.
  public static let checkBody = 16 << 10
}
