/// A key press, decoded from the terminal into what it means.
public enum Key: Hashable, Sendable {
  /// A printable character (letters, digits, punctuation, CJK, emoji …).
  case character(Character)
  /// Control plus a letter, as the lower-case letter: `.control("a")` is Ctrl-A.
  case control(Character)
  case up, down, left, right
  case pageUp, pageDown, home, end
  case enter, escape, tab, backTab, backspace, delete
  /// A key with no meaning here (F-keys, Insert …): it still closes help and cancels a
  /// confirmation, as "any key" promises.
  case other
}
