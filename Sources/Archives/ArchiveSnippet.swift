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
    let needle = Array(folded.utf8)
    func holds(_ line: Substring) -> Bool { occurs(needle, in: Array(fold(String(line)).utf8)) }
    if let foldedText, let number = lineNumber(of: folded, in: foldedText), let line = line(number, of: text),
      holds(line)
    {
      return snippet(of: folded, in: line, fold: fold)
    }
    for line in text.split(separator: "\n", omittingEmptySubsequences: true) where holds(line) {
      return snippet(of: folded, in: line, fold: fold)
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

  /// The number of the line (from 0) of `text` where `query` first occurs, by bytes: both are
  /// folded the same way.
  static func lineNumber(of query: String, in text: String) -> Int? {
    let needle = Array(query.utf8)
    guard let first = needle.first else { return nil }
    return text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
      var line = 0
      var index = 0
      while index + needle.count <= bytes.count {
        let byte = bytes[index]
        if byte == 0x0A {
          line += 1
        } else if byte == first, bytes[index..<index + needle.count].elementsEqual(needle) {
          return line
        }
        index += 1
      }
      return nil
    } ?? nil
  }

  /// The `number`th non-empty line of `text` (from 0), found by its bytes.
  static func line(_ number: Int, of text: String) -> Substring? {
    var count = 0
    var start = text.utf8.startIndex
    var index = start
    while index < text.utf8.endIndex {
      if text.utf8[index] == 0x0A {
        if index > start {
          if count == number { return text[start..<index] }
          count += 1
        }
        start = text.utf8.index(after: index)
      }
      index = text.utf8.index(after: index)
    }
    return start < text.utf8.endIndex && count == number ? text[start...] : nil
  }

  private static func snippet(of folded: String, in line: Substring, fold: (String) -> String) -> String {
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
