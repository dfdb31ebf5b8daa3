import BookmarkModel
import BookmarksDrawing
import BookmarksState
import BookmarksViewModel
import XCTest

/// `C` checks the links shown; what it finds marks the rows and `is:dead` / `is:moved`
/// filter them.
final class LinkCheckTests: XCTestCase {
  private let checked = Date(timeIntervalSince1970: 1_800_000_000)
  private let bookmarks = [
    Fixtures.bookmark("a", "Alive", "https://alive.example"),
    Fixtures.bookmark("d", "Dead", "https://dead.example"),
    Fixtures.bookmark("m", "Moved", "https://moved.example"),
  ]

  private func checkedModel() -> BookmarksViewModel {
    var model = Fixtures.model(bookmarks)
    model.fetchesPages = true
    XCTAssertEqual(model.press(.character("C")), [.checkLinks(bookmarks)])
    let results: [(String, LinkStatus)] = [
      ("a", .ok), ("d", .gone(404)), ("m", .moved(to: "https://new.example")),
    ]
    for (offset, (id, status)) in results.enumerated() {
      let url = bookmarks.first { $0.id == id }!.url
      _ = model.send(
        .linkChecked(id, LinkCheck(url: url, status: status, checked: checked), done: offset + 1, total: 3))
    }
    return model
  }

  func testCChecksTheLinksShownAndSaysWhatItFound() {
    var model = Fixtures.model(bookmarks)
    model.fetchesPages = true
    _ = model.press(.character("C"))
    XCTAssertEqual(model.state.linkCheckProgress?.total, 3)
    XCTAssertTrue(BookmarksScreen.render(model.state).text.contains("checking links 0/3"))
    XCTAssertEqual(model.press(.character("C")), [], "one check at a time")
    model = checkedModel()
    XCTAssertNil(model.state.linkCheckProgress)
    XCTAssertEqual(model.state.message?.text, "Checked 3 links: 1 dead, 1 moved. /is:dead shows them.")
  }

  func testDeadAndMovedRowsAreMarkedAndTheSelectedOneExplained() {
    var model = checkedModel()
    _ = model.send(.messageExpired)
    let lines = BookmarksScreen.render(model.state).text.split(separator: "\n")
    XCTAssertTrue(lines.contains { $0.contains("✗ Dead") }, lines.joined(separator: "\n"))
    XCTAssertTrue(lines.contains { $0.contains("↪ Moved") })
    XCTAssertFalse(lines.contains { $0.contains("✗ Alive") || $0.contains("↪ Alive") })
    model.press(.down)
    XCTAssertTrue(BookmarksScreen.render(model.state).text.contains("404 — the page is gone"))
  }

  /// Presses `C` and answers it with `statuses`, one per bookmark: every effect the answers ask for.
  private func check(_ model: inout BookmarksViewModel, _ statuses: [LinkStatus]) -> [Effect] {
    model.fetchesPages = true
    model.press(.character("C"))
    return zip(bookmarks, statuses).enumerated().flatMap { offset, pair in
      model.send(
        .linkChecked(
          pair.0.id, LinkCheck(url: pair.0.url, status: pair.1, checked: checked), done: offset + 1, total: 3))
    }
  }

  /// A dead link whose page was kept (`W`) offers the kept copy: in the check's sentence, and on
  /// the bottom line while its row is selected. A copy kept after the start counts too.
  func testADeadLinkWithAKeptPageOffersIt() {
    var model = Fixtures.model(bookmarks)
    // Which dead links have a kept page is asked only at the end, of the dead ones only.
    XCTAssertEqual(check(&model, [.ok, .gone(404), .ok]), [.findKeptPages(["d"])])
    XCTAssertEqual(model.state.message?.text, "Checked 3 links: 1 dead, 0 moved. /is:dead shows them.")
    _ = model.send(.keptPagesLoaded(["d"]))
    XCTAssertEqual(
      model.state.message?.text,
      "Checked 3 links: 1 dead, 0 moved. /is:dead shows them. One has a kept copy: r reads it.")
    _ = model.send(.messageExpired)
    model.press(.down)
    XCTAssertTrue(
      BookmarksScreen.render(model.state).text.contains("404 — the page is gone · r reads the kept copy"),
      BookmarksScreen.render(model.state).text)
    XCTAssertEqual(model.press(.character("r")), [.readArchive(bookmarks[1])])

    // No copy, no offer; a copy kept later (`W`) is offered.
    var unkept = checkedModel()
    _ = unkept.send(.keptPagesLoaded([]))
    _ = unkept.send(.messageExpired)
    unkept.press(.down)
    XCTAssertFalse(BookmarksScreen.render(unkept.state).text.contains("kept copy"), "no copy, no offer")
    _ = unkept.send(.pageArchived("d", .success("Kept the page of “Dead” (3 KB); r reads it.")))
    _ = unkept.send(.messageExpired)
    XCTAssertTrue(BookmarksScreen.render(unkept.state).text.contains("r reads the kept copy"))
  }

