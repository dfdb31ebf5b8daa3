/// What a key does in the reader (`r` on a bookmark).
public enum ReaderCommand: Hashable, Sendable {
  case lineDown, lineUp, pageDown, pageUp, top, end
  case search, nextMatch, previousMatch, openLink, help, close
}

extension KeyBindings {
  /// The reader's keys.
  public static let reader = KeyTable<ReaderCommand>([
    .init([.down, .character("j")], "↑ ↓ j k", "Scroll a line", .lineDown),
    .alongside([.up, .character("k")], .lineUp),
    .init([.pageDown, .character(" ")], "PgUp PgDn ␣ b", "Scroll a page", .pageDown),
    .alongside([.pageUp, .character("b")], .pageUp),
    .init([.home, .character("g")], "g G", "Top, end", .top),
    .alongside([.end, .character("G")], .end),
    .init([.character("/")], "/", "Search the page", .search),
    .init([.character("n")], "n N", "Next, prior match", .nextMatch),
    .alongside([.character("N")], .previousMatch),
    .init([.character("o")], "o", "Open link number…", .openLink),
    .init([.character("?"), .function(1)], "? F1", "These keys", .help),
    .init([.escape, .character("q"), .character("r"), .left, .character("h")], "Esc q ←", "Back to the list", .close),
  ])
}
