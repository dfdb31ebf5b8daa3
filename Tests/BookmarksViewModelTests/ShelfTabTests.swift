import BookmarkModel
import BookmarkStoreInterface
import BookmarksDrawing
import BookmarksEffects
import BookmarksState
import BookmarksViewModel
import CloudSQLite
import Foundation
import ScreenRendering
import Shelf
import TestSupport
import XCTest

/// Issue 20.5: the team shelf's tab, driven against a real shelf (the SQLite cloud's) through
/// ``ShelfEffects``, as the app does off the UI thread.
final class ShelfTabTests: XCTestCase {
  private var folder: TemporaryFolder!
  private var shelves: [SQLiteShelf] = []

  override func setUpWithError() throws {
    folder = try TemporaryFolder()
  }

  override func tearDown() async throws {
    for shelf in shelves { await shelf.close() }
    folder.remove()
  }

  private func shelf(_ account: String) -> SQLiteShelf {
    let shelf = SQLiteShelf(path: folder.file("cloud.sqlite"), account: account)
    shelves.append(shelf)
    return shelf
  }

  /// The shelf owned by `owner`, with `editor` and `reader`, and three bookmarks.
  private func team() async throws -> (owner: SQLiteShelf, editor: SQLiteShelf, reader: SQLiteShelf) {
    let owner = shelf("owner")
    let editor = shelf("editor")
    let reader = shelf("reader")
    for account in [owner, editor, reader] { _ = try await account.access() }
    try await owner.create(worldReadable: false)
    try await owner.grant(account: "editor", group: nil, role: .editor)
    try await owner.grant(account: "reader", group: nil, role: .reader)
    _ = try await editor.add(name: "Runbook", url: "https://wiki.example/runbook")
    _ = try await owner.add(name: "Dashboards", url: "https://grafana.example/")
    _ = try await editor.add(name: "東京 office", url: "https://tokyo.example/")
    return (owner, editor, reader)
  }

  /// A model with my three bookmarks and a shelf, at 80×24.
  private func model() -> BookmarksViewModel {
    var model = Fixtures.model()
    model.offerShelf()
    return model
  }

  /// Does the effects on `shelf`, and the ones their answers ask for, until none is left.
  private func run(_ effects: [Effect], on shelf: any ShelfService, _ model: inout BookmarksViewModel) async {
    var queue = effects
    while !queue.isEmpty {
      let effect = queue.removeFirst()
      if case .shelf(let work) = effect { queue += model.send(await ShelfEffects.perform(work, on: shelf)) }
    }
  }

  private var names: (BookmarksViewModel) -> [String] = { $0.state.shelf?.bookmarks.map(\.name) ?? [] }

  /// Given a cloud whose shelf has no owner yet, when Tab shows it, then it says how to make
  /// one (`cloudy shelf create`), not that an owner can grant a role; once it has an owner, an
  /// account without a role is told an owner can grant one.
  func testAShelfWithNoOwnerSaysHowToMakeOne() async throws {
    let mine = shelf("alice")
    _ = try await mine.access()
    var model = model()
    await run(model.press(.tab), on: mine, &model)
    XCTAssertEqual(model.state.shelf?.problem, ShelfError.noOwner.description)
    XCTAssertTrue(model.state.shelf?.problem?.contains("cloudy shelf create") ?? false)

    let owner = shelf("owner")
    _ = try await owner.access()
    try await owner.create(worldReadable: false)
    model.press(.tab)
    await run(model.press(.tab), on: mine, &model)
    XCTAssertEqual(model.state.shelf?.problem, ShelfError.notReadable.description)
  }

  /// A newcomer run (issue 36.10): with bob's shelf open, a revoke emptied it and a grant from
  /// no role filled it, each with no message. Both are said.
  func testARoleTakenAwayOrGrantedFromNoneWhileTheShelfIsOpenIsSaid() async throws {
    let (owner, _, reader) = try await team()
    var model = model()
    await run(model.press(.tab), on: reader, &model)
    XCTAssertEqual(names(model).count, 3)
    XCTAssertNil(model.state.message)
    try await owner.revoke(account: "reader", group: nil)
    await run(model.send(.shelfChanged), on: reader, &model)
    XCTAssertEqual(names(model), [])
    XCTAssertEqual(model.state.message?.text, ShelfError.notReadable.description)
    _ = try await owner.grant(account: "reader", group: nil, role: .reader)
    await run(model.send(.shelfChanged), on: reader, &model)
    XCTAssertEqual(names(model).count, 3)
    XCTAssertEqual(model.state.message?.text, "You can now only read the team shelf.")
  }

