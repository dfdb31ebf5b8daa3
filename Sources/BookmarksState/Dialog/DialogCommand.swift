/// What a key does in the Add/Edit dialog. Keys its table does not list are typing: they go
/// to the focused field.
public enum DialogCommand: Hashable, Sendable {
  case nextField, previousField, save, cancel
  /// `→`: takes the suggestion (on Cancel, goes to Save).
  case takeSuggestion
  /// The line-editing keys the help names, which the focused field handles.
  case editLine
}

extension KeyBindings {
  /// The Add/Edit dialog's keys.
  public static let dialog = KeyTable<DialogCommand>([
    .init([.tab, .down], "Tab ↑ ↓", "Next/previous field", .nextField),
    .alongside([.backTab, .up], .previousField),
    .init([.enter], "Enter Esc", "Save; cancel", .save),
    .alongside([.escape], .cancel),
    .init([.right], "→", "Take the suggestion", .takeSuggestion),
    .init(
      [.control("a"), .control("e"), .control("k"), .control("u"), .control("w")], "^A ^E ^K ^U ^W",
      "Line editing", .editLine),
    .init(
      [.wordLeft, .wordRight, .deleteWordForward, .deleteWordBackward], "M-b M-f M-d M-⌫", "Words: move, delete",
      .editLine),
  ])
}
