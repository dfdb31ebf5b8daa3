extension KeyBindings {
  /// The reader's keys (`r` on a bookmark).
  public static let reader: [ScreenKey] = [
    ScreenKey([.up, .down, .character("k"), .character("j")], "↑ ↓ j k", "Scroll a line"),
    ScreenKey([.pageUp, .pageDown, .character(" "), .character("b")], "PgUp PgDn ␣ b", "Scroll a page"),
    ScreenKey([.home, .end, .character("g"), .character("G")], "g G", "Top, end"),
    ScreenKey([.character("/")], "/", "Search the page"),
    ScreenKey([.character("n"), .character("N")], "n N", "Next, prior match"),
    ScreenKey([.character("o")], "o", "Open link number…"),
    ScreenKey([.escape, .character("q"), .character("r"), .left, .character("h")], "Esc q ←", "Back to the list"),
  ]
}
