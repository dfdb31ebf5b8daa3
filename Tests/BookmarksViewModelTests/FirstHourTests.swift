import BookmarkModel
import BookmarkStoreInterface
import BookmarksDrawing
import BookmarksState
import ScreenRendering
import XCTest

/// The defects a new user met in the first hour (issue 14), each as the keys they pressed.
final class FirstHourTests: XCTestCase {
  // MARK: - Type-ahead

  func testKeysTypedWhileASaveIsInFlightAreAppliedInOrderAfterIt() {
    // `+ fast1.example.com Enter + fast2.example.com Enter` typed without a pause.
    var model = Fixtures.model([])
    var effects = model.press(.character("+"), .tab)
    model.type("fast1.example.com")
    effects += model.press(.enter)
    XCTAssertEqual(effects, [.add(BookmarkDraft(name: "fast1.example.com", url: "https://fast1.example.com"))])
    // The store has not answered yet; the next bookmark is typed ahead.
    model.press(.character("+"), .tab)
    model.type("fast2.example.com")
    XCTAssertEqual(model.press(.enter), [], "held until the first save answers")
    XCTAssertFalse(model.state.typeAhead.isEmpty)

    let first = Fixtures.bookmark("f1", "fast1.example.com", "https://fast1.example.com")
    XCTAssertEqual(
      model.saved(first),
      [.add(BookmarkDraft(name: "fast2.example.com", url: "https://fast2.example.com"))])
    XCTAssertEqual(model.state.dialog?.isSaving, true)
    let second = Fixtures.bookmark("f2", "fast2.example.com", "https://fast2.example.com")
    XCTAssertEqual(model.saved(second), [])
    XCTAssertEqual(model.state.bookmarks.map(\.id), ["f1", "f2"])
    XCTAssertTrue(model.state.typeAhead.isEmpty)
  }

  /// A newcomer run (issue 36): `e G d y u` typed in one burst undid the step before the
  /// delete (the `u` acted before the store answered). Keys typed while a delete or a move is
  /// in flight wait for it, so `u` takes back that delete or move.
  func testUTypedRightAfterADeleteOrAMoveUndoesThatStep() {
    var model = Fixtures.model()
    model.press(.character("e"), .character("G"))
    let launch = Fixtures.three[2]
    XCTAssertEqual(model.press(.character("d"), .character("y"), .character("u")), [.delete(launch)])
    XCTAssertEqual(model.send(.deleteFinished(launch, nil)), [.applyChange(.restore(launch))])

    model = Fixtures.model()
    model.press(.character("e"), .character("G"), .character("m"))
    model.type("Box")
    XCTAssertEqual(model.press(.enter, .character("u")), [.move(launch, to: ["Box"])])
    var moved = launch
    moved.folder = ["Box"]
    XCTAssertEqual(model.send(.moveFinished(launch, .success(moved))), [.applyChange(.replacing(with: launch))])
  }

  func testEscWhileSavingWithNothingTypedAheadStillClosesTheDialog() {
    var model = Fixtures.model([])
    model.press(.character("+"), .tab)
    model.type("slow.example")
    model.press(.enter, .escape)
    XCTAssertNil(model.state.modal)
  }

  // MARK: - Paste

  func testAPasteEndingInANewlineGoesIntoTheFieldAndDoesNotSave() {
    var model = Fixtures.model([])
    model.press(.character("+"), .tab)
    XCTAssertEqual(model.press(.paste("https://forums.swift.org/\n")), [])
    XCTAssertEqual(model.state.dialog?.url.text, "https://forums.swift.org/")
    XCTAssertEqual(model.state.dialog?.isSaving, false)
  }

  // MARK: - Messages give way to the status

  func testAMessageExpiresAndTheStatusComesBack() {
    var model = Fixtures.model()
    model.press(.character("e"), .character("d"), .character("n"))
    XCTAssertEqual(model.state.message?.text, "Kept “Apple”.")
    _ = model.send(.messageExpired)
    XCTAssertNil(model.state.message)
    XCTAssertTrue((BookmarksScreen.render(model.state).lines.last ?? "").contains("user-defaults · local · 1/3"))
  }

