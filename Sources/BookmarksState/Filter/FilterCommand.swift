/// What a key does while the `/` filter is typed. Keys its table does not list edit the
/// query.
public enum FilterCommand: Hashable, Sendable {
  /// `Enter`: keeps the filter (an empty one is cleared).
  case keep
  /// `Esc`: clears the filter.
  case clear
  /// `⌫`: clears an empty filter; otherwise edits the query.
  case deleteBackward
  /// `→ Tab`: completes a `#tag` when there is a suggestion; otherwise edits the query.
  case complete
  /// Moves in the matches.
  case up, down, pageUp, pageDown
}

extension KeyBindings {
  /// The filter's keys while its query is typed, and what the query understands.
  public static let filter = KeyTable<FilterCommand>([
    .init([.enter], "Enter Esc", "Keep; clear filter", .keep),
    .alongside([.escape], .clear),
    .alongside([.backspace], .deleteBackward),
    .init([.right, .tab], "→ Tab", "Complete a #tag", .complete),
    .init([.up], "↑ ↓ PgUp", "Move in the matches", .up),
    .alongside([.down], .down),
    .alongside([.pageUp], .pageUp),
    .alongside([.pageDown], .pageDown),
    .init([], "word", "Anywhere in a row", nil),
    .init([], "\"a phrase\"", "Words as typed", nil),
    .init([], "#tag", "Has the tag", nil),
    .init([], "in:Dev/Go", "In that folder", nil),
    .init([], "-word", "Leaves out matches", nil),
    .init([], "is:dead", "Dead link (C)", nil),
    .init([], "is:moved", "Moved link", nil),
    .init([], "is:conflict", "In conflict (⚠)", nil),
    .init([], "text:word", "In the kept page (W)", nil),
  ])
}
