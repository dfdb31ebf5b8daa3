import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A throwaway OpenSSH server on a free loopback port, for the current user.
///
/// Everything lives in a private folder under /tmp: a generated host key, a generated user
/// key, the authorized-keys file holding that key, the configuration and sshd's log. sshd runs
/// in the foreground as this process's child (`sshd -D -e -f CONFIG`), accepts only that
/// key, and is stopped by ``stop()`` (or when the object goes away).
final class SSHServer {
  static let sshdPath = "/usr/sbin/sshd"
  static let sshPath: String? = ["/usr/bin/ssh", "/usr/local/bin/ssh"].first(
    where: FileManager.default.isExecutableFile)
  static let keygenPath: String? = ["/usr/bin/ssh-keygen", "/usr/local/bin/ssh-keygen"].first(
    where: FileManager.default.isExecutableFile)

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  let folder: URL
  let port: Int
  let userKey: URL
  let log: URL
  /// The account the client logs in as: the one running the tests.
  let userName: String
  private var pid: ChildProcess.Started?

  /// Generates the keys and starts sshd; skips the test when OpenSSH isn't installed.
  init() throws {
    guard FileManager.default.isExecutableFile(atPath: Self.sshdPath), let keygen = Self.keygenPath,
      Self.sshPath != nil
    else {
      throw XCTSkip("OpenSSH's sshd, ssh and ssh-keygen are not installed (scripts/test installs openssh-server)")
    }
    guard let entry = getpwuid(getuid()), let name = entry.pointee.pw_name else {
      throw Failure(description: "can't tell who the current user is")
    }
    userName = String(cString: name)
    folder = URL(fileURLWithPath: "/tmp/cloudy-sshd-\(getpid())-\(UUID().uuidString.prefix(8).lowercased())")
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    userKey = folder.appendingPathComponent("user_key")
    log = folder.appendingPathComponent("sshd.log")
    let hostKey = folder.appendingPathComponent("host_key")
    for key in [hostKey, userKey] {
      let made = try ChildProcess.run(
        keygen, ["-q", "-t", "ed25519", "-N", "", "-C", "cloudy-test", "-f", key.path],
        environment: ["PATH": "/usr/bin:/bin"])
      guard made.status == 0 else {
        throw Failure(description: "ssh-keygen failed: \(made.stderr)")
      }
    }
    let authorized = folder.appendingPathComponent("authorized_keys")
    try FileManager.default.copyItem(at: folder.appendingPathComponent("user_key.pub"), to: authorized)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: authorized.path)
    // As root, sshd separates privileges into an unprivileged child and needs its empty
    // directory; Debian's service would make it at boot.
    if getuid() == 0 {
      try FileManager.default.createDirectory(
        atPath: "/run/sshd", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    }

    // A port that was free a moment ago can be taken before sshd binds it: try a few.
    var lastLog = ""
    for _ in 0..<3 {
      let port = try Self.freePort()
      let config = folder.appendingPathComponent("sshd_config")
      try """
      Port \(port)
      ListenAddress 127.0.0.1
      HostKey \(hostKey.path)
      PidFile none
      AuthorizedKeysFile \(authorized.path)
      StrictModes no
      UsePAM no
      PubkeyAuthentication yes
      PasswordAuthentication no
      KbdInteractiveAuthentication no
      PermitRootLogin prohibit-password
      AllowUsers \(userName)
      X11Forwarding no
      AllowTcpForwarding no
      AllowAgentForwarding no
      PermitTTY yes
      PrintMotd no
      PrintLastLog no

      """.write(to: config, atomically: true, encoding: .utf8)
      try? FileManager.default.removeItem(at: log)
      let pid = try ChildProcess.start(
        Self.sshdPath, ["-D", "-e", "-f", config.path], exactEnvironment: ["PATH": "/usr/sbin:/usr/bin:/bin"],
        log: log.path)
      let deadline = Date().addingTimeInterval(10)
      while Date() < deadline {
        lastLog = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        if lastLog.contains("Server listening on 127.0.0.1 port \(port)") {
          self.port = port
          self.pid = pid
          return
        }
        if pid.hasEnded { break }
        usleep(20_000)
      }
      pid.stop()
      lastLog = (try? String(contentsOf: log, encoding: .utf8)) ?? lastLog
    }
    try? FileManager.default.removeItem(at: folder)
    throw Failure(description: "sshd did not start listening; its log:\n\(lastLog)")
  }

  deinit { stop() }

  /// Stops sshd and removes its folder. Safe to call twice.
  func stop() {
    if let pid {
      pid.stop()
      self.pid = nil
      try? FileManager.default.removeItem(at: folder)
    }
  }

  /// What sshd has logged so far (connections accepted, errors).
  var logText: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

  /// `ssh` and its arguments to run `remote` (one word per element, quoted for the remote
  /// shell) on this server in a terminal (`-tt`), trusting the throwaway host key and
  /// reading no configuration of the user's.
  func sshArguments(running remote: [String]) -> (executable: String, arguments: [String]) {
    let quoted = remote.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
    return (
      Self.sshPath!,
      [
        "-F", "/dev/null", "-tt", "-p", "\(port)", "-i", userKey.path, "-l", userName,
        "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "BatchMode=yes",
        "-o", "IdentitiesOnly=yes", "-o", "LogLevel=ERROR", "127.0.0.1", quoted,
      ]
    )
  }

  /// A loopback TCP port nobody is listening on now (the kernel's pick for port 0).
  private static func freePort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw Failure(description: "socket() failed") }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Int32 in
        guard bind(fd, pointer, length) == 0 else { return -1 }
        return getsockname(fd, pointer, &length)
      }
    }
    guard bound == 0 else { throw Failure(description: "can't find a free port: \(String(cString: strerror(errno)))") }
    return Int(UInt16(bigEndian: address.sin_port))
  }
}