  func testASyncStateChangeIsNeverHiddenBehindAMessage() {
    var model = Fixtures.model(status: StoreStatus(backend: .keyValue, sync: .synced))
    model.press(.character("e"), .character("d"), .character("n"))
    XCTAssertNotNil(model.state.message)
    let offline = StoreStatus(backend: .keyValue, sync: .offline, pending: 1, problem: "The cloud can't be reached.")
    _ = model.send(.storeChanged(Fixtures.snapshot(Fixtures.three, status: offline)))
    let bottom = BookmarksScreen.render(model.state).lines.last ?? ""
    XCTAssertTrue(bottom.contains("Kept “Apple”. · key-value · offline · 1 pending"), bottom)
  }

  // MARK: - Too small

  func testBelowTheMinimumSizeOnlyQuitActs() {
    var model = Fixtures.model(columns: 30, rows: 8)
    model.press(.character("e"))
    XCTAssertFalse(model.state.isEditing, "e did nothing unseen")
    XCTAssertEqual(model.press(.character("d"), .character("y")), [], "no delete unseen")
    model.press(.character("+"))
    XCTAssertNil(model.state.modal, "no dialog unseen")
    _ = model.send(.mouse(MouseEvent(.click, row: 1, column: 3)))
    XCTAssertEqual(model.state.selection, 0)
    model.press(.character("q"))
    XCTAssertTrue(model.state.shouldQuit)
  }

  // MARK: - Changes made elsewhere

  func testTheSelectedBookmarkDeletedElsewhereIsAnnounced() {
    var model = Fixtures.model()
    model.press(.down)
    _ = model.send(.storeChanged(Fixtures.snapshot([Fixtures.three[0], Fixtures.three[2]])))
    XCTAssertEqual(model.state.message?.text, "“東京タワー” was deleted elsewhere.")
  }

  func testTheSelectedBookmarkChangedElsewhereIsAnnouncedButOwnEditsAreNot() {
    var model = Fixtures.model()
    var changed = Fixtures.three
    changed[0].name = "Apple (edited on B)"
    _ = model.send(.storeChanged(Fixtures.snapshot(changed)))
    XCTAssertEqual(model.state.message?.text, "“Apple” was changed elsewhere.")

    model.press(.character("e"), .enter)
    model.press(.control("u"))
    model.type("Mine")
    model.press(.enter)
    changed[0].name = "Mine"
    _ = model.send(.storeChanged(Fixtures.snapshot(changed)))
    XCTAssertNil(model.state.message, "this session's own edit is not news")
  }

  func testOwnDeleteIsNotAnnouncedAsElsewhere() {
    var model = Fixtures.model()
    model.press(.character("e"), .character("d"), .character("y"))
    _ = model.send(.storeChanged(Fixtures.snapshot(Array(Fixtures.three.dropFirst()))))
    XCTAssertNil(model.state.message)
  }

  func testBookmarksAddedElsewhereButHiddenByTheFilterAreCounted() {
    var model = Fixtures.model()
    model.press(.character("/"))
    model.type("apple")
    model.press(.enter)
    let added = [
      Fixtures.bookmark("n1", "Swift", "https://swift.org"), Fixtures.bookmark("n2", "Rust", "https://rust-lang.org"),
      Fixtures.bookmark("n3", "Apple Music", "https://music.apple.com"),
    ]
    _ = model.send(.storeChanged(Fixtures.snapshot(Fixtures.three + added)))
    XCTAssertEqual(model.state.message?.text, "2 added elsewhere, hidden by the filter (Esc shows all).")
  }

