import BookmarkModel
import Glibc

/// Which URLs may be fetched: web URLs only, and a private address (loopback, the LAN,
/// link-local) only when the bookmark itself points at one — a page out on the internet
/// can't send Cloudy into the user's network with a redirect.
public enum FetchTarget {
  /// The scheme and host of a URL Cloudy may fetch, or nil.
  public static func web(_ url: String) -> BookmarkURL? {
    guard case .success(let parsed) = BookmarkURL.parse(url) else { return nil }
    let scheme = parsed.scheme.lowercased()
    guard scheme == "http" || scheme == "https", !parsed.host.isEmpty, url.contains("://") else { return nil }
    return parsed
  }

  /// The URL as a request sends it: the host in ASCII (Punycode for `bücher.example`), and
  /// any character beyond ASCII in the path, query or fragment percent-encoded as UTF-8.
  /// Nil for a URL that is not a web URL.
  public static func requestURL(_ url: String) -> String? {
    guard let parsed = web(url), let host = Punycode.asciiHost(parsed.host) else { return nil }
    let authority = parsed.host.contains(":") ? "[\(host)]" : host
    let port = parsed.port.map { ":\($0)" } ?? ""
    var rest = ""
    for byte in parsed.rest.utf8 {
      if byte < 0x80 {
        rest.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        rest += "%" + String(byte, radix: 16, uppercase: true)
      }
    }
    return parsed.scheme.lowercased() + "://" + authority + port + rest
  }

  /// Whether a host names a private address by its text: `localhost`, or an IPv4 or IPv6
  /// literal in a private, loopback, link-local or unspecified range.
  public static func isPrivate(host: String) -> Bool {
    let lowered = host.lowercased().trimmingCharacters(in: "[].")
    if lowered == "localhost" || lowered.hasSuffix(".localhost") { return true }
    if let bytes = ipv4(lowered) { return isPrivate(ipv4: bytes) }
    if lowered.contains(":") { return isPrivate(ipv6Text: lowered) }
    return false
  }

  /// Whether an IPv4 address is loopback, private, link-local, shared (CGNAT) or zero.
  public static func isPrivate(ipv4 bytes: [UInt8]) -> Bool {
    guard bytes.count == 4 else { return false }
    switch (bytes[0], bytes[1]) {
    case (0, _), (10, _), (127, _), (169, 254), (192, 168): return true
    case (172, 16...31), (100, 64...127): return true
    default: return false
    }
  }

  /// Whether an IPv6 address (16 bytes) is loopback, unspecified, unique-local, link-local,
  /// or an IPv4-mapped private one.
  public static func isPrivate(ipv6 bytes: [UInt8]) -> Bool {
    guard bytes.count == 16 else { return false }
    if bytes[0..<15].allSatisfy({ $0 == 0 }) { return bytes[15] <= 1 }
    if bytes[0] & 0xFE == 0xFC { return true }
    if bytes[0] == 0xFE, bytes[1] & 0xC0 == 0x80 { return true }
    if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
      return isPrivate(ipv4: Array(bytes[12..<16]))
    }
    // NAT64 (64:ff9b::/96) reaches the IPv4 address in its last four bytes.
    if bytes[0..<12] == [0x00, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0] {
      return isPrivate(ipv4: Array(bytes[12..<16]))
    }
    return false
  }

  /// An IPv4 address in any form a URL's host may take and the C library (so the HTTP
  /// client) accepts: `127.0.0.1`, `127.1`, `2130706433`, `0x7f.0.0.1`, `0177.0.0.1`.
  private static func ipv4(_ text: String) -> [UInt8]? {
    guard !text.isEmpty, text.allSatisfy({ $0.isHexDigit || $0 == "." || $0 == "x" }) else { return nil }
    var address = in_addr()
    guard inet_aton(text, &address) != 0 else { return nil }
    return withUnsafeBytes(of: address.s_addr) { Array($0) }
  }

  private static func isPrivate(ipv6Text text: String) -> Bool {
    var address = in6_addr()
    guard inet_pton(AF_INET6, text, &address) == 1 else { return false }
    return isPrivate(ipv6: withUnsafeBytes(of: address) { Array($0) })
  }

}
