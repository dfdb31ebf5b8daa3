/// The one rule for the URL a bookmark may hold, applied wherever a bookmark enters (the
/// dialog, `add`/`edit`, `import`, document files, the key-value store, the cloud) and again
/// where a URL leaves (`o`, `y`):
///
/// - The text is not empty and holds no control characters (C0, C1, DEL), no white space
///   inside it, and no invisible or formatting characters (bidi controls, zero-width
///   characters, unassigned and private-use code points).
/// - `http` and `https` URLs need a valid host (and port); only these are ever opened.
/// - A URL with any other scheme (`javascript:`, `place:`, `about:`, `mailto:`, `file:` …)
///   is kept as text, as browsers export it, and is copied but never opened.
extension BookmarkURL {
  /// The schemes Cloudy opens in a browser; URLs with them must have a host.
  public static let webSchemes: Set<String> = ["http", "https"]

  /// Accepts typed or imported text by the rule: the URL to store (trimmed; `https://`
  /// added when there is no scheme), or the one reason it is refused.
  public static func accept(_ input: String) -> Result<BookmarkURL, URLProblem> {
    switch parse(input) {
    case .success(let url): return .success(url)
    case .failure(.missingHost):
      // `javascript:…`, `place:…`: a scheme without a host is kept as text unless it is a web one.
      let trimmed = input.trimmingWhitespace()
      guard let colon = trimmed.firstIndex(of: ":"), isSchemeName(trimmed[..<colon]) else {
        return .failure(.missingHost)
      }
      let scheme = String(trimmed[..<colon])
      if webSchemes.contains(scheme.lowercased()) { return .failure(.missingHost) }
      return .success(
        BookmarkURL(text: trimmed, scheme: scheme, host: "", port: nil, rest: String(trimmed[colon...].dropFirst())))
    case .failure(let problem): return .failure(problem)
    }
  }

  /// Why stored or received text may not be a bookmark's URL, or `nil` when it may. Text
  /// that needs changing to be accepted (a missing scheme, white space around it) is kept:
  /// only what the rule forbids is refused.
  public static func storageProblem(_ text: String) -> URLProblem? {
    // `accept` trims white space, so a line break at either end is looked for here.
    if let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
      [first, last].contains(where: { $0.properties.generalCategory == .control })
    {
      return .containsControlCharacter
    }
    if case .failure(let problem) = accept(text) { return problem }
    return nil
  }

  /// Whether `o` may hand the URL to a browser: stored text that passes the rule, with a
  /// web scheme.
  public static func isOpenable(_ text: String) -> Bool {
    guard case .success(let url) = accept(text), url.text == text else { return false }
    return webSchemes.contains(url.scheme.lowercased())
  }

  private static func isSchemeName(_ text: Substring) -> Bool {
    guard let first = text.first, first.isASCII, first.isLetter else { return false }
    return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
  }
}