  /// Given the reader with the shelf open, when an owner makes it an editor and the shelf
  /// changes, then its buttons come with a sentence saying why.
  func testARoleChangedWhileTheShelfIsOpenIsSaid() async throws {
    let (owner, _, reader) = try await team()
    var model = model()
    await run(model.press(.tab), on: reader, &model)
    XCTAssertEqual(model.state.shelf?.access?.role, .reader)
    try await owner.grant(account: "reader", group: nil, role: .editor)
    await run(model.send(.shelfChanged), on: reader, &model)
    XCTAssertEqual(model.state.shelf?.access?.role, .editor)
    XCTAssertEqual(model.state.message?.text, "You can now add, edit and remove bookmarks on the team shelf.")
  }

  func testTabShowsTheShelfFromTheCloudWithWhoAddedEachAndTabGoesBack() async throws {
    let (_, editor, _) = try await team()
    var model = model()
    let effects = model.press(.tab)
    guard case .shelf(.loadShelf(let request))? = effects.first else { return XCTFail("\(effects)") }
    XCTAssertEqual(request.query, "")
    XCTAssertNil(request.after)
    assertScreen(BookmarksScreen.render(model.state), named: "shelf-asking")
    await run(effects, on: editor, &model)
    XCTAssertEqual(names(model), ["Dashboards", "Runbook", "東京 office"])
    assertScreen(BookmarksScreen.render(model.state), named: "shelf")
    model.press(.tab)
    XCTAssertFalse(model.state.showsShelf)
    XCTAssertEqual(model.rowNames, Fixtures.three.map(\.name), "my bookmarks again")
    XCTAssertEqual(model.press(.character("2")).count, 1, "2 shows it too, fetched again")
    XCTAssertTrue(model.state.showsShelf)
    XCTAssertEqual(model.press(.character("1")), [])
    XCTAssertFalse(model.state.showsShelf)
  }

  func testAReaderSeesNoEditOrAddAndIsToldWhyWhenItPressesThem() async throws {
    let (_, _, reader) = try await team()
    var model = model()
    await run(model.press(.tab), on: reader, &model)
    assertScreen(BookmarksScreen.render(model.state), named: "shelf-reader")
    for key in [Key.character("+"), .character("e")] {
      XCTAssertEqual(model.press(key), [])
      XCTAssertNil(model.state.modal)
      XCTAssertEqual(model.state.message?.text, ShelfError.readOnly.description)
    }
    XCTAssertFalse(model.state.shelf?.isEditing ?? true)
  }

  func testSearchRunsOnTheCloudAndAnOlderAnswerIsDropped() async throws {
    let (_, editor, _) = try await team()
    var model = model()
    await run(model.press(.tab), on: editor, &model)
    model.press(.character("/"))
    let first = model.press(.character("r"))
    let second = model.press(.character("u"))
    guard case .shelf(.loadShelf(let older))? = first.first, case .shelf(.loadShelf(let newer))? = second.first else {
      return XCTFail("\(first) \(second)")
    }
    XCTAssertEqual(newer.query, "ru")
    await run(second, on: editor, &model)
    XCTAssertEqual(names(model), ["Runbook"])
    // The answer to "r" comes late: it is not shown over the newer one's.
    await run(first, on: editor, &model)
    XCTAssertEqual(names(model), ["Runbook"], "the answer for “\(older.query)” is dropped")
    await run(model.press(.escape), on: editor, &model)
    XCTAssertEqual(names(model).count, 3, "Esc clears the search")
    model.press(.character("/"))
    await run(model.press(.character("東")), on: editor, &model)
    XCTAssertEqual(names(model), ["東京 office"], "one CJK character finds it")
  }

