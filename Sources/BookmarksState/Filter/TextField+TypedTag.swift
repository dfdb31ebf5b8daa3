extension TextField {
  /// The tag being typed at the end of a filter's query, after its `#` (`-#` too), with the
  /// cursor at the end; nil when the last term is not a tag.
  package var typedTag: String? {
    guard cursor == characters.count else { return nil }
    guard let lastCharacter = characters.last, lastCharacter != " " else { return nil }
    let last = text.split(separator: " ").last.map { String($0) } ?? ""
    if last.hasPrefix("#") { return String(last.dropFirst()) }
    if last.hasPrefix("-#") { return String(last.dropFirst(2)) }
    return nil
  }
}
