/// What the shelf takes, checked by every shelf before it writes (and by PostgreSQL's
/// constraints again): a name of 1 to 1,000 characters and a URL of 1 to 8,192, neither
/// with a control character, so no bookmark on the shelf can carry a terminal sequence.
public enum ShelfRules {
  public static let longestName = 1000
  public static let longestURL = 8192

  public static func check(name: String, url: String) throws {
    guard !name.isEmpty, name.count <= longestName else {
      throw ShelfError.invalid("A name on the team shelf has 1 to \(longestName) characters.")
    }
    guard !url.isEmpty, url.count <= longestURL else {
      throw ShelfError.invalid("A URL on the team shelf has 1 to \(longestURL) characters.")
    }
    guard !hasControl(name), !hasControl(url) else {
      throw ShelfError.invalid("A name or URL on the team shelf can't hold control characters.")
    }
  }

  static func hasControl(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
  }

  /// Text as searches compare it: lowercased, line breaks as spaces.
  public static func folded(_ text: String) -> String {
    String(text.lowercased().map { $0.isNewline ? " " : $0 })
  }
}
