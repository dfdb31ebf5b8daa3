import Foundation

/// The piece of a kept text around a search's match: the first line whose folded form holds
/// the query, cut to a few words either side, with `…` where it was cut.
enum ArchiveSnippet {
  static let before = 40
  static let after = 80

  /// `foldedText` is the text as the index folded it, one line for each non-empty line of
  /// `text`: the matching line is found there, and only that line is folded again (folding
  /// every line of every hit was most of a search's time). Without it, or if it does not
  /// agree with `text`, each line is folded in turn.
  static func around(_ folded: String, in text: String, foldedText: String?, fold: (String) -> String) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
    if let foldedText, let match = foldedText.range(of: folded) {
      let number = foldedText[..<match.lowerBound].utf8.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
      if lines.indices.contains(number), fold(String(lines[number])).contains(folded) {
        return snippet(of: folded, in: lines[number], fold: fold)
      }
    }
    for line in lines where fold(String(line)).contains(folded) {
      return snippet(of: folded, in: line, fold: fold)
    }
    return ""
  }

  private static func snippet(of folded: String, in line: Substring, fold: (String) -> String) -> String {
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
}
