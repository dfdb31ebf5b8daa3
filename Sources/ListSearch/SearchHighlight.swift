/// Which characters of a row's text the words of a query match, so the row can mark them.
///
/// The text is folded character by character, as ``SearchIndex`` folds it, remembering which
/// character each folded byte came from; every occurrence of every word marks the characters
/// it spans.
package enum SearchHighlight {
  /// One flag per `Character` of `text`: true where a word of `words` (folded) matches.
  package static func marks(in text: String, words: [[UInt8]], folding: inout SearchFolding) -> [Bool] {
    let characters = Array(text)
    var marks = [Bool](repeating: false, count: characters.count)
    guard !words.isEmpty else { return marks }
    var folded: [UInt8] = []
    var owner: [Int] = []
    for (position, character) in characters.enumerated() {
      let bytes = folding.fold(String(character))
      folded += bytes
      owner += [Int](repeating: position, count: bytes.count)
    }
    for word in words where !word.isEmpty && word.count <= folded.count {
      for start in 0...(folded.count - word.count) where folded[start] == word[0] {
        guard folded[start..<start + word.count].elementsEqual(word) else { continue }
        for index in owner[start]...owner[start + word.count - 1] { marks[index] = true }
      }
    }
    return marks
  }
}