  func testPagesAreFetchedAsTheSelectionNearsTheEnd() async throws {
    let (owner, _, reader) = try await team()
    for index in 0..<97 {
      _ = try await owner.add(name: String(format: "Service %03d", index), url: "https://s\(index).example")
    }
    var model = model()
    let effects = model.press(.tab)
    guard case .shelf(.loadShelf(let first))? = effects.first else { return XCTFail("\(effects)") }
    XCTAssertEqual(first.limit, 22, "the window (11 bookmarks at 24 rows) twice over")
    await run(effects, on: reader, &model)
    XCTAssertEqual(model.state.shelf?.bookmarks.count, 22)
    var more: [Effect] = []
    for _ in 0..<11 { more += model.press(.down) }
    guard case .shelf(.loadShelf(let next))? = more.first else { return XCTFail("no next page: \(more)") }
    XCTAssertEqual(next.after?.name, model.state.shelf?.bookmarks.last?.name, "it goes on after the last one")
    await run(more, on: reader, &model)
    XCTAssertEqual(model.state.shelf?.bookmarks.count, 44)
    await run(model.press(.end), on: reader, &model)
    while model.state.shelf?.hasMore == true { await run(model.press(.end), on: reader, &model) }
    XCTAssertEqual(model.state.shelf?.bookmarks.count, 100, "every page, once, in order")
    XCTAssertEqual(Set(names(model)).count, 100)
  }

  func testAnotherAccountsAddIsShownWhenTheShelfSignals() async throws {
    let (owner, editor, _) = try await team()
    var model = model()
    await run(model.press(.tab), on: editor, &model)
    _ = try await owner.add(name: "Alerts", url: "https://alerts.example")
    await run(model.send(.shelfChanged), on: editor, &model)
    XCTAssertEqual(names(model).first, "Alerts")
    model.press(.tab)
    XCTAssertEqual(model.send(.shelfChanged), [], "not shown: fetched when next shown")
  }

  func testARoleTakenAwayWhileShownTakesTheRowsAndTheButtons() async throws {
    let (owner, editor, _) = try await team()
    var model = model()
    await run(model.press(.tab), on: editor, &model)
    model.press(.character("e"))
    XCTAssertTrue(model.state.shelf?.isEditing == true)
    try await owner.revoke(account: "editor", group: nil)
    await run(model.send(.shelfChanged), on: editor, &model)
    XCTAssertEqual(names(model), [])
    XCTAssertEqual(model.state.shelf?.problem, ShelfError.notReadable.description)
    XCTAssertFalse(model.state.shelf?.isEditing ?? true)
    let top = BookmarksScreen.render(model.state).lines[0]
    XCTAssertFalse(top.contains("Edit") || top.contains("Done") || top.hasSuffix("+ "), top)
  }

  func testTheMouseWorksOnTheShelfNotOnTheListBehindIt() async throws {
    let (_, _, reader) = try await team()
    var model = model()
    await run(model.press(.tab), on: reader, &model)
    XCTAssertEqual(model.send(.mouse(MouseEvent(.click, row: 3, column: 10))), [])
    XCTAssertEqual(model.state.shelf?.selection, 1, "the second row")
    XCTAssertEqual(model.state.selection, 0, "my list behind it is left alone")
    XCTAssertEqual(
      model.send(.mouse(MouseEvent(.click, row: 3, column: 10))), [.openURL("https://wiki.example/runbook")])
    _ = model.send(.mouse(MouseEvent(.wheelDown, row: 3, column: 10)))
    XCTAssertEqual(model.state.shelf?.selection, 2)
    XCTAssertEqual(model.send(.mouse(MouseEvent(.click, row: 0, column: 2))), [], "a reader has no Edit button")
    XCTAssertFalse(model.state.shelf?.isEditing ?? true)
  }

