/// What a key does in Resolve and in its merge. One table serves both: a command the merge
/// has no use for (`b`, `m`) does nothing there, and the merge's `take` does nothing outside it.
public enum ResolveCommand: Hashable, Sendable {
  /// The next or previous version (in the merge: field).
  case next, previous
  /// `Enter`: keeps the version chosen; in the merge, saves it.
  case keep
  case keepBoth, merge
  /// In the merge: takes the field from the next or previous version.
  case takeNext, takePrevious
  /// `Esc q`: closes Resolve; in the merge, goes back to the versions.
  case close
  /// `? F1`: the help, Resolve's keys first.
  case help
}

extension KeyBindings {
  /// Resolve's keys, and its merge's.
  public static let resolve = KeyTable<ResolveCommand>([
    .init([.down, .tab, .character("j")], "↑ ↓ Tab", "Choose a version", .next),
    .alongside([.up, .backTab, .character("k")], .previous),
    .init([.enter], "Enter", "Keep; merge: save", .keep),
    .init([.character("b")], "b", "Keep both", .keepBoth),
    .init([.character("m")], "m", "Merge by field", .merge),
    .init([.right, .character("l"), .character(" ")], "← → Space", "Merge: take from", .takeNext),
    .alongside([.left, .character("h")], .takePrevious),
    .init([.escape, .character("q")], "Esc q", "Close; merge: back", .close),
    .init([.character("?"), .function(1)], "? F1", "These keys", .help),
  ])
}
