import BookmarkModel
import BookmarksState
import BookmarksViewModel
import XCTest

/// `s` cycles the list's order (issue 18.5): manual, name, date added, date modified,
/// domain; the selection stays on its bookmark, a filter keeps working, new bookmarks take
/// their place, and the device is asked to remember the order.
final class ListOrderTests: XCTestCase {
  private func bookmark(_ id: String, _ name: String, _ url: String, created: Double, modified: Double) -> Bookmark {
    Bookmark(
      id: id, name: name, url: url, created: Date(timeIntervalSince1970: created),
      modified: Date(timeIntervalSince1970: modified))
  }

  private lazy var stored = [
    bookmark("1", "zebra", "https://www.zoo.example/z", created: 1, modified: 50),
    bookmark("2", "Äpfel", "https://b.example", created: 3, modified: 10),
    bookmark("3", "apple", "http://user@A.example:8080/x", created: 2, modified: 70),
    bookmark("4", "Mango", "https://b.example/m", created: 3, modified: 10),
  ]

  private func names(_ model: BookmarksViewModel) -> [String] {
    model.rowNames
  }

  func testSCyclesEveryOrderKeepingTheSelection() {
    var model = Fixtures.model(stored)
    model.press(.down)  // Äpfel
    var seen: [[String]] = []
    var remembered: [Effect] = []
    for _ in 0..<5 {
      remembered += model.press(.character("s"))
      seen.append(names(model))
      XCTAssertEqual(model.state.selectedBookmark?.name, "Äpfel", "\(model.state.sortOrder)")
    }
    XCTAssertEqual(
      seen,
      [
        ["Äpfel", "apple", "Mango", "zebra"],  // name, folded: apfel, apple, mango, zebra
        ["Äpfel", "Mango", "apple", "zebra"],  // added, newest first; equal dates keep store order
        ["apple", "zebra", "Äpfel", "Mango"],  // modified, newest first
        ["apple", "Äpfel", "Mango", "zebra"],  // domain: a, b, b, zoo (no www.), then by name
        ["zebra", "Äpfel", "apple", "Mango"],  // manual: the store's order again
      ])
    XCTAssertEqual(
      remembered,
      [
        .rememberSortOrder(.name), .rememberSortOrder(.added), .rememberSortOrder(.modified),
        .rememberSortOrder(.domain), .rememberSortOrder(.manual),
      ])
    XCTAssertEqual(model.state.message?.text, "Sorted by your own order.")
  }

  func testAFilterAndNewBookmarksFollowTheOrder() {
    var model = Fixtures.model(stored)
    model.press(.character("s"))  // by name
    model.press(.character("/"))
    model.type("a")
    XCTAssertEqual(names(model), ["Äpfel", "apple", "Mango", "zebra"], "every one has an a")
    model.type("p")
    XCTAssertEqual(names(model), ["Äpfel", "apple"])
    model.press(.escape)
    let added = bookmark("5", "banana", "https://c.example", created: 9, modified: 9)
    _ = model.send(.storeChanged(Fixtures.snapshot(stored + [added])))
    XCTAssertEqual(names(model), ["Äpfel", "apple", "banana", "Mango", "zebra"])
  }

  func testASortedListStartsInTheRememberedOrder() {
    var state = AppState(backend: .userDefaults)
    state.sortOrder = .modified
    var model = BookmarksViewModel(state: state)
    _ = model.send(.storeChanged(Fixtures.snapshot(stored)))
    XCTAssertEqual(names(model), ["apple", "zebra", "Äpfel", "Mango"])
  }
}
