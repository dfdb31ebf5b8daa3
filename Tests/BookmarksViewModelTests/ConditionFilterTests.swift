import BookmarkModel
import BookmarkStoreInterface
import BookmarksState
import BookmarksViewModel
import ListSearch
import TestSupport
import XCTest

/// `is:` terms are answered from the positions of the bookmarks that meet each condition, made
/// once for a list, its checks and its conflicts (issue 39.3): what a filter shows must be what
/// asking each bookmark shows, however checks and conflicts came and went in between.
final class ConditionFilterTests: XCTestCase {
  private let checked = Date(timeIntervalSince1970: 1_800_000_000)

  func testIsTermsShowTheBookmarksThatMeetThemAsChecksAndConflictsChange() {
    var random = SplitMix64(seed: 3_939)
    let bookmarks = (0..<90).map { Fixtures.bookmark("id-\($0)", "name \($0 % 7)", "https://s\($0).example") }
    let status = StoreStatus(backend: .documents, sync: .synced)
    var model = Fixtures.model(bookmarks, status: status)
    model.fetchesPages = true
    let statuses: [LinkStatus] = [.ok, .gone(404), .moved(to: "https://new.example"), .timeout, .notWeb]
    let queries = [
      "is:dead", "is:moved", "is:conflict", "-is:dead", "name 3 is:moved", "is:d -is:c", "-is:moved -is:conflict",
      "is:nonsense", "-is:nonsense", "4 -is:dead",
    ]
    var conflicted: Set<Bookmark.ID> = []
    for step in 0..<60 {
      let bookmark = bookmarks.randomElement(using: &random)!
      switch Int.random(in: 0..<4, using: &random) {
      case 0:
        // A check of an older URL marks nothing.
        let url = Bool.random(using: &random) ? bookmark.url : "https://older.example"
        let check = LinkCheck(url: url, status: statuses.randomElement(using: &random)!, checked: checked)
        _ = model.send(.linkChecked(bookmark.id, check, done: 1, total: 1))
      case 1:
        if conflicted.remove(bookmark.id) == nil { conflicted.insert(bookmark.id) }
        _ = model.send(
          .storeChanged(StoreSnapshot(bookmarks: .success(bookmarks), status: status, conflicted: conflicted)))
      default:
        let check = LinkCheck(url: bookmark.url, status: statuses.randomElement(using: &random)!, checked: checked)
        _ = model.send(.linkChecked(bookmark.id, check, done: 1, total: 1))
      }
      for query in queries {
        model.press(.character("/"))
        model.type(query)
        let shown = (0..<model.state.shownCount).compactMap { model.state.shownBookmark(at: $0)?.id }
        XCTAssertEqual(shown, expected(query, in: model.state), "step \(step): \(query)")
        model.press(.escape)
      }
    }
  }

  /// What `query` shows, asked of each bookmark: its words in the name or URL, and each `is:`
  /// condition held by its check and conflict.
  private func expected(_ query: String, in state: AppState) -> [Bookmark.ID] {
    var folding = SearchFolding()
    let parsed = SearchQuery(query, folding: &folding)
    let words = query.split(separator: " ").filter { !$0.contains(":") }
    return state.bookmarks.filter { bookmark in
      let text = (bookmark.name + "\u{1}" + bookmark.url).lowercased()
      return words.allSatisfy { word in
        word.hasPrefix("-") ? !text.contains(word.dropFirst()) : text.contains(word)
      }
        && parsed.conditions.allSatisfy {
          $0.holds(linkStatus: state.linkStatus(of: bookmark), isConflicted: state.conflicted.contains(bookmark.id))
        }
    }.map(\.id)
  }
}