  func testEditingABookmarkDeletedElsewhereOffersToSaveItAsNew() {
    var model = Fixtures.model()
    model.press(.character("e"), .enter)
    model.type(" (mine)")
    _ = model.send(.storeChanged(Fixtures.snapshot(Array(Fixtures.three.dropFirst()))))
    XCTAssertEqual(model.state.dialog?.purpose, .add)
    XCTAssertEqual(
      model.state.dialog?.error,
      "This bookmark was deleted elsewhere. Enter saves it as a new bookmark; Esc discards it.")
    XCTAssertEqual(model.press(.enter), [.add(BookmarkDraft(name: "Apple (mine)", url: "https://www.apple.com"))])
  }

  func testAnUpdateRefusedBecauseTheBookmarkIsGoneOffersToSaveItAsNew() {
    var model = Fixtures.model()
    model.press(.character("e"), .enter)
    model.type("!")
    model.press(.enter)
    // The delete from elsewhere and the refusal cross.
    _ = model.send(.storeChanged(Fixtures.snapshot(Array(Fixtures.three.dropFirst()))))
    _ = model.send(.saveFinished(.failure(FailureMessage("No bookmark has the id id-1."))))
    XCTAssertEqual(model.state.dialog?.purpose, .add)
    XCTAssertEqual(model.press(.enter), [.add(BookmarkDraft(name: "Apple!", url: "https://www.apple.com"))])
  }

  // MARK: - The filter keeps the place

  func testEscFromTheFilterReturnsToTheBookmarkSelectedBefore() {
    var model = Fixtures.model(Fixtures.many(1500))
    model.press(.end)
    model.press(.character("/"))
    model.type("zzzz")
    model.press(.escape)
    XCTAssertEqual(model.state.selectedBookmark?.id, "id-1500")

    model.press(.character("g"), .down, .down, .down, .down)
    model.press(.character("/"))
    model.type("1")
    model.press(.escape)
    XCTAssertEqual(model.state.selectedBookmark?.id, "id-5")
  }

  func testEnterKeepsTheBookmarkSelectedInTheMatches() {
    var model = Fixtures.model(Fixtures.many(30))
    model.press(.character("/"))
    model.type("2")
    model.press(.down, .down, .enter, .escape)
    XCTAssertNil(model.state.filter)
    XCTAssertEqual(model.state.selectedBookmark?.id, "id-20")
  }

  // MARK: - Numbers, hints, help

  func testCountsAreGroupedTheSameWayEverywhere() {
    var model = Fixtures.model(Fixtures.many(1500))
    model.press(.end)
    let bottom = BookmarksScreen.render(model.state).lines.last ?? ""
    XCTAssertTrue(bottom.contains("1,500/1,500"), bottom)
  }

  func testAt80ColumnsTheHintKeepsOpenHelpAndQuit() {
    let model = Fixtures.model()
    let bottom = BookmarksScreen.render(model.state).lines.last ?? ""
    for hint in ["Enter open", "+ add", "? help", "q quit"] { XCTAssertTrue(bottom.contains(hint), bottom) }
  }

  func testTheHelpScrollsInASmallWindowSoEveryKeyCanBeRead() {
    var model = Fixtures.model(columns: 50, rows: 12)
    model.press(.function(1))
    var seen = ""
    for _ in 0..<40 {
      seen += BookmarksScreen.render(model.state).lines.joined(separator: "\n")
      model.press(.down)
    }
    for binding in KeyBindings.list { XCTAssertTrue(seen.contains(binding.summary), "never shown: \(binding.summary)") }
    XCTAssertNotNil(model.state.modal, "scrolling keeps the help open")
    model.press(.character("x"))
    XCTAssertNil(model.state.modal)
  }

  func testF10QuitsAndCtrlZSuspends() {
    var model = Fixtures.model()
    XCTAssertEqual(model.press(.control("z")), [.suspend])
    model.press(.function(10))
    XCTAssertTrue(model.state.shouldQuit)
  }

  func testAltKeysDoNotActAsTheirLetter() {
    var model = Fixtures.model()
    model.press(.alt("q"), .alt("e"))
    XCTAssertFalse(model.state.shouldQuit)
    XCTAssertFalse(model.state.isEditing)
  }
}
