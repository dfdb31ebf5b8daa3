import Foundation

/// The web the title and link tests see: `Tests/WebFixtures/fixture_server.py` on 127.0.0.1,
/// one path a case, with an HTTPS twin whose certificate is self-signed (made here by
/// openssl). Tests never reach the internet.
public final class WebFixtureServer: Sendable {
  public let port: Int
  public let tlsPort: Int
  /// A CONNECT proxy that records what it tunnels (`GET /tunnels` on it lists them).
  public let proxyPort: Int
  private let process: ChildProcess.Started
  private let folder: TemporaryFolder

  public init() throws {
    folder = try TemporaryFolder()
    let certificate = folder.file("cert.pem")
    let key = folder.file("key.pem")
    let made = try ChildProcess.run(
      "/usr/bin/env",
      [
        "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
        "-keyout", key, "-out", certificate,
      ], environment: ChildProcess.inherited(plus: [:]))
    guard made.status == 0 else { throw ChildProcess.Failure(description: "openssl failed: \(made.stderr)") }
    let log = folder.file("ports")
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("WebFixtures/fixture_server.py").path
    process = try ChildProcess.start("/usr/bin/env", ["python3", script, "--tls", certificate, key], log: log)
    let deadline = Date().addingTimeInterval(20)
    var ports: [String: Int] = [:]
    while ports.count < 3 {
      guard Date() < deadline, !process.hasEnded else {
        process.stop()
        throw ChildProcess.Failure(description: "the web fixture server did not start")
      }
      usleep(20_000)
      let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      for line in text.split(separator: "\n") {
        let parts = line.split(separator: " ")
        if parts.count == 2, let port = Int(parts[1]) { ports[String(parts[0])] = port }
      }
    }
    port = ports["http"]!
    tlsPort = ports["https"]!
    proxyPort = ports["proxy"]!
  }

  /// `http://127.0.0.1:PORT/path`.
  public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

  /// `https://127.0.0.1:TLSPORT/path`.
  public func secureURL(_ path: String) -> String { "https://127.0.0.1:\(tlsPort)\(path)" }

  /// Lets `/title/held/KEY` answer (it waits until this is called).
  public func release(_ key: String) throws {
    let released = try ChildProcess.run(
      "/usr/bin/env",
      [
        "python3", "-c", "import sys, urllib.request; urllib.request.urlopen(sys.argv[1]).read()",
        url("/release/\(key)"),
      ],
      environment: ChildProcess.inherited(plus: [:]))
    guard released.status == 0 else { throw ChildProcess.Failure(description: "release failed: \(released.stderr)") }
  }

  public func stop() {
    process.stop()
    folder.remove()
  }
}
