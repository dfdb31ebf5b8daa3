/// The piece of a kept text around a search's match: the first line whose folded form holds
/// the query, cut to a few words either side, with `…` where it was cut.
enum ArchiveSnippet {
  static let before = 40
  static let after = 80

  static func around(_ folded: String, in text: String, fold: (String) -> String) -> String {
    for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
      guard fold(String(line)).contains(folded) else { continue }
      // Where the match ends: fold the line a character at a time (the fold goes scalar by
      // scalar, so the pieces add up to the whole) until the query is in it. A fold keeps
      // about one character for one, so the match starts about its length before.
      let characters = Array(line)
      var foldedSoFar = ""
      var start = 0
      for (offset, character) in characters.enumerated() {
        foldedSoFar += fold(String(character))
        // Only the end can hold a match that ends here (a long paragraph stays linear).
        if foldedSoFar.suffix(4 * folded.count + 8).contains(folded) {
          start = max(0, offset + 1 - folded.count)
          break
        }
      }
      let from = max(0, start - before)
      let to = min(characters.count, start + after)
      var snippet = String(characters[from..<to])
      if from > 0 { snippet = "…" + snippet }
      if to < characters.count { snippet += "…" }
      return snippet
    }
    return ""
  }
}
