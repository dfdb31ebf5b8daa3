/// The piece of a kept text around a search's match: the first line whose folded form holds
/// the query, cut to a few words either side, with `…` where it was cut.
enum ArchiveSnippet {
  static let before = 40
  static let after = 80

  /// The snippet of the first line of `text` whose folded form holds `folded`, each line
  /// folded in turn; empty when none does.
  static func around(_ folded: String, in text: String, fold: (String) -> String) -> String {
    let needle = Array(folded.utf8)
    for line in text.split(separator: "\n", omittingEmptySubsequences: true)
    where occurs(needle, in: Array(fold(String(line)).utf8)) {
      return snippet(of: folded, in: String(line), fold: fold)
    }
    return ""
  }

  /// Whether `needle` occurs in `bytes` (folded text compared byte for byte: Foundation's
  /// `contains` folded it again, a character cluster at a time).
  static func occurs(_ needle: [UInt8], in bytes: ArraySlice<UInt8>) -> Bool {
    guard let first = needle.first, bytes.count >= needle.count else { return needle.isEmpty }
    var index = bytes.startIndex
    while index + needle.count <= bytes.endIndex {
      if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) { return true }
      index += 1
    }
    return false
  }

  static func occurs(_ needle: [UInt8], in bytes: [UInt8]) -> Bool { occurs(needle, in: bytes[...]) }

  /// `line` (whose folded form holds `folded`) cut to a few words either side of the match.
  static func snippet(of folded: String, in line: String, fold: (String) -> String) -> String {
    // Where the match ends: fold the line a character at a time (the fold goes scalar by
    // scalar, so the pieces add up to the whole) until the query is in it. A fold keeps
    // about one character for one, so the match starts about its length before.
    let characters = Array(line)
    let needle = Array(folded.utf8)
    var foldedSoFar: [UInt8] = []
    var start = 0
    for (offset, character) in characters.enumerated() {
      foldedSoFar += fold(String(character)).utf8
      // Only the end can hold a match that ends here (a long paragraph stays linear).
      if occurs(needle, in: foldedSoFar.suffix(4 * needle.count + 8)) {
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
