/// What checking a bookmark's link found.
public enum LinkStatus: Hashable, Sendable {
  /// The page answered 2xx (or 304), perhaps after temporary redirects.
  case ok
  /// The page is there, but moved for good (301/308) to this URL: offer to update the bookmark.
  case moved(to: String)
  /// 404 or 410.
  case gone(Int)
  /// Another 4xx.
  case clientError(Int)
  /// 5xx, after one retry.
  case serverError(Int)
  case dnsFailure
  case refused
  case timeout
  case tlsError(String)
  /// A redirect loop, more than ten redirects, or a redirect into a private network.
  case badRedirect(String)
  /// Not a web URL (`file:`, `javascript:`…), so never fetched.
  case notWeb
  /// Anything else that ended the fetch.
  case failed(String)

  /// Whether the row gets the dead mark and `is:dead` finds it.
  public var isDead: Bool {
    switch self {
    case .ok, .moved, .notWeb: false
    default: true
    }
  }

  /// One word for the check's table and `--json`.
  public var label: String {
    switch self {
    case .ok: "ok"
    case .moved: "moved"
    case .gone: "gone"
    case .clientError: "client-error"
    case .serverError: "server-error"
    case .dnsFailure: "dns"
    case .refused: "refused"
    case .timeout: "timeout"
    case .tlsError: "tls"
    case .badRedirect: "bad-redirect"
    case .notWeb: "not-web"
    case .failed: "failed"
    }
  }

  /// What it means, in a few words.
  public var detail: String {
    switch self {
    case .ok: "OK"
    case .moved(let url): "moved for good to \(url)"
    case .gone(let status): "\(status) — the page is gone"
    case .clientError(let status): "\(status) — the server refused the request"
    case .serverError(let status): "\(status) — the server failed, twice"
    case .dnsFailure: "no such host"
    case .refused: "the server refused the connection"
    case .timeout: "no answer in time"
    case .tlsError(let reason): "the secure connection failed: \(reason)"
    case .badRedirect(let reason): reason
    case .notWeb: "not a web address; not checked"
    case .failed(let reason): reason
    }
  }

  /// How a fetch's outcome reads as a link status.
  public init(_ outcome: Result<FetchedPage, FetchFailure>) {
    switch outcome {
    case .failure(let failure):
      switch failure {
      case .notWeb: self = .notWeb
      case .refusedRedirect(let reason): self = .badRedirect(reason)
      case .dnsFailure: self = .dnsFailure
      case .refused: self = .refused
      case .timeout: self = .timeout
      case .tlsError(let reason): self = .tlsError(reason)
      case .tooManyRedirects(let count): self = .badRedirect("more than \(count) redirects")
      case .redirectLoop: self = .badRedirect("a redirect loop")
      case .other(let reason): self = .failed(reason)
      }
    case .success(let page):
      switch page.status {
      case 404, 410: self = .gone(page.status)
      case 400..<500: self = .clientError(page.status)
      case 500...: self = .serverError(page.status)
      default:
        // The bookmark moved for good as far as the first redirects were permanent.
        let permanent = page.redirects.prefix { $0.isPermanent }
        if let last = permanent.last, (200..<300).contains(page.status) || page.status == 304 {
          self = .moved(to: last.location)
        } else {
          self = .ok
        }
      }
    }
  }
}
