/// A key press, decoded from the terminal into what it means.
public enum Key: Hashable, Sendable {
  /// A printable character (letters, digits, punctuation, CJK, emoji …).
  case character(Character)
  /// Control plus a letter, as the lower-case letter: `.control("a")` is Ctrl-A.
  case control(Character)
  /// Alt (Meta) plus a character the app gives no meaning of its own: it is ignored, never
  /// taken as Esc followed by the character.
  case alt(Character)
  case up, down, left, right
  case pageUp, pageDown, home, end
  case enter, escape, tab, backTab, backspace, delete
  /// Alt-b, Ctrl-←: the cursor to the start of the word before it.
  case wordLeft
  /// Alt-f, Ctrl-→: the cursor past the end of the word after it.
  case wordRight
  /// Alt-Backspace: deletes the word before the cursor.
  case deleteWordBackward
  /// Alt-d: deletes the word after the cursor.
  case deleteWordForward
  /// A function key, F1 … F12.
  case function(Int)
  /// Text the terminal delivered as one bracketed paste, line breaks already removed.
  case paste(String)
  /// A key with no meaning here (Insert, unknown escape sequences …): it still closes help
  /// and cancels a confirmation, as "any key" promises.
  case other
}
