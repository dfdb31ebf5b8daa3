/// One line of a screen's key table: the keys it accepts (none for filter syntax, which is
/// typed rather than pressed), how they are written and what they do.
///
/// Each screen other than the list has such a table; the help overlay lists every entry of
/// every table, so nothing a screen accepts is missing from the help.
public struct ScreenKey: Hashable, Sendable {
  public var keys: [Key]
  /// How the keys (or the syntax) are written in the help, e.g. `Enter r`.
  public var label: String
  public var summary: String

  public init(_ keys: [Key], _ label: String, _ summary: String) {
    self.keys = keys
    self.label = label
    self.summary = summary
  }
}

extension KeyBindings {
  /// The Add/Edit dialog's keys.
  public static let dialog: [ScreenKey] = [
    ScreenKey([.tab, .backTab, .up, .down], "Tab ↑ ↓", "Next/previous field"),
    ScreenKey([.enter, .escape], "Enter Esc", "Save; cancel"),
    ScreenKey([.right], "→", "Take the suggestion"),
    ScreenKey(
      [.control("a"), .control("e"), .control("k"), .control("u"), .control("w")], "^A ^E ^K ^U ^W",
      "Line editing"),
    ScreenKey(
      [.wordLeft, .wordRight, .deleteWordForward, .deleteWordBackward], "M-b M-f M-d M-⌫", "Words: move, delete"),
  ]

  /// The filter's keys while its query is typed, and what the query understands.
  public static let filter: [ScreenKey] = [
    ScreenKey([.enter, .escape], "Enter Esc", "Keep; clear filter"),
    ScreenKey([.right], "→", "Complete a #tag"),
    ScreenKey([], "word", "Anywhere in a row"),
    ScreenKey([], "\"a phrase\"", "Words as typed"),
    ScreenKey([], "#tag", "Has the tag"),
    ScreenKey([], "in:Dev/Go", "In that folder"),
    ScreenKey([], "-word", "Leaves out matches"),
    ScreenKey([], "is:dead", "Dead link (C)"),
    ScreenKey([], "is:moved", "Moved link"),
    ScreenKey([], "is:conflict", "In conflict (⚠)"),
    ScreenKey([], "text:word", "In the kept page (W)"),
  ]

  /// Resolve's keys, and its merge's.
  public static let resolve: [ScreenKey] = [
    ScreenKey([.up, .down, .tab, .backTab, .character("k"), .character("j")], "↑ ↓ Tab", "Choose a version"),
    ScreenKey([.enter], "Enter", "Keep; merge: save"),
    ScreenKey([.character("b")], "b", "Keep both"),
    ScreenKey([.character("m")], "m", "Merge by field"),
    ScreenKey([.left, .right, .character("h"), .character("l"), .character(" ")], "← → Space", "Merge: take from"),
    ScreenKey([.escape, .character("q")], "Esc q", "Close; merge: back"),
  ]

  /// Recently Deleted's keys.
  public static let recentlyDeleted: [ScreenKey] = [
    ScreenKey(
      [
        .up, .down, .character("k"), .character("j"), .pageUp, .pageDown, .home, .end, .character("g"), .character("G"),
      ],
      "↑ ↓ PgUp g G", "Choose"),
    ScreenKey([.enter, .character("r")], "Enter r", "Restore"),
    ScreenKey([.character("d"), .delete, .character("x")], "d Del x", "Delete for good"),
    ScreenKey([.character("E")], "E", "Empty: delete all"),
    ScreenKey([.escape, .character("q"), .character("D"), .left, .character("h")], "Esc q D ←", "Close"),
  ]

  /// The team shelf's keys (`Tab` shows it from the list).
  public static let shelf: [ScreenKey] = [
    ScreenKey([.tab, .backTab, .character("1")], "Tab 1", "To My bookmarks"),
    ScreenKey(
      [
        .up, .down, .character("k"), .character("j"), .pageUp, .pageDown, .home, .end, .character("g"), .character("G"),
      ],
      "↑ ↓ PgUp g G", "Move"),
    ScreenKey([.character("/")], "/", "Search the shelf"),
    ScreenKey([.enter, .character("o")], "Enter o", "Open; Edit: edit"),
    ScreenKey([.character("y")], "y", "Copy the URL"),
    ScreenKey([.character("+"), .character("a")], "+ a", "Add to the shelf"),
    ScreenKey([.character("e"), .escape], "e Esc", "Edit mode on/off"),
    ScreenKey([.character("d"), .delete, .character("x")], "d Del x", "Remove (Edit mode)"),
    ScreenKey([.character("P")], "P", "Save into mine"),
    ScreenKey([.character("u"), .character("U"), .control("r")], "u U ^R", "Undo; redo"),
    ScreenKey(
      [.character("?"), .function(1), .character("q"), .function(10), .control("z")], "? F1 q F10 ^Z",
      "Help; quit; suspend"),
  ]

  /// What the mouse does.
  public static let mouse: [ScreenKey] = [ScreenKey([], "Click Wheel", "Select/open; scroll")]

  /// Every table but the list's, each under the heading the help gives it.
  public static let screens: [(heading: String, keys: [ScreenKey])] = [
    ("In the dialog", dialog), ("In the filter", filter), ("In Resolve", resolve),
    ("In Recently Deleted", recentlyDeleted), ("On the team shelf", shelf), ("In the reader", reader), ("Mouse", mouse),
  ]
}
