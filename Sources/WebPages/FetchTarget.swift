import BookmarkModel

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
    return false
  }

  private static func ipv4(_ text: String) -> [UInt8]? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 4 else { return nil }
    let bytes = parts.compactMap { UInt8($0) }
    return bytes.count == 4 ? bytes : nil
  }

  private static func isPrivate(ipv6Text text: String) -> Bool {
    if text == "::1" || text == "::" { return true }
    if text.hasPrefix("fc") || text.hasPrefix("fd") || text.hasPrefix("fe8") || text.hasPrefix("fe9")
      || text.hasPrefix("fea") || text.hasPrefix("feb")
    {
      return true
    }
    if text.hasPrefix("::ffff:"), let bytes = ipv4(String(text.dropFirst(7))) { return isPrivate(ipv4: bytes) }
    return false
  }
}
