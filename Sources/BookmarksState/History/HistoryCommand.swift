/// What a key does in a bookmark's history (`H`). The box's bottom line names its keys.
public enum HistoryCommand: Hashable, Sendable {
  case next, previous, pageDown, pageUp, revert, close
}

extension KeyBindings {
  /// The history's keys.
  public static let history = KeyTable<HistoryCommand>([
    .init([.down, .tab, .character("j")], "↑ ↓", "Choose a version", .next),
    .alongside([.up, .backTab, .character("k")], .previous),
    .alongside([.pageDown], .pageDown),
    .alongside([.pageUp], .pageUp),
    .init([.enter, .character("r")], "Enter r", "Revert to it", .revert),
    .init([.escape, .character("q"), .character("H")], "Esc q H", "Close", .close),
  ])
}
