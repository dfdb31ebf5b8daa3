import BookmarkModel
import BookmarksDrawing
import BookmarksState
import BookmarksViewModel
import Foundation
import ScreenRendering
import XCTest

/// `W` keeps the selected bookmark's page, `r` reads it: wrapped to the window, scrolled,
/// searched with its matches highlighted, its numbered links opened (issue 41).
final class ReaderTests: XCTestCase {
  private let tokyo = Fixtures.three[1]

  private var page: ReaderPage {
    let paragraph = (1...30).map { "Word\($0)" }.joined(separator: " ")
    let text =
      "# Tokyo Tower\n\nThe tower [1] is in 東京 and Crème brûlée is served.\n\n"
      + (1...40).map { "Line \($0): \(paragraph)" }.joined(separator: "\n\n")
      + "\n\nThe end mentions the tower again.\n\n[1] https://tower.example/\n[2] https://other.example/"
    return ReaderPage(
      title: "Tokyo \u{1B}[31mTower", url: "https://tower.example/", fetched: Fixtures.date, text: text,
      links: ["https://tower.example/", "https://other.example/"])
  }

  /// The model with Tokyo selected and its page open in the reader.
  private func reading(columns: Int = 80, rows: Int = 24) -> BookmarksViewModel {
    var model = Fixtures.model(columns: columns, rows: rows)
    model.press(.down)
    XCTAssertEqual(model.press(.character("r")), [.readArchive(tokyo)])
    _ = model.send(.archiveRead(tokyo.id, .success(page)))
    return model
  }

  private func screen(_ model: BookmarksViewModel) -> [String] { BookmarksScreen.render(model.state).lines }

  func testWKeepsTheSelectedPageAndSaysWhatHappened() {
    var model = Fixtures.model()
    model.press(.down)
    XCTAssertEqual(model.press(.character("W")), [], "no web: nothing is fetched")
    XCTAssertEqual(model.state.message?.isError, true)
    model.fetchesPages = true
    XCTAssertEqual(model.press(.character("W")), [.archivePage(tokyo)])
    XCTAssertEqual(model.state.message?.text, "Keeping the page of “\(tokyo.name)”…")
    _ = model.send(.pageArchived(tokyo.id, .success("Kept the page of “Tokyo” (3 KB); r reads it.")))
    XCTAssertEqual(model.state.message?.text, "Kept the page of “Tokyo” (3 KB); r reads it.")
    _ = model.send(.pageArchived(tokyo.id, .failure(FailureMessage("The page was not kept: the server answered 404."))))
    XCTAssertEqual(model.state.message, StatusMessage("The page was not kept: the server answered 404.", isError: true))
  }

  /// `config set archive-on-add on`: a bookmark added with the dialog has its page kept as
  /// `W` keeps it; an edit, or the setting off, keeps nothing.
  func testArchiveOnAddKeepsThePageOfABookmarkAddedWithTheDialog() {
    func added(archivesOnAdd: Bool) -> [Effect] {
      var model = Fixtures.model()
      model.fetchesPages = true
      model.archivesOnAdd = archivesOnAdd
      model.press(.character("a"))
      model.type("Example")
      model.press(.tab)
      model.type("www.example.com")
      model.press(.enter)
      let saved = Fixtures.bookmark("new", "Example", "https://www.example.com")
      let effects = model.saved(saved)
      XCTAssertEqual(model.state.message?.text, "Added “Example”.")
      return effects
    }
    let saved = Fixtures.bookmark("new", "Example", "https://www.example.com")
    XCTAssertTrue(added(archivesOnAdd: true).contains(.archivePage(saved)))
    XCTAssertFalse(added(archivesOnAdd: false).contains(.archivePage(saved)))

    var model = Fixtures.model()
    model.fetchesPages = true
    model.archivesOnAdd = true
    model.press(.down, .character("e"), .enter)
    model.type(" Tower")
    model.press(.enter)
    var renamed = tokyo
    renamed.name += " Tower"
    XCTAssertFalse(
      model.saved(renamed).contains { if case .web(.archivePage) = $0 { true } else { false } },
      "an edit keeps no page")
  }

