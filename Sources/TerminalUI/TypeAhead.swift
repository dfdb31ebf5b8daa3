import BookmarksState

/// Keys and clicks that come before the list is loaded (typed ahead at the start, while the
/// opening frame or "Loading…" shows): they wait, in order, and are handled once the list is
/// there to act on, so none is lost or acts on an empty list.
struct TypeAhead {
  private var waiting: [Action] = []

  /// What to handle now of `actions`: everything but keys and clicks while the list is not
  /// loaded, or while keys from before still wait (they keep their order).
  mutating func admit(_ actions: [Action], listLoaded: Bool) -> [Action] {
    guard !listLoaded || !waiting.isEmpty else { return actions }
    waiting += actions.filter(\.isInput)
    return actions.filter { !$0.isInput }
  }

  /// The keys and clicks that waited, once the list is loaded (none before).
  mutating func release(listLoaded: Bool) -> [Action] {
    guard listLoaded else { return [] }
    defer { waiting = [] }
    return waiting
  }
}

extension Action {
  /// A key or a click.
  var isInput: Bool {
    switch self {
    case .keyPressed, .mouse: true
    default: false
    }
  }
}
