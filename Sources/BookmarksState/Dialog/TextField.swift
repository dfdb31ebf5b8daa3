/// A single-line text field: the text as grapheme clusters and a cursor between them.
///
/// Editing keys follow readline: Ctrl-A/Ctrl-E move to the start/end, Ctrl-K deletes to
/// the end, Ctrl-U to the start, Ctrl-W and Alt-Backspace the word before the cursor, Alt-d
/// the word after it; Alt-b/Alt-f (and Ctrl-←/→) move by words. A paste is inserted with its
/// line breaks and other control characters removed.
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
    case .control("w"), .deleteWordBackward:
      let start = wordStartBeforeCursor()
      characters.removeSubrange(start..<cursor)
      cursor = start
    case .deleteWordForward: characters.removeSubrange(cursor..<wordEndAfterCursor())
    case .wordLeft: cursor = wordStartBeforeCursor()
    case .wordRight: cursor = wordEndAfterCursor()
    case .paste(let text):
      for character in text where !character.isNewline && !character.unicodeScalars.contains(where: Self.isControl) {
        insert(character)
      }
    default: return false
    }
    return true
  }

  /// Where the word before the cursor starts: past the spaces before the cursor, then the
  /// word before them.
  private func wordStartBeforeCursor() -> Int {
    var start = cursor
    while start > 0, characters[start - 1].isWhitespace { start -= 1 }
    while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
    return start
  }

  /// Where the word after the cursor ends: past the spaces after the cursor, then the word.
  private func wordEndAfterCursor() -> Int {
    var end = cursor
    while end < characters.count, characters[end].isWhitespace { end += 1 }
    while end < characters.count, !characters[end].isWhitespace { end += 1 }
    return end
  }

  /// C0 and C1 controls and DEL: never part of pasted text.
  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
