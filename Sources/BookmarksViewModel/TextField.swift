/// A single-line text field: the text as grapheme clusters and a cursor between them.
///
/// Editing keys follow readline: Ctrl-A/Ctrl-E move to the start/end, Ctrl-K deletes to
/// the end, Ctrl-U to the start, Ctrl-W the word before the cursor.
public struct TextField: Hashable, Sendable {
  public private(set) var characters: [Character]
  /// The cursor's position, 0...characters.count.
  public private(set) var cursor: Int

  public init(_ text: String = "") {
    characters = Array(text)
    cursor = characters.count
  }

  public var text: String { String(characters) }

  /// Inserts a character at the cursor. A combining mark, variation selector or joiner
  /// that forms one grapheme with the character before the cursor is merged into it.
  public mutating func insert(_ character: Character) {
    if cursor > 0 {
      let merged = String(characters[cursor - 1]) + String(character)
      if merged.count == 1 {
        characters[cursor - 1] = merged.first!
        return
      }
    }
    characters.insert(character, at: cursor)
    cursor += 1
  }

  /// Applies an editing key; returns false if the key is not an editing key.
  public mutating func handle(_ key: Key) -> Bool {
    switch key {
    case .character(let character): insert(character)
    case .left: cursor = max(0, cursor - 1)
    case .right: cursor = min(characters.count, cursor + 1)
    case .home, .control("a"): cursor = 0
    case .end, .control("e"): cursor = characters.count
    case .backspace, .control("h"):
      if cursor > 0 {
        characters.remove(at: cursor - 1)
        cursor -= 1
      }
    case .delete, .control("d"):
      if cursor < characters.count { characters.remove(at: cursor) }
    case .control("k"): characters.removeSubrange(cursor...)
    case .control("u"):
      characters.removeSubrange(..<cursor)
      cursor = 0
    case .control("w"): deleteWordBackward()
    default: return false
    }
    return true
  }

  /// Deletes the spaces before the cursor, then the word before them (Ctrl-W).
  private mutating func deleteWordBackward() {
    var start = cursor
    while start > 0, characters[start - 1].isWhitespace { start -= 1 }
    while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
    characters.removeSubrange(start..<cursor)
    cursor = start
  }
}
