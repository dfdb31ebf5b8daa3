/// What the user typed for a new or edited bookmark, before validation.
public struct BookmarkDraft: Hashable, Sendable {
  public var name: String
  public var url: String

  public init(name: String, url: String) {
    self.name = name
    self.url = url
  }

  /// Validates the draft: the URL must parse (a missing scheme becomes `https://`),
  /// and an empty name becomes the URL's host.
  public func validated() -> Result<BookmarkDraft, URLProblem> {
    switch BookmarkURL.parse(url) {
    case .failure(let problem):
      return .failure(problem)
    case .success(let parsed):
      let trimmedName = name.trimmingWhitespace()
      return .success(BookmarkDraft(name: trimmedName.isEmpty ? parsed.host : trimmedName, url: parsed.text))
    }
  }
}

extension String {
  /// The string without leading and trailing white space (spaces, tabs, newlines).
  public func trimmingWhitespace() -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
    let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
    return String(scalars[first...last])
  }
}
