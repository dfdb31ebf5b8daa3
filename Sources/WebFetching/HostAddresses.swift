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

  /// What looking a host up found.
  enum Resolution {
    case found(HostAddresses)
    case noSuchHost
    /// The resolver could not say (no network, no DNS server answering, EAI_AGAIN).
    case failed
    /// The resolver did not answer in time (no network, a DNS server that went away): the
    /// lookup goes on on its thread, but nobody waits for it.
    case timedOut
  }

  /// The host's addresses, waiting at most `timeout` for the resolver.
  static func resolve(_ host: String, within timeout: Duration) async -> Resolution {
    let name = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    let answer = Answer()
    Thread.detachNewThread { answer.give(lookUp(name)) }
    return await withTaskGroup(of: Resolution?.self) { group in
      group.addTask { await answer.value() }
      group.addTask {
        try? await Task.sleep(for: timeout)
        return .timedOut
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      answer.give(.timedOut)
      return first ?? .timedOut
    }
  }

  /// The resolver's answer, given once, awaited by at most one task.
  private final class Answer: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Resolution?
    private var waiter: CheckedContinuation<Resolution, Never>?

    func give(_ resolution: Resolution) {
      let waiting: CheckedContinuation<Resolution, Never>? = lock.withLock {
        guard result == nil else { return nil }
        result = resolution
        defer { waiter = nil }
        return waiter
      }
      waiting?.resume(returning: resolution)
    }

    func value() async -> Resolution {
      await withCheckedContinuation { continuation in
        let ready: Resolution? = lock.withLock {
          if let result { return result }
          waiter = continuation
          return nil
        }
        if let ready { continuation.resume(returning: ready) }
      }
    }
  }

  /// The lookup itself, on a thread of its own: `getaddrinfo` blocks, and a lookup that never
  /// returns must not hold a thread other work needs.
  private static func lookUp(_ name: String) -> Resolution {
    var hints = addrinfo()
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(name, nil, &hints, &list)
    // Only "no such name" and "no address for it" (EAI_NODATA, -5 in glibc, which Swift's
    // Glibc module does not export) say the host does not exist.
    if status == EAI_NONAME || status == -5 { return .noSuchHost }
    guard status == 0, let list else { return .failed }
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
    return .found(addresses)
  }
}
