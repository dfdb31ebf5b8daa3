import PropertyLists

/// A URL as Cloudy accepts it: a scheme, a host and the rest, with no spaces or controls.
///
/// Parsing is deliberately small and strict about the parts a bookmark needs (a scheme
/// and a host) and lenient about the rest (path, query and fragment are kept verbatim,
/// Unicode included). A URL typed without a scheme (`www.example.com`) gets `https://`.
public struct BookmarkURL: Hashable, Sendable {
  /// The URL text to store and show: what was typed, trimmed, with a scheme added if missing.
  public let text: String
  /// The scheme as typed (`https`).
  public let scheme: String
  /// The host as typed, without brackets for IPv6 literals.
  public let host: String
  /// The port, if one was given.
  public let port: Int?
  /// Everything after the authority: path, query and fragment, verbatim.
  public let rest: String

  /// Parses typed text into a URL or the one reason it is not one.
  public static func parse(_ input: String) -> Result<BookmarkURL, URLProblem> {
    if let url = parsePlainASCIIWebURL(input) { return .success(url) }
    return parseScalars(input)
  }

  /// ``parse(_:)`` scalar by scalar, for any text.
  static func parseScalars(_ input: String) -> Result<BookmarkURL, URLProblem> {
    let trimmed = input.trimmingWhitespace()
    if trimmed.isEmpty { return .failure(.empty) }
    for scalar in trimmed.unicodeScalars {
      if scalar.isASCII {
        // Fast path (Unicode property lookups are slow): controls, then the space.
        if scalar.value < 0x20 || scalar.value == 0x7F { return .failure(.containsControlCharacter) }
        if scalar == " " { return .failure(.containsSpace) }
        continue
      }
      switch scalar.properties.generalCategory {
      case .control: return .failure(.containsControlCharacter)
      case .format, .unassigned, .privateUse, .surrogate: return .failure(.containsInvisibleCharacter)
      default: if scalar.properties.isWhitespace { return .failure(.containsSpace) }
      }
      if scalar.properties.isNoncharacterCodePoint { return .failure(.containsInvisibleCharacter) }
    }
    var text = trimmed
    var scheme = "https"
    var afterScheme = Substring(trimmed)
    if let colon = trimmed.firstIndex(of: ":"), trimmed[colon...].hasPrefix("://"), isScheme(trimmed[..<colon]) {
      scheme = String(trimmed[..<colon])
      afterScheme = trimmed[trimmed.index(colon, offsetBy: 3)...]
    } else if let colon = trimmed.firstIndex(of: ":"), isScheme(trimmed[..<colon]), !trimmed[..<colon].contains("."),
      !isPort(after: colon, in: trimmed)
    {
      // `mailto:…`, `about:blank`: a scheme without a host, not a host name to prefix.
      return .failure(.missingHost)
    } else {
      // A combining mark first would join the `/` of `https://`, and the stored text would
      // no longer read as a URL with a host (fuzzing found `\u{309}@e`).
      if startsWithMark(Substring(trimmed)) { return .failure(.invalidHost(trimmed)) }
      text = "https://" + trimmed
    }
    let authorityEnd = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? afterScheme.endIndex
    var authority = afterScheme[..<authorityEnd]
    let rest = String(afterScheme[authorityEnd...])
    if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }

