import AsyncHTTPClient

/// The proxy from `https_proxy` (or `http_proxy`, either case), and the hosts `no_proxy`
/// keeps away from it. The proxy's password stays in the client's configuration: it never
/// reaches an error message.
struct ProxySettings {
  var server: HTTPClient.Configuration.Proxy?
  private var exceptions: [String] = []

  init(environment: [String: String]) {
    func value(_ name: String) -> String? {
      let found = environment[name] ?? environment[name.uppercased()]
      return found?.isEmpty == false ? found : nil
    }
    exceptions =
      (value("no_proxy") ?? "").split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces).lowercased()
      }.filter { !$0.isEmpty }
    guard let text = value("https_proxy") ?? value("http_proxy") ?? value("all_proxy") else { return }
    server = Self.parse(text)
  }

  /// Whether a request to `host` goes through the proxy.
  func applies(to host: String) -> Bool {
    let host = host.lowercased()
    for exception in exceptions {
      if exception == "*" { return false }
      let domain = exception.hasPrefix(".") ? String(exception.dropFirst()) : exception
      let bare = domain.split(separator: ":").first.map(String.init) ?? domain
      if host == bare || host.hasSuffix("." + bare) { return false }
    }
    return true
  }

  /// `http://user:secret@proxy.example:3128` → host, port and basic authorization.
  private static func parse(_ text: String) -> HTTPClient.Configuration.Proxy? {
    var rest = Substring(text)
    if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
    if let slash = rest.firstIndex(of: "/") { rest = rest[..<slash] }
    var authorization: HTTPClient.Authorization?
    if let at = rest.lastIndex(of: "@") {
      let credentials = rest[..<at].split(separator: ":", maxSplits: 1)
      let user = credentials.first.map { String($0).removingPercentEncoding ?? String($0) } ?? ""
      let password = credentials.count > 1 ? (String(credentials[1]).removingPercentEncoding ?? "") : ""
      authorization = .basic(username: user, password: password)
      rest = rest[rest.index(after: at)...]
    }
    let hostPort = rest.split(separator: ":")
    guard let host = hostPort.first, !host.isEmpty else { return nil }
    let port = hostPort.count > 1 ? Int(hostPort[1]) ?? 8080 : 8080
    return .server(host: String(host), port: port, authorization: authorization)
  }
}
