/// What a key does in the folder picker (`m`). Keys its table does not list are typing: they
/// find a folder, or name a new one. The picker's bottom line names its keys.
public enum FolderPickerCommand: Hashable, Sendable {
  case up, down, pageUp, pageDown, first, last, move, cancel
}

extension KeyBindings {
  /// The folder picker's keys.
  public static let folderPicker = KeyTable<FolderPickerCommand>([
    .init([.up], "↑ ↓ PgUp", "Choose a folder", .up),
    .alongside([.down], .down),
    .alongside([.pageUp], .pageUp),
    .alongside([.pageDown], .pageDown),
    .alongside([.home], .first),
    .alongside([.end], .last),
    .init([.enter], "Enter", "Move there", .move),
    .init([.escape], "Esc", "Cancel", .cancel),
  ])
}
