import PropertyLists

/// What the user typed for a new or edited bookmark, before validation.
public struct BookmarkDraft: Hashable, Sendable {
  public var name: String
  public var url: String

  public init(name: String, url: String) {
    self.name = name
    self.url = url
  }

  /// Validates the draft by the one URL rule (``BookmarkURL/accept(_:)``; a missing scheme
  /// becomes `https://`); an empty name becomes the URL's host, or the URL when it has none.
  ///
  /// `unchangedURL` is the URL the bookmark already has: when the draft's URL is exactly
  /// that (a rename), it is kept verbatim and not checked again.
  public func validated(unchangedURL: String? = nil) -> Result<BookmarkDraft, URLProblem> {
    if let unchangedURL, url == unchangedURL {
      return .success(BookmarkDraft(name: Self.name(name, orDefaultFor: url), url: url))
    }
    switch BookmarkURL.accept(url) {
    case .failure(let problem):
      return .failure(problem)
    case .success(let parsed):
      let trimmedName = name.trimmingWhitespace()
      let fallback = parsed.host.isEmpty ? parsed.text : parsed.host
      return .success(BookmarkDraft(name: trimmedName.isEmpty ? fallback : trimmedName, url: parsed.text))
    }
  }

  /// `name` trimmed, or when it is empty the default for `url`: its host, else the URL.
  public static func name(_ name: String, orDefaultFor url: String) -> String {
    let trimmed = name.trimmingWhitespace()
    if !trimmed.isEmpty { return trimmed }
    if case .success(let parsed) = BookmarkURL.parse(url), !parsed.host.isEmpty { return parsed.host }
    return url.trimmingWhitespace()
  }
}
