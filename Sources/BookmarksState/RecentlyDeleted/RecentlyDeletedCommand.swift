/// What a key does in Recently Deleted (`D`).
public enum RecentlyDeletedCommand: Hashable, Sendable {
  case up, down, pageUp, pageDown, first, last
  case restore, deleteForGood, empty, help, close
}

extension KeyBindings {
  /// Recently Deleted's keys.
  public static let recentlyDeleted = KeyTable<RecentlyDeletedCommand>([
    .init([.up, .character("k")], "↑ ↓ PgUp g G", "Choose", .up),
    .alongside([.down, .character("j")], .down),
    .alongside([.pageUp], .pageUp),
    .alongside([.pageDown], .pageDown),
    .alongside([.home, .character("g")], .first),
    .alongside([.end, .character("G")], .last),
    .init([.enter, .character("r")], "Enter r", "Restore", .restore),
    .init([.character("d"), .delete, .character("x")], "d Del x", "Delete for good", .deleteForGood),
    .init([.character("E")], "E", "Empty: delete all", .empty),
    .init([.character("?"), .function(1)], "? F1", "These keys", .help),
    .init([.escape, .character("q"), .character("D"), .left, .character("h")], "Esc q D ←", "Close", .close),
  ])
}
