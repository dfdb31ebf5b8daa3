import Foundation
import Glibc
import WebPages

/// A host's addresses from the system resolver, looked up on a thread of its own (the
/// resolver blocks), so a fetch can tell "no such host" and see a private target before
/// connecting.
struct HostAddresses {
  var ipv4: [[UInt8]] = []
  var ipv6: [[UInt8]] = []

  var isPrivate: Bool {
    ipv4.contains(where: FetchTarget.isPrivate(ipv4:)) || ipv6.contains(where: FetchTarget.isPrivate(ipv6:))
  }

  /// The addresses, or nil when the name does not resolve.
  static func resolve(_ host: String, port: Int?) async -> HostAddresses? {
    let name = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    return await withCheckedContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(returning: lookUp(name)) }
    }
  }

  private static func lookUp(_ name: String) -> HostAddresses? {
    var hints = addrinfo()
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var list: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(name, nil, &hints, &list) == 0, let list else { return nil }
    defer { freeaddrinfo(list) }
    var addresses = HostAddresses()
    var entry: UnsafeMutablePointer<addrinfo>? = list
    while let current = entry {
      if let address = current.pointee.ai_addr {
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
          address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
            withUnsafeBytes(of: $0.pointee.sin_addr) { addresses.ipv4.append(Array($0)) }
          }
        case AF_INET6:
          address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
            withUnsafeBytes(of: $0.pointee.sin6_addr) { addresses.ipv6.append(Array($0)) }
          }
        default: break
        }
      }
      entry = current.pointee.ai_next
    }
    return addresses
  }
}