  /// Nothing dead, nothing asked: the archives are not opened for a check that found no dead
  /// link. Checks kept from before ask about their dead links at the start.
  func testTheKeptPagesAreAskedAboutOnlyForDeadLinks() {
    var model = Fixtures.model(bookmarks)
    XCTAssertEqual(check(&model, [.ok, .ok, .ok]), [])
    XCTAssertEqual(
      model.send(
        .linkChecksLoaded(["d": LinkCheck(url: "https://dead.example", status: .gone(410), checked: checked)])),
      [.findKeptPages(["d"])])
  }

  func testIsDeadAndIsMovedFilter() {
    var model = checkedModel()
    model.press(.character("/"))
    model.type("is:dead")
    XCTAssertEqual(model.rowNames, ["Dead"])
    model.press(.escape, .character("/"))
    model.type("is:m")
    XCTAssertEqual(model.rowNames, ["Moved"])
    model.press(.escape, .character("/"))
    model.type("-is:dead alive")
    XCTAssertEqual(model.rowNames, ["Alive"])
    model.press(.escape, .character("/"))
    model.type("is:nonsense")
    XCTAssertEqual(model.rowNames, [])
  }

  func testACheckOfAnotherURLNoLongerCounts() {
    var model = checkedModel()
    _ = model.send(
      .storeChanged(
        Fixtures.snapshot([bookmarks[0], Fixtures.bookmark("d", "Dead", "https://fixed.example"), bookmarks[2]])))
    model.press(.character("/"))
    model.type("is:dead")
    XCTAssertEqual(model.rowNames, [], "the dead URL was replaced")
  }

  func testChecksKeptOnThisDeviceShowAtTheStart() {
    var model = Fixtures.model(bookmarks)
    _ = model.send(
      .linkChecksLoaded(["d": LinkCheck(url: "https://dead.example", status: .timeout, checked: checked)]))
    model.press(.character("/"))
    model.type("is:dead")
    XCTAssertEqual(model.rowNames, ["Dead"])
  }

  func testWhatACheckCouldNotFindOutIsNeitherMarkedNorKept() {
    var model = Fixtures.model(bookmarks)
    model.fetchesPages = true
    _ = model.press(.character("C"))
    for (offset, bookmark) in bookmarks.enumerated() {
      let check = LinkCheck(url: bookmark.url, status: .unchecked("the check was stopped"), checked: checked)
      _ = model.send(.linkChecked(bookmark.id, check, done: offset + 1, total: 3))
    }
    XCTAssertEqual(model.state.linkChecks, [:])
    XCTAssertEqual(
      model.state.message?.text, "Checked 3 links: 0 dead, 0 moved. 3 could not be checked (is the network down?).")
  }

  func testAKeptIsDeadFilterKeepsTheSelectionAsResultsCome() {
    var model = Fixtures.model(bookmarks)
    model.fetchesPages = true
    model.press(.character("/"))
    model.type("-is:dead")
    model.press(.enter, .down, .down)
    XCTAssertEqual(model.state.selectedBookmark?.id, "m")
    _ = model.press(.character("C"))
    let results: [(String, LinkStatus)] = [("d", .gone(404)), ("a", .ok), ("m", .ok)]
    for (offset, (id, status)) in results.enumerated() {
      let url = bookmarks.first { $0.id == id }!.url
      _ = model.send(
        .linkChecked(id, LinkCheck(url: url, status: status, checked: checked), done: offset + 1, total: 3))
    }
    XCTAssertEqual(model.rowNames, ["Alive", "Moved"])
    XCTAssertEqual(model.state.selectedBookmark?.id, "m", "still on the bookmark it was on")
  }

  func testWithoutTheWebCSaysSo() {
    var model = Fixtures.model(bookmarks)
    XCTAssertEqual(model.press(.character("C")), [])
    XCTAssertEqual(model.state.message?.text, "Links can't be checked here.")
  }
}
