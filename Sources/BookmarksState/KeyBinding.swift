/// One user command of the list screen and the keys that run it.
///
/// ``KeyBindings/list`` drives both key handling and the help overlay, so the help can
/// never drift from what the keys do.
public struct KeyBinding: Hashable, Sendable {
  public enum Command: Hashable, Sendable {
    case moveUp, moveDown, page, first, last
    case toggleEditing, delete, add, openSelected, help, quit, suspend
    case filter, openURL, copyURL, clear, sort
    case openFolder, up, allBookmarks, move, newFolder
    case reorder, undo, checkLinks, recentlyDeleted, history, importFile
    case shelf
    case archivePage, read
  }

  public var keys: [Key]
  /// How the keys are written in the help, e.g. `↑ k`.
  public var label: String
  public var summary: String
  public var command: Command
}

/// The key table of the list screen.
public enum KeyBindings {
  public static let list: [KeyBinding] = [
    KeyBinding(keys: [.up, .character("k")], label: "↑ k", summary: "Move up", command: .moveUp),
    KeyBinding(keys: [.down, .character("j")], label: "↓ j", summary: "Move down", command: .moveDown),
    KeyBinding(keys: [.pageUp, .pageDown], label: "PgUp PgDn", summary: "Page up, down", command: .page),
    KeyBinding(keys: [.home, .character("g")], label: "g Home", summary: "First bookmark", command: .first),
    KeyBinding(keys: [.end, .character("G")], label: "G End", summary: "Last bookmark", command: .last),
    KeyBinding(keys: [.character("+"), .character("a")], label: "+ a", summary: "Add a bookmark", command: .add),
    KeyBinding(
      keys: [.enter], label: "Enter", summary: "Open; Edit mode: edit", command: .openSelected),
    KeyBinding(keys: [.right, .character("l")], label: "→ l", summary: "Open the folder", command: .openFolder),
    KeyBinding(
      keys: [.left, .character("h"), .backspace], label: "← h ⌫", summary: "Up a folder", command: .up),
    KeyBinding(keys: [.character("A")], label: "A", summary: "Flat list / folders", command: .allBookmarks),
    KeyBinding(keys: [.character("e")], label: "e", summary: "Edit mode on/off", command: .toggleEditing),
    KeyBinding(
      keys: [.character("d"), .delete, .character("x")], label: "d Del x", summary: "Delete (in Edit mode)",
      command: .delete),
    KeyBinding(keys: [.character("N")], label: "N", summary: "New folder", command: .newFolder),
    KeyBinding(keys: [.character("m")], label: "m", summary: "Move (Edit mode)", command: .move),
    KeyBinding(
      keys: [.character("J"), .character("K")], label: "J K", summary: "Reorder (Edit mode)", command: .reorder),
    KeyBinding(
      keys: [.character("u"), .character("U"), .control("r")], label: "u U ^R", summary: "Undo; redo (U, ^R)",
      command: .undo),
    KeyBinding(keys: [.character("D")], label: "D", summary: "Recently Deleted", command: .recentlyDeleted),
    KeyBinding(keys: [.character("H")], label: "H", summary: "History; revert", command: .history),
    KeyBinding(keys: [.character("I")], label: "I", summary: "Import a file", command: .importFile),
    KeyBinding(
      keys: [.tab, .character("2"), .character("p")], label: "Tab 2 p", summary: "Team shelf; publish",
      command: .shelf),
    KeyBinding(keys: [.character("/")], label: "/", summary: "Filter as you type", command: .filter),
    KeyBinding(keys: [.character("s")], label: "s", summary: "Sort by name, date…", command: .sort),
    KeyBinding(keys: [.escape], label: "Esc", summary: "Clear filter; end Edit", command: .clear),
    KeyBinding(keys: [.character("o")], label: "o", summary: "Open URL in a browser", command: .openURL),
    KeyBinding(keys: [.character("y")], label: "y", summary: "Copy the URL (OSC 52)", command: .copyURL),
    KeyBinding(keys: [.character("C")], label: "C", summary: "Check the links shown", command: .checkLinks),
    KeyBinding(keys: [.character("W")], label: "W", summary: "Keep the page", command: .archivePage),
    KeyBinding(keys: [.character("r")], label: "r", summary: "Read the kept page", command: .read),
    KeyBinding(keys: [.character("?"), .function(1)], label: "? F1", summary: "This help", command: .help),
    KeyBinding(keys: [.control("z")], label: "^Z", summary: "Suspend (fg resumes)", command: .suspend),
    KeyBinding(
      keys: [.character("q"), .control("c"), .function(10)], label: "q ^C F10", summary: "Quit", command: .quit),
  ]

  /// The commands of the folder view, your own order and Recently Deleted, which the help
  /// lists under their own heading.
  public static let organiseCommands: Set<KeyBinding.Command> = [
    .openFolder, .up, .allBookmarks, .newFolder, .move, .reorder, .recentlyDeleted, .history, .importFile, .shelf,
    .archivePage, .read,
  ]

  /// The command bound to a key on the list screen.
  public static func command(for key: Key) -> KeyBinding.Command? {
    list.first { $0.keys.contains(key) }?.command
  }
}