    let hostPart: Substring
    var portText: Substring?
    if authority.hasPrefix("[") {
      guard let close = authority.firstIndex(of: "]") else { return .failure(.invalidHost(String(authority))) }
      hostPart = authority[authority.index(after: authority.startIndex)..<close]
      let tail = authority[authority.index(after: close)...]
      if tail.hasPrefix(":") {
        portText = tail.dropFirst()
      } else if !tail.isEmpty {
        return .failure(.invalidHost(String(authority)))
      }
      if hostPart.filter({ $0 == ":" }).count < 2 || !hostPart.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) {
        return .failure(.invalidHost(String(authority)))
      }
    } else {
      if let colon = authority.lastIndex(of: ":") {
        hostPart = authority[..<colon]
        portText = authority[authority.index(after: colon)...]
      } else {
        hostPart = authority
      }
      if hostPart.isEmpty {
        return scheme.lowercased() == "file" && portText == nil
          ? .success(BookmarkURL(text: text, scheme: scheme, host: "", port: nil, rest: rest))
          : .failure(.missingHost)
      }
      if !isHostName(hostPart) { return .failure(.invalidHost(String(hostPart))) }
    }
    var port: Int?
    if let portText, !portText.isEmpty {
      guard portText.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(portText), value <= 65535 else {
        return .failure(.invalidPort(String(portText)))
      }
      port = value
    }
    return .success(BookmarkURL(text: text, scheme: scheme, host: String(hostPart), port: port, rest: rest))
  }

  /// The one URL normaliser: a key under which two URLs that lead to the same place compare
  /// equal. Add, edit and import (and later sync) find duplicates with it; the URL itself
  /// is always stored and shown as given.
  ///
  /// Rules: scheme and host are lower-cased, and a host with letters beyond ASCII is compared
  /// in Punycode (`bücher.example` is `xn--bcher-kva.example`); the scheme's default port is dropped (`http`
  /// 80, `https` 443, `ftp` 21, `ws` 80, `wss` 443); an empty path is `/`, and any other
  /// trailing slash is kept (`/docs` and `/docs/` may be different pages); path, query and
  /// fragment are compared as written. Text that does not parse as a URL with a host
  /// (`javascript:…`, `place:…`) is trimmed and its scheme lower-cased, nothing more.
  public static func comparisonKey(_ text: String) -> String {
    asciiComparisonKey(text) ?? parsedComparisonKey(text)
  }

  /// ``comparisonKey(_:)`` by way of ``parse(_:)``: the definition the fast path must match.
  static func parsedComparisonKey(_ text: String) -> String {
    guard case .success(let url) = parse(text) else { return nonWebKey(text) }
    let scheme = url.scheme.lowercased()
    let port = url.port.flatMap { $0 == defaultPorts[scheme] ? nil : ":\($0)" } ?? ""
    let rest = url.rest.isEmpty || url.rest.hasPrefix("?") || url.rest.hasPrefix("#") ? "/" + url.rest : url.rest
    let host =
      if url.host.contains(":") {
        "[\(url.host.lowercased())]"
      } else if url.host.utf8.allSatisfy({ $0 < 0x80 }) {
        url.host.lowercased()
      } else {
        Punycode.asciiHost(url.host) ?? url.host.lowercased()
      }
    return "\(scheme)://\(host)\(port)\(rest)"
  }

  static let defaultPorts = ["http": 80, "https": 443, "ftp": 21, "ws": 80, "wss": 443]

  private static func nonWebKey(_ text: String) -> String {
    let trimmed = text.trimmingWhitespace()
    guard let colon = trimmed.firstIndex(of: ":"), isScheme(trimmed[..<colon]) else { return trimmed }
    return trimmed[..<colon].lowercased() + trimmed[colon...]
  }

  /// ``parse(_:)`` for the common case, decided on the bytes: printable ASCII with no space,
  /// a scheme and `://`, a host name and at most a five-digit port that fits — exactly what
  /// the full parse accepts for such text, with the same parts. Nil means "ask the full
  /// parse", not "refused". Importing or reading 100,000 bookmarks checks every URL, and
  /// this is most of them (Character-by-Character parsing was a seventh of an import).
  static func parsePlainASCIIWebURL(_ text: String) -> BookmarkURL? {
    let whole = text[...]
    let bytes = whole.utf8
    guard !bytes.isEmpty, bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }),
      let colon = bytes.firstIndex(of: UInt8(ascii: ":")), isASCIIScheme(bytes[..<colon]),
      whole[colon...].utf8.starts(with: "://".utf8)
    else { return nil }
    let afterScheme = whole[bytes.index(colon, offsetBy: 3)...]
    let authorityEnd =
      afterScheme.utf8.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
      ?? afterScheme.endIndex
    var authority = afterScheme[..<authorityEnd]
    if let at = authority.utf8.lastIndex(of: UInt8(ascii: "@")) {
      authority = authority[authority.utf8.index(after: at)...]
    }
    guard authority.utf8.first != UInt8(ascii: "[") else { return nil }
    var host = authority
    var port: Int?
    if let portColon = authority.utf8.lastIndex(of: UInt8(ascii: ":")) {
      host = authority[..<portColon]
      let portText = authority[authority.utf8.index(after: portColon)...]
      guard portText.utf8.count <= 5,
        portText.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
      else { return nil }
      if !portText.isEmpty {
        guard let value = Int(portText), value <= 65535 else { return nil }
        port = value
      }
    }
    guard !host.isEmpty, isASCIIHostName(host.utf8) else { return nil }
    return BookmarkURL(
      text: text, scheme: String(whole[..<colon]), host: String(host), port: port,
      rest: String(afterScheme[authorityEnd...]))
  }

  /// Whether ``parsePlainASCIIWebURL(_:)`` takes the text, decided on its bytes without
  /// making its parts: ``storageProblem(_:)`` asks only that, for every URL a store reads
  /// (making the parts was a fifth of reading 100,000 bookmarks from user defaults).
  static func isPlainASCIIWebURL(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      guard !bytes.isEmpty, bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }),
        let colon = bytes.firstIndex(of: UInt8(ascii: ":")), isASCIIScheme(bytes[..<colon]),
        bytes[colon...].starts(with: "://".utf8)
      else { return false }
      let afterScheme = bytes[(colon + 3)...]
      let authorityEnd =
        afterScheme.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
        ?? afterScheme.endIndex
      var authority = afterScheme[..<authorityEnd]
      if let at = authority.lastIndex(of: UInt8(ascii: "@")) { authority = authority[(at + 1)...] }
      guard authority.first != UInt8(ascii: "[") else { return false }
      var host = authority
      if let portColon = authority.lastIndex(of: UInt8(ascii: ":")) {
        host = authority[..<portColon]
        let port = authority[(portColon + 1)...]
        guard port.count <= 5, port.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
          port.reduce(0, { $0 * 10 + Int($1 - UInt8(ascii: "0")) }) <= 65535
        else { return false }
      }
      return !host.isEmpty && isASCIIHostName(host)
    }
  }

  /// ``isScheme(_:)`` on bytes: a letter, then letters, digits, `+`, `-` and `.`.
  private static func isASCIIScheme(_ bytes: some Collection<UInt8>) -> Bool {
    func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
    guard let first = bytes.first, isLetter(first) else { return false }
    return bytes.allSatisfy {
      isLetter($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-")
        || $0 == UInt8(ascii: ".")
    }
  }

  /// Whether what follows `host:` is a port: digits up to the path, query or fragment.
  private static func isPort(after colon: String.Index, in text: String) -> Bool {
    let rest = text[text.index(after: colon)...]
    let port = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    return !port.isEmpty && port.allSatisfy { $0.isASCII && $0.isNumber }
  }

  private static func isScheme(_ text: Substring) -> Bool {
    guard let first = text.first, first.isASCII, first.isLetter else { return false }
    return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
  }

  /// Host names: dot-separated labels of letters (any script), digits and inner hyphens. A
  /// label may not start with a combining mark (as IDNA says): after `https://` the mark
  /// would join the `/`, and the URL would no longer read as one with a host.
  private static func isHostName(_ host: Substring) -> Bool {
    if host.utf8.allSatisfy({ $0 < 0x80 }) { return isASCIIHostName(host.utf8) }
    let labels =
      host.hasSuffix(".")
      ? host.dropLast().split(separator: ".", omittingEmptySubsequences: false)
      : host.split(separator: ".", omittingEmptySubsequences: false)
    return labels.allSatisfy { label in
      !label.isEmpty && label.first != "-" && label.last != "-" && !startsWithMark(label)
        && label.allSatisfy {
          $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_"
            || $0.unicodeScalars.allSatisfy {
              $0.properties.generalCategory == .nonspacingMark || $0.properties.generalCategory == .spacingMark
            }
        }
    }
  }

  private static func startsWithMark(_ label: Substring) -> Bool {
    switch label.unicodeScalars.first?.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: true
    default: false
    }
  }

  /// ``isHostName(_:)`` for ASCII hosts, on bytes (Character properties are slow).
  static func isASCIIHostName<Bytes: BidirectionalCollection<UInt8>>(_ host: Bytes) -> Bool {
    let body = host.last == UInt8(ascii: ".") ? host.dropLast() : host[...]
    var labelLength = 0
    var previous: UInt8 = 0
    for byte in body {
      switch byte {
      case UInt8(ascii: "."):
        if labelLength == 0 || previous == UInt8(ascii: "-") { return false }
        labelLength = 0
      case UInt8(ascii: "-"):
        if labelLength == 0 { return false }
        labelLength += 1
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "_"):
        labelLength += 1
      default:
        return false
      }
      previous = byte
    }
    return labelLength > 0 && previous != UInt8(ascii: "-")
  }
}
