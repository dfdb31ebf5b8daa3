import BookmarkModel
import BookmarkStoreInterface
import BookmarksDrawing
import BookmarksState
import BookmarksViewModel
import ScreenRendering
import XCTest

/// Golden screens: the whole frame as text, compared with files in `Snapshots/`.
final class ScreenSnapshotTests: XCTestCase {
  func testLoading() {
    let model = BookmarksViewModel(state: AppState(backend: .userDefaults))
    assertScreen(BookmarksScreen.render(model.state), named: "loading")
  }

  func testEmptyListTellsHowToAdd() {
    assertScreen(BookmarksScreen.render(Fixtures.model([]).state), named: "empty")
  }

  func testListWithCJKAndEmoji() {
    var model = Fixtures.model()
    model.press(.down)
    assertScreen(BookmarksScreen.render(model.state), named: "list")
  }

  func testEditModeShowsDeleteMarkers() {
    var model = Fixtures.model()
    model.press(.character("e"))
    assertScreen(BookmarksScreen.render(model.state), named: "edit-mode")
  }

  func testConfirmDelete() {
    var model = Fixtures.model()
    model.press(.character("e"), .down, .character("d"))
    assertScreen(BookmarksScreen.render(model.state), named: "confirm-delete")
  }

  func testAddDialogWithError() {
    var model = Fixtures.model()
    model.press(.character("+"), .tab)
    model.type("bad url")
    model.press(.enter)
    assertScreen(BookmarksScreen.render(model.state), named: "add-dialog-error")
  }

  func testQuotaRefusalExplainsTheWayOutAndKeepsTheText() {
    var model = Fixtures.model(status: Fixtures.fullKeyValueStatus)
    model.press(.character("+"), .tab)
    model.type("https://one-more.example")
    model.press(.enter)
    _ = model.send(
      .saveFinished(
        .failure(
          FailureMessage(
            StoreError.quotaExceeded(.keys(1024)).description))))
    assertScreen(BookmarksScreen.render(model.state), named: "add-dialog-quota")
  }

  func testOfflineWithAReasonKeepsThePendingCount() {
    let status = StoreStatus(
      backend: .keyValue, sync: .offline, pending: 3,
      problem: "Can't reach the cloud at sqlite:/srv/cloud.sqlite (unable to open database file). Working from the "
        + "local copy.")
    let model = Fixtures.model(status: status)
    assertScreen(BookmarksScreen.render(model.state), named: "offline-with-reason")
  }

  func testEditDialogPrefilled() {
    var model = Fixtures.model()
    model.press(.character("e"), .down, .enter)
    assertScreen(BookmarksScreen.render(model.state), named: "edit-dialog")
  }

  func testHelpOverlay() {
    var model = Fixtures.model()
    model.press(.character("?"))
    assertScreen(BookmarksScreen.render(model.state), named: "help")
  }

  func testScrolledLongList() {
    var model = Fixtures.model(Fixtures.many(40))
    model.press(.pageDown, .pageDown)
    assertScreen(BookmarksScreen.render(model.state), named: "scrolled")
  }

  func testTooSmallWindow() {
    let model = Fixtures.model(columns: 30, rows: 8)
    assertScreen(BookmarksScreen.render(model.state), named: "too-small")
  }

  func testMinimumSizeStillDrawsTheList() {
    let model = Fixtures.model(columns: 40, rows: 10)
    assertScreen(BookmarksScreen.render(model.state), named: "minimum-size")
  }

  func testHostileTextStaysInItsRow() {
    let hostile = Fixtures.bookmark(
      "id-x", "\u{1B}[31mRED\u{1B}]0;pwned\u{07}\r\nX\u{202E}YZ\u{08}\t", "https://evil.example/\u{1B}[2J")
    let model = Fixtures.model([hostile] + Fixtures.three)
    let buffer = BookmarksScreen.render(model.state)
    assertScreen(buffer, named: "hostile-text")
    for line in buffer.lines {
      XCTAssertFalse(line.unicodeScalars.contains { DisplayText.isUnsafe($0) }, line)
    }
  }

  func testUnreadableStoreIsExplained() {
    var model = BookmarksViewModel(state: AppState(backend: .userDefaults))
    let error = StoreError.unreadable(path: "/home/me/.config/cloudy/cloudy.plist", reason: "not a property list")
    _ = model.send(
      .storeChanged(
        StoreSnapshot(
          bookmarks: .failure(error),
          status: StoreStatus(backend: .userDefaults, sync: .local, problem: error.description))))
    assertScreen(BookmarksScreen.render(model.state), named: "unreadable")
  }

  func testEditingANameWithCRLFDrawsPlaceholders() {
    var model = Fixtures.model([Fixtures.bookmark("id-crlf", "a\r\nb", "https://crlf.example")])
    model.press(.character("e"), .enter)
    let buffer = BookmarksScreen.render(model.state)
    XCTAssertTrue(buffer.lines.contains { $0.contains("Name   a␍␊b") }, buffer.text)
  }

  func testDialogOverWideCharactersKeepsItsFrameStraight() {
    let wide = Fixtures.bookmark("id-w", String(repeating: "a東京タワー", count: 12), "https://wide.example")
    var model = Fixtures.model(
      Array(repeating: wide, count: 12).enumerated().map { index, bookmark in
        var copy = bookmark
        copy.id = "w\(index)"
        return copy
      })
    model.press(.character("a"))
    let buffer = BookmarksScreen.render(model.state)
    for line in buffer.lines where line.contains("│") {
      let columns = line.indices.filter { line[$0] == "│" }.map { CellWidth.of(line[..<$0]) }
      XCTAssertEqual(columns, [4, 75], line)
    }
  }

  func testRenderingAtTinyAndZeroSizesDoesNotCrash() {
    for (columns, rows) in [(0, 0), (1, 1), (2, 40), (200, 2), (39, 10), (40, 9)] {
      var model = Fixtures.model(columns: columns, rows: rows)
      model.press(.character("+"))
      let buffer = BookmarksScreen.render(model.state)
      XCTAssertEqual(buffer.lines.count, max(0, rows))
    }
  }
}