  func testTheReaderWrapsThePageToTheWindowAndScrolls() throws {
    var model = reading()
    let reader = try XCTUnwrap(model.state.reader)
    XCTAssertTrue(reader.lines.allSatisfy { CellWidth.of($0) <= 78 }, "wrapped inside a margin")
    XCTAssertGreaterThan(reader.lines.count, 80)
    var lines = screen(model)
    XCTAssertTrue(lines[0].contains("Tokyo ␛[31mTower"), "the title, sanitized: \(lines[0])")
    XCTAssertEqual(lines[1], " # Tokyo Tower" + String(repeating: " ", count: 66))
    XCTAssertTrue(lines[23].contains("/ search · o link · q back"), lines[23])
    model.press(.pageDown)
    XCTAssertEqual(model.state.reader?.top, 21)
    model.press(.character("G"))
    lines = screen(model)
    XCTAssertTrue(lines[21].contains("[1] https://tower.example/"), lines.joined(separator: "\n"))
    XCTAssertTrue(lines[23].hasPrefix(" 100% · "), lines[23])
    // Narrower: wrapped again, the text still whole.
    _ = model.send(.resized(ScreenSize(columns: 40, rows: 24)))
    XCTAssertTrue(try XCTUnwrap(model.state.reader).lines.allSatisfy { CellWidth.of($0) <= 38 })
    model.press(.character("q"))
    XCTAssertNil(model.state.reader)
    XCTAssertEqual(model.state.selectedBookmark, tokyo, "back on the list where it was")
  }

  func testSearchHighlightsMatchesAndNMovesBetweenThem() throws {
    var model = reading()
    model.press(.character("/"))
    model.type("TOWER")
    XCTAssertTrue(screen(model)[23].hasPrefix(" Search the page: TOWER"))
    model.press(.enter)
    let reader = try XCTUnwrap(model.state.reader)
    XCTAssertEqual(reader.matches.count, 4, "heading, first paragraph, the end, the footnote")
    XCTAssertEqual(model.state.message?.text, "4 lines hold “TOWER”: n, N.")
    let buffer = BookmarksScreen.render(model.state)
    // `Tower` in the heading (row 1, from column 9) is drawn in reverse video.
    XCTAssertTrue(buffer[1, 9].style.attributes.contains(.reverse))
    XCTAssertFalse(buffer[1, 3].style.attributes.contains(.reverse))
    model.press(.character("n"))
    XCTAssertEqual(model.state.reader?.currentMatch, 1)
    model.press(.character("n"), .character("n"))
    XCTAssertEqual(model.state.reader?.top, (model.state.reader?.lines.count ?? 0) - 22, "kept inside the page")
    model.press(.character("n"))
    XCTAssertEqual(model.state.message?.text, "No more matches that way.")
    model.press(.character("N"), .character("N"), .character("N"))
    XCTAssertEqual(model.state.reader?.top, 0)
    model.press(.character("/"))
    model.type("creme brulee")
    model.press(.enter)
    XCTAssertEqual(model.state.reader?.matches, [2], "diacritics ignored")
    model.press(.character("/"))
    model.type("nowhere")
    model.press(.enter)
    XCTAssertEqual(model.state.message?.text, "“nowhere” is not in the page.")
  }

  func testONumberOpensThatLink() {
    var model = reading()
    model.press(.character("o"))
    XCTAssertTrue(screen(model)[23].hasPrefix(" Open link number (1–2): "))
    model.type("2")
    XCTAssertEqual(model.press(.enter), [.openURL("https://other.example/")])
    model.press(.character("o"))
    model.type("9")
    XCTAssertEqual(model.press(.enter), [])
    XCTAssertEqual(model.state.message, StatusMessage("The links are numbered 1 to 2.", isError: true))
  }

  func testAPageNotKeptOrNotReadableSaysSo() {
    var model = Fixtures.model()
    model.press(.down, .character("r"))
    XCTAssertTrue(screen(model)[2].contains("Reading the kept page…"))
    _ = model.send(.archiveRead(tokyo.id, .success(nil)))
    XCTAssertTrue(screen(model)[2].contains("No page of it is kept here yet: W keeps it."))
    XCTAssertEqual(model.press(.character("/")), [])
    XCTAssertNil(model.state.reader?.searchField, "nothing to search")
  }

  func testTheReaderAcceptsOnlyTheKeysInItsTable() {
    let model = reading()
    let listed = KeyBindings.reader.keys
    let keys: [Key] =
      (0x20...0x7E).map { Key.character(Character(UnicodeScalar(UInt8($0)))) }
      + [.enter, .tab, .backTab, .backspace, .delete, .right, .other] + (1...12).map { Key.function($0) }
    for key in keys where !listed.contains(key) {
      var pressed = model
      let effects = pressed.press(key)
      XCTAssertTrue(effects.isEmpty && pressed.state == model.state, "\(key) acts but is not in the table")
    }
  }
}
