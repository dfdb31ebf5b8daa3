import PropertyLists

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
  /// that needs changing to be accepted (a missing scheme, spaces around it) is kept: only
  /// what the rule forbids is refused.
  ///
  /// Every character is checked: ``accept(_:)`` checks the ones it keeps, and the white space
  /// it trims from either end is checked here, where only a space may be (a line break or
  /// another control is refused wherever it is: `" \nhttps://…"`).
  public static func storageProblem(_ text: String) -> URLProblem? {
    if isPlainASCIIWebURL(text) { return nil }
    let scalars = text.unicodeScalars
    if let problem = edgeProblem(scalars.prefix { $0.properties.isWhitespace })
      ?? edgeProblem(scalars.reversed().prefix { $0.properties.isWhitespace })
    {
      return problem
    }
    if case .failure(let problem) = accept(text) { return problem }
    return nil
  }

  /// What is wrong with white space ``accept(_:)`` trims away, if anything: any but a space
  /// (`Zs`: U+0020, no-break and ideographic spaces) is a control or a line break.
  private static func edgeProblem(_ whiteSpace: some Sequence<Unicode.Scalar>) -> URLProblem? {
    for scalar in whiteSpace {
      switch scalar.properties.generalCategory {
      case .spaceSeparator: continue
      case .control: return .containsControlCharacter
      default: return .containsSpace  // the line and paragraph separators
      }
    }
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