  func testPublishingOneOfMineAndSavingOneIntoMine() async throws {
    let (_, editor, _) = try await team()
    var model = model()
    let publish = model.press(.character("p"))
    XCTAssertEqual(
      publish, [.addToShelf(name: Fixtures.three[0].name, url: Fixtures.three[0].url, published: true)])
    await run(publish, on: editor, &model)
    XCTAssertEqual(model.state.message?.text, "Published “\(Fixtures.three[0].name)” to the team shelf.")

    await run(model.press(.tab), on: editor, &model)
    // The one just published is mine already.
    let row = model.state.shelf!.bookmarks.firstIndex { $0.url == Fixtures.three[0].url }!
    for _ in 0..<row { model.press(.down) }
    XCTAssertEqual(model.press(.character("P")), [])
    XCTAssertTrue(model.state.message?.text.contains("has this URL already") == true)
    model.press(.home)
    while model.state.shelf?.selected?.name != "Dashboards" { model.press(.down) }
    let save = model.press(.character("P"))
    XCTAssertEqual(save, [.saveFromShelf(BookmarkDraft(name: "Dashboards", url: "https://grafana.example/"))])
    let saved = Fixtures.bookmark("new", "Dashboards", "https://grafana.example/")
    _ = model.send(.savedFromShelf(.success(saved)))
    XCTAssertEqual(model.state.message?.text, "Saved “Dashboards” into your bookmarks; u takes it back.")
    XCTAssertTrue(model.state.bookmarks.contains(saved))
    XCTAssertEqual(model.press(.character("u")), [.applyChange(.remove(saved))], "u takes it back")
  }

  func testAnEditorEditsAndRemovesInEditMode() async throws {
    let (owner, editor, _) = try await team()
    var model = model()
    await run(model.press(.tab), on: editor, &model)
    model.press(.character("e"), .down)
    model.press(.enter)
    guard case .shelfPrompt(let prompt) = model.state.modal else { return XCTFail("no prompt") }
    XCTAssertEqual(prompt.name.text, "Runbook")
    assertScreen(BookmarksScreen.render(model.state), named: "shelf-edit")
    model.press(.end)
    model.type(" (prod)")
    let save = model.press(.enter)
    guard case .shelf(.editOnShelf(let edited, let name, _))? = save.first else { return XCTFail("\(save)") }
    XCTAssertEqual(name, "Runbook (prod)")
    // The owner changed it meanwhile: the edit is kept beside theirs.
    _ = try await owner.edit(id: edited.id, name: "Runbook (owner)", url: edited.url, basedOn: edited.version)
    await run(save, on: editor, &model)
    XCTAssertEqual(
      model.state.message?.text, "Someone changed “Runbook” first; yours is kept beside it as “Runbook (prod)”.")
    XCTAssertEqual(names(model), ["Dashboards", "Runbook (owner)", "Runbook (prod)", "東京 office"])

    model.press(.character("d"))
    guard case .confirmShelfRemove(let removing) = model.state.modal else { return XCTFail("no question") }
    assertScreen(BookmarksScreen.render(model.state), named: "shelf-remove")
    await run(model.press(.character("y")), on: editor, &model)
    XCTAssertFalse(names(model).contains(removing.name))
    let left = try await owner.page(matching: "", after: nil, limit: 10).bookmarks.map(\.name)
    XCTAssertFalse(left.contains(removing.name), "removed on the cloud")
  }

  func testACopyReadWhileTheCloudIsAwayIsReadOnlyAndSaysSo() {
    var model = model()
    guard case .shelf(.loadShelf(let request))? = model.press(.tab).first else { return XCTFail("no fetch") }
    let copy = ShelfBookmark(
      id: "A1", name: "Runbook", url: "https://wiki.example/runbook", createdBy: "editor", createdAt: Fixtures.date,
      modifiedBy: "editor", modifiedAt: Fixtures.date, version: 3)
    _ = model.send(
      .shelfLoaded(
        request,
        .success(
          ShelfLoad(
            page: ShelfPage(bookmarks: [copy], hasMore: false, stale: "The cloud can't be reached."), access: nil))))
    assertScreen(BookmarksScreen.render(model.state), named: "shelf-stale")
    model.press(.character("+"))
    XCTAssertNil(model.state.modal)
    XCTAssertTrue(model.state.message?.text.contains("read-only") == true)
  }
}
