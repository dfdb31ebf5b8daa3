import BookmarkModel
import BookmarksDrawing
import BookmarksState
import BookmarksViewModel
import XCTest

/// The `/` filter: folding, CJK and emoji, narrowing, Esc and Enter, the selection, and
/// edits and deletes within a filter.
final class FilterTests: XCTestCase {
  static let mixed = [
    Fixtures.bookmark("a", "Swift Forums", "https://forums.swift.org"),
    Fixtures.bookmark("b", "東京タワー", "https://www.tokyotower.co.jp/ja"),
    Fixtures.bookmark("c", "🚀 Launch checklist", "https://example.com/launch"),
    Fixtures.bookmark("d", "Crème Brûlée", "https://recipes.example/creme"),
    Fixtures.bookmark("e", "ＳＷＩＦＴ full width", "https://wide.example"),
    Fixtures.bookmark("f", "Straße", "https://maps.example/strasse"),
    Fixtures.bookmark("g", "東京駅", "https://station.example"),
    Fixtures.bookmark("h", "Apple", "https://www.apple.com/swift"),
  ]

  private func names(_ model: BookmarksViewModel) -> [String] {
    model.rowNames
  }

  private func filtered(_ query: String) -> [String] {
    var model = Fixtures.model(Self.mixed)
    model.press(.character("/"))
    model.type(query)
    return names(model)
  }

  func testSlashStartsTypingAndEveryKeystrokeNarrows() {
    var model = Fixtures.model(Self.mixed)
    model.press(.character("/"))
    XCTAssertEqual(model.state.filter?.isTyping, true)
    XCTAssertEqual(model.state.shownCount, 8)
    // A quoted phrase, so the space is part of what must match.
    model.type("\"s")
    XCTAssertEqual(model.state.shownCount, 8, "every URL has https")
    model.type("wi")
    XCTAssertEqual(names(model), ["Swift Forums", "ＳＷＩＦＴ full width", "Apple"])
    model.type("ft f")
    XCTAssertEqual(names(model), ["Swift Forums", "ＳＷＩＦＴ full width"])
    // Letters that would be commands (e, d, q, j) are text while typing.
    XCTAssertEqual(model.state.isEditing, false)
    XCTAssertFalse(model.state.shouldQuit)
  }

  func testMatchingIgnoresCaseDiacriticsAndWidth() {
    XCTAssertEqual(filtered("SWIFT"), ["Swift Forums", "ＳＷＩＦＴ full width", "Apple"])
    XCTAssertEqual(filtered("creme brulee"), ["Crème Brûlée"])
    XCTAssertEqual(filtered("CRÈME"), ["Crème Brûlée"])
    XCTAssertEqual(filtered("ｓｗｉｆｔ"), ["Swift Forums", "ＳＷＩＦＴ full width", "Apple"])
    XCTAssertEqual(filtered("strasse"), ["Straße"], "ß folds to ss")
    // A decomposed é (e + U+0301) finds the precomposed one.
    XCTAssertEqual(filtered("cre\u{0301}me"), ["Crème Brûlée"])
  }

  func testCJKAndEmojiQueriesFindEverySubstring() {
    XCTAssertEqual(filtered("東京"), ["東京タワー", "東京駅"])
    XCTAssertEqual(filtered("京"), ["東京タワー", "東京駅"])
    XCTAssertEqual(filtered("タワ"), ["東京タワー"])
    XCTAssertEqual(filtered("ﾀﾜ"), ["東京タワー"], "half-width katakana folds to full width")
    XCTAssertEqual(filtered("🚀"), ["🚀 Launch checklist"])
    XCTAssertEqual(filtered("京駅"), ["東京駅"])
  }

  func testNameAndURLAreSearchedButNotAcrossThem() {
    XCTAssertEqual(filtered("recipes"), ["Crème Brûlée"])
    XCTAssertEqual(filtered("apple.com/swift"), ["Apple"])
    // The end of a name and the start of its URL do not make a match together.
    XCTAssertEqual(filtered("appleh"), [])
    XCTAssertEqual(filtered("applehttps"), [])
  }

  func testBackspaceWidensAgainAndOnAnEmptyQueryClears() {
    var model = Fixtures.model(Self.mixed)
    model.press(.character("/"))
    model.type("東京タ")
    XCTAssertEqual(names(model), ["東京タワー"])
    model.press(.backspace)
    XCTAssertEqual(names(model), ["東京タワー", "東京駅"])
    model.press(.backspace, .backspace)
    XCTAssertEqual(model.state.shownCount, 8)
    XCTAssertNotNil(model.state.filter)
    model.press(.backspace)
    XCTAssertNil(model.state.filter)
  }

