/// What a key does on the team shelf (`Tab` from the list).
public enum ShelfCommand: Hashable, Sendable {
  case toMyBookmarks
  /// The arrows, page keys, `g` and `G`: the key says which way.
  case move
  case search, open, openURL, copyURL, add, toggleEditing, remove, saveIntoMine, undo, redo
  case help, quit, suspend
}

extension KeyBindings {
  /// The team shelf's keys.
  public static let shelf = KeyTable<ShelfCommand>([
    .init([.tab, .backTab, .character("1")], "Tab 1", "To My bookmarks", .toMyBookmarks),
    .init(
      [
        .up, .down, .character("k"), .character("j"), .pageUp, .pageDown, .home, .end, .character("g"), .character("G"),
      ],
      "↑ ↓ PgUp g G", "Move", .move),
    .init([.character("/")], "/", "Search the shelf", .search),
    .init([.enter], "Enter o", "Open; Edit: edit", .open),
    .alongside([.character("o")], .openURL),
    .init([.character("y")], "y", "Copy the URL", .copyURL),
    .init([.character("+"), .character("a")], "+ a", "Add to the shelf", .add),
    .init([.character("e"), .escape], "e Esc", "Edit mode on/off", .toggleEditing),
    .init([.character("d"), .delete, .character("x")], "d Del x", "Remove (Edit mode)", .remove),
    .init([.character("P")], "P", "Save into mine", .saveIntoMine),
    .init([.character("u")], "u U ^R", "Undo; redo", .undo),
    .alongside([.character("U"), .control("r")], .redo),
    .init([.character("?"), .function(1)], "? F1 q F10 ^Z", "Help; quit; suspend", .help),
    .alongside([.character("q"), .function(10)], .quit),
    .alongside([.control("z")], .suspend),
  ])
}
