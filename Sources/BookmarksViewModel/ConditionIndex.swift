import BookmarkModel
import BookmarksState
import ListSearch

/// The bookmarks that meet each `is:` condition (`is:dead`, `is:moved`, `is:conflict`), by
/// position in the list, ascending: made once for a list, its link checks and its conflicts,
/// so each keystroke of a query with `is:` is a set operation on them rather than a look at
/// every match (issue 39.3: `is:dead` took 71 ms a keystroke at 1,000,000 bookmarks). With no
/// link checks and no conflicts, nothing meets one, and nothing is looked at.
struct ConditionIndex {
  private var listGeneration: Int
  private var linkChecks: [Bookmark.ID: LinkCheck]
  private var conflicted: Set<Bookmark.ID>
  private var positions: [SearchQuery.Condition.State: [Int]]

  /// The index of `state`'s list (`listGeneration`), its link checks and conflicts.
  init(_ state: AppState, listGeneration: Int) {
    self.listGeneration = listGeneration
    linkChecks = state.linkChecks
    conflicted = state.conflicted
    positions = [:]
    for condition in SearchQuery.Condition.State.allCases { positions[condition] = [] }
    guard !linkChecks.isEmpty || !conflicted.isEmpty else { return }
    // Asked as a query's condition asks it, of each bookmark with a check or a conflict.
    let conditions = SearchQuery.Condition.State.allCases.map { SearchQuery.Condition(state: $0, isExcluded: false) }
    for (position, bookmark) in state.bookmarks.enumerated() {
      let status = linkChecks.isEmpty ? nil : state.linkStatus(of: bookmark)
      let isConflicted = !conflicted.isEmpty && conflicted.contains(bookmark.id)
      guard status != nil || isConflicted else { continue }
      for condition in conditions where condition.holds(linkStatus: status, isConflicted: isConflicted) {
        if let state = condition.state { positions[state, default: []].append(position) }
      }
    }
  }

  /// Whether this index is of `state`'s list, checks and conflicts as they are now.
  func isCurrent(for state: AppState, listGeneration: Int) -> Bool {
    self.listGeneration == listGeneration && linkChecks == state.linkChecks && conflicted == state.conflicted
  }

  /// Those of `matches` (ascending positions) that meet every condition.
  func filter(_ matches: [Int], by conditions: [SearchQuery.Condition]) -> [Int] {
    var kept = matches
    for condition in conditions {
      let having = condition.state.flatMap { positions[$0] } ?? []
      kept = condition.isExcluded ? kept.ascendingRemoving(having) : kept.ascendingIntersection(having)
    }
    return kept
  }
}