  func testLineEditingKeysEditTheQuery() {
    var model = Fixtures.model(Self.mixed)
    model.press(.character("/"))
    model.type("swift")
    model.press(.control("w"))
    XCTAssertEqual(model.state.filter?.query.text, "")
    model.type("brûlée")
    model.press(.home)
    model.type("crème ")
    XCTAssertEqual(model.state.filter?.query.text, "crème brûlée")
    XCTAssertEqual(names(model), ["Crème Brûlée"])
    model.press(.end, .control("u"))
    XCTAssertEqual(model.state.shownCount, 8)
  }

  func testNoMatchSaysSoOnScreen() {
    var model = Fixtures.model(Self.mixed)
    model.press(.character("/"))
    model.type("zzz")
    XCTAssertEqual(model.state.shownCount, 0)
    XCTAssertNil(model.state.selectedBookmark)
    XCTAssertEqual(model.press(.character("o"), .character("y"), .enter), [], "typing: letters are text")
    let screen = BookmarksScreen.render(model.state).lines.joined(separator: "\n")
    XCTAssertTrue(screen.contains("No bookmark matches “zzzoy”."), screen)
    XCTAssertTrue(screen.contains("/zzzoy · 0 of 8"), screen)
  }

  func testEnterKeepsTheFilterAndTheKeysMoveInIt() {
    var model = Fixtures.model(Self.mixed)
    model.press(.character("/"))
    model.type("swift")
    model.press(.enter)
    XCTAssertEqual(model.state.filter?.isTyping, false)
    XCTAssertEqual(model.state.selectedBookmark?.name, "Swift Forums")
    model.press(.character("j"))
    XCTAssertEqual(model.state.selectedBookmark?.name, "ＳＷＩＦＴ full width")
    model.press(.character("G"))
    XCTAssertEqual(model.state.selectedBookmark?.name, "Apple")
    model.press(.down)
    XCTAssertEqual(model.state.selection, 2, "stops at the last match")
    // `/` goes back to typing the same query.
    model.press(.character("/"))
    XCTAssertEqual(model.state.filter?.isTyping, true)
    XCTAssertEqual(model.state.filter?.query.text, "swift")
  }

  func testEscWhileTypingGoesBackToTheBookmarkSelectedBeforeAndEnterKeepsTheMatch() {
    var model = Fixtures.model(Self.mixed)
    model.press(.character("/"))
    model.type("東京")
    model.press(.down)
    XCTAssertEqual(model.state.selectedBookmark?.name, "東京駅")
    model.press(.escape)
    XCTAssertNil(model.state.filter)
    XCTAssertEqual(model.state.shownCount, 8)
    XCTAssertEqual(model.state.selectedBookmark?.name, "Swift Forums", "back where / was pressed")

    model.press(.character("/"))
    model.type("東京")
    model.press(.down, .enter, .escape)
    XCTAssertNil(model.state.filter)
    XCTAssertEqual(model.state.selectedBookmark?.name, "東京駅", "Enter kept the match; Esc then keeps it")
    XCTAssertEqual(model.state.selection, 6)

    // Esc after Enter clears a kept filter too, before it leaves Edit mode.
    model.press(.character("/"))
    model.type("swift")
    model.press(.enter, .character("e"))
    XCTAssertTrue(model.state.isEditing)
    model.press(.escape)
    XCTAssertNil(model.state.filter)
    XCTAssertTrue(model.state.isEditing)
    model.press(.escape)
    XCTAssertFalse(model.state.isEditing)
  }

  func testTheSelectionStaysOnItsBookmarkWhileItMatchesElseGoesToTheFirstMatch() {
    var model = Fixtures.model(Self.mixed)
    model.press(.character("G"))  // Apple, whose URL has "swift"
    model.press(.character("/"))
    model.type("\"swi")
    XCTAssertEqual(model.state.selectedBookmark?.name, "Apple")
    XCTAssertEqual(model.state.selection, 2)
    model.type("ft f")
    XCTAssertEqual(model.state.selectedBookmark?.name, "Swift Forums")
    XCTAssertEqual(model.state.selection, 0)
  }

  func testDeleteEditOpenAndCopyActOnTheFilteredSelection() {
    var model = Fixtures.model(Self.mixed)
    model.press(.character("/"))
    model.type("東京")
    model.press(.enter, .down)
    XCTAssertEqual(model.press(.character("o")), [.openURL("https://station.example")])
    XCTAssertEqual(model.press(.character("y")), [.copyURL("https://station.example")])

    XCTAssertEqual(model.press(.enter), [.openURL("https://station.example")], "Enter opens, as o does")

    // Edit (Enter in Edit mode): the dialog holds the filtered selection.
    model.press(.character("e"), .enter)
    XCTAssertEqual(model.state.dialog?.purpose, .edit("g"))
    model.press(.escape)

    // Delete in Edit mode: the filtered selection, and the filter stays with one match.
    model.press(.character("d"))
    guard case .confirmDelete(let bookmark) = model.state.modal else { return XCTFail("no confirm") }
    XCTAssertEqual(bookmark.id, "g")
    XCTAssertEqual(model.press(.character("y")), [.delete(bookmark)])
    _ = model.send(.deleteFinished(bookmark, nil))
    XCTAssertEqual(names(model), ["東京タワー"])
    XCTAssertEqual(model.state.selection, 0, "clamped to the last match")
    XCTAssertEqual(model.state.bookmarks.count, 7)
  }

