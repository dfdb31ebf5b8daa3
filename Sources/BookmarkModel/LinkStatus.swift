import Foundation

/// What checking a bookmark's link found (`cloudy check`, `C` in the list).
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
  /// Nothing is known: the check was stopped, the network is down, or the server asked to
  /// slow down. Never kept, never a mark.
  case unchecked(String)

  /// Whether the row gets the dead mark and `is:dead` finds it.
  public var isDead: Bool {
    switch self {
    case .ok, .moved, .notWeb, .unchecked: false
    default: true
    }
  }

  /// False for ``unchecked(_:)``: the check found nothing out, so nothing is kept or marked.
  public var isKnown: Bool {
    if case .unchecked = self { false } else { true }
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
    case .unchecked: "unchecked"
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
    case .failed(let reason), .unchecked(let reason): reason
    }
  }
}

extension LinkStatus: Codable {
  private enum Key: String, CodingKey { case status, code, url, reason }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    let label = try container.decode(String.self, forKey: .status)
    func code() throws -> Int { try container.decode(Int.self, forKey: .code) }
    func reason() -> String { (try? container.decode(String.self, forKey: .reason)) ?? "" }
    switch label {
    case "ok": self = .ok
    case "moved": self = .moved(to: try container.decode(String.self, forKey: .url))
    case "gone": self = .gone(try code())
    case "client-error": self = .clientError(try code())
    case "server-error": self = .serverError(try code())
    case "dns": self = .dnsFailure
    case "refused": self = .refused
    case "timeout": self = .timeout
    case "tls": self = .tlsError(reason())
    case "bad-redirect": self = .badRedirect(reason())
    case "not-web": self = .notWeb
    case "unchecked": self = .unchecked(reason())
    default: self = .failed(reason())
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(label, forKey: .status)
    switch self {
    case .moved(let url): try container.encode(url, forKey: .url)
    case .gone(let code), .clientError(let code), .serverError(let code): try container.encode(code, forKey: .code)
    case .tlsError(let reason), .badRedirect(let reason), .failed(let reason), .unchecked(let reason):
      try container.encode(reason, forKey: .reason)
    default: break
    }
  }
}

/// A link check of one bookmark on this device: the URL checked, what was found, and when.
/// It stands for the bookmark only while its URL is still the one checked.
public struct LinkCheck: Hashable, Sendable, Codable {
  public var url: String
  public var status: LinkStatus
  public var checked: Date

  public init(url: String, status: LinkStatus, checked: Date) {
    self.url = url
    self.status = status
    self.checked = checked
  }
}
