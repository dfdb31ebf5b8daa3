import BookmarksState

/// Keys and clicks that come before the list is loaded (typed ahead at the start, while the
/// opening frame or "Loading…" shows): they wait, in order, and are handled once the list is
/// there to act on, so none is lost or acts on an empty list. The account's place arriving
/// meanwhile waits too, and comes after them: keys typed at the place on the screen act there,
/// and then the place is not moved under them (a place after a key is not applied).
struct TypeAhead {
  private var inputs: [Action] = []
  private var places: [Action] = []

  /// What to handle now of `actions`: everything but keys, clicks and places while the list
  /// is not loaded, or while some from before still wait.
  mutating func admit(_ actions: [Action], listLoaded: Bool) -> [Action] {
    guard !listLoaded || !inputs.isEmpty || !places.isEmpty else { return actions }
    var now: [Action] = []
    for action in actions {
      if action.isInput {
        inputs.append(action)
      } else if case .placeArrived = action {
        places.append(action)
      } else {
        now.append(action)
      }
    }
    return now
  }

  /// What waited, once the list is loaded (nothing before): the keys and clicks in the order
  /// they came, then the places.
  mutating func release(listLoaded: Bool) -> [Action] {
    guard listLoaded else { return [] }
    defer {
      inputs = []
      places = []
    }
    return inputs + places
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