  func testAnEditThatNoLongerMatchesLeavesTheFilteredList() {
    var model = Fixtures.model(Self.mixed)
    model.press(.character("/"))
    model.type("swift")
    model.press(.enter, .character("e"), .enter)
    XCTAssertEqual(model.state.dialog?.purpose, .edit("a"))
    model.press(.control("u"))
    model.type("Forums")
    model.press(.tab)
    model.press(.control("u"))
    model.type("https://forums.example")
    let effects = model.press(.enter)
    guard case .store(.update(let id, let draft)) = effects.first else { return XCTFail("no update: \(effects)") }
    var saved = Self.mixed[0]
    saved.name = draft.name
    saved.url = draft.url
    _ = model.saved(saved)
    XCTAssertEqual(id, "a")
    XCTAssertEqual(names(model), ["ＳＷＩＦＴ full width", "Apple"])
    XCTAssertEqual(model.state.selection, 0)
  }

  func testStoreChangesAreFilteredAndKeepTheSelection() {
    var model = Fixtures.model(Self.mixed)
    model.press(.character("/"))
    model.type("swift")
    model.press(.down)
    XCTAssertEqual(model.state.selectedBookmark?.id, "e")
    let added = Fixtures.bookmark("z", "Swift Package Index", "https://swiftpackageindex.com")
    _ = model.send(.storeChanged(Fixtures.snapshot([added] + Self.mixed)))
    XCTAssertEqual(names(model), ["Swift Package Index", "Swift Forums", "ＳＷＩＦＴ full width", "Apple"])
    XCTAssertEqual(model.state.selectedBookmark?.id, "e")
  }

  func testOnlyWebURLsAreOpenedButAnyIsCopied() {
    let hostile = [
      Fixtures.bookmark("j", "Script", "javascript:alert(1)"),
      Fixtures.bookmark("f", "File", "file:///etc/passwd"),
      Fixtures.bookmark("p", "Place", "place:sort=8"),
      Fixtures.bookmark("w", "Web", "HTTPS://Example.com"),
    ]
    var model = Fixtures.model(hostile)
    for row in 0..<3 {
      XCTAssertEqual(model.press(.character("o")), [], hostile[row].url)
      XCTAssertEqual(model.state.message?.text, "Only http and https URLs are opened; press y to copy this one.")
      XCTAssertEqual(model.press(.character("y")), [.copyURL(hostile[row].url)])
      model.press(.down)
    }
    XCTAssertEqual(model.press(.character("o")), [.openURL("HTTPS://Example.com")])
  }

  func testTheRuntimesAnswerShowsOnTheBottomLine() {
    var model = Fixtures.model(Self.mixed)
    _ = model.send(.urlActionFinished(StatusMessage("Copied https://forums.swift.org to the clipboard (OSC 52).")))
    let bottom = BookmarksScreen.render(model.state).lines[23]
    XCTAssertTrue(bottom.hasPrefix(" Copied https://forums.swift.org to the clipboard (OSC 52)."), bottom)
  }

  func testTheBottomLineShowsTheQueryTheCountAndTheFilterKeys() {
    var model = Fixtures.model(Fixtures.many(1234))
    model.press(.character("/"))
    model.type("12")
    var buffer = BookmarksScreen.render(model.state)
    XCTAssertEqual(
      buffer.lines[23], " /12 · 67 of 1,234                             Enter keep · Esc clear · ↑↓ move ")
    XCTAssertEqual(buffer.cursor, .init(row: 23, column: 4), "the cursor follows the query")
    model.press(.enter, .down)
    buffer = BookmarksScreen.render(model.state)
    XCTAssertEqual(
      buffer.lines[23], " /12 · 2/67 of 1,234                 Enter open · y copy · / change · Esc clear ")
    XCTAssertNil(buffer.cursor)
  }
}

/// The filtered list as a golden screen.
final class FilterSnapshotTests: XCTestCase {
  func testTypingAFilterWithCJK() {
    var model = Fixtures.model(FilterTests.mixed)
    model.press(.character("/"))
    model.type("東京")
    assertScreen(BookmarksScreen.render(model.state), named: "filter-typing")
  }
}
