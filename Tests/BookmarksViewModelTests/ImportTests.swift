import BookmarkModel
import BookmarkStoreInterface
import BookmarksDrawing
import BookmarksEffects
import BookmarksState
import BookmarksViewModel
import DefaultsBookmarks
import ScreenRendering
import TestSupport
import XCTest

/// `I` in the running app (issue 19.1): a file's new bookmarks are imported as one change,
/// `u` takes all of them back and `U` brings them again; a file that can't be read, or holds
/// nothing new, says so and changes nothing.
final class ImportTests: XCTestCase {
  private let imported = [
    Fixtures.bookmark("i-1", "Swift", "https://swift.org"),
    Bookmark(
      id: "i-2", name: "Forums", url: "https://forums.swift.org", created: Fixtures.date, modified: Fixtures.date,
      folder: ["Dev"], tags: ["swift"]),
  ]

  private var file: ImportedFile {
    ImportedFile(name: "bookmarks.html", additions: imported, duplicates: 1, skipped: 2)
  }

  /// `I`, the path typed, Enter: the file is read against the bookmarks listed now.
  private func typedPath(_ model: inout BookmarksViewModel) -> [Effect] {
    model.press(.character("I"))
    model.type("~/bookmarks.html")
    return model.press(.enter)
  }

  func testAnImportIsOneStepUndoneAndRedoneWhole() {
    var model = Fixtures.model()
    model.press(.character("I"))
    model.type("~/bookmarks.html")
    assertScreen(BookmarksScreen.render(model.state), named: "import-prompt")
    XCTAssertEqual(model.press(.enter), [.readImport(path: "~/bookmarks.html", existing: Fixtures.three)])
    XCTAssertEqual(model.send(.importRead(.success(file))), [])
    XCTAssertEqual(model.press(.enter), [.applyChange(.importAll(imported))])
    _ = model.send(.changeApplied(nil))
    XCTAssertNil(model.state.modal)
    XCTAssertEqual(
      model.state.message?.text, "Imported 2 bookmarks from bookmarks.html, 1 already here, 2 skipped; u takes it back."
    )
    XCTAssertEqual(model.state.bookmarks.count, 5, "shown at once")
    _ = model.send(.storeChanged(Fixtures.snapshot(Fixtures.three + imported)))

    XCTAssertEqual(model.press(.character("u")), [.applyChange(.removeAll(imported, folders: [["Dev"]]))])
    _ = model.send(.changeApplied(nil))
    XCTAssertEqual(model.state.message?.text, "Undid import of 2 bookmarks from bookmarks.html.")
    XCTAssertEqual(model.state.bookmarks.map(\.id), Fixtures.three.map(\.id))
    _ = model.send(.storeChanged(Fixtures.snapshot(Fixtures.three)))

    XCTAssertEqual(model.press(.character("U")), [.applyChange(.importAll(imported))])
    _ = model.send(.changeApplied(nil))
    XCTAssertEqual(model.state.message?.text, "Redid import of 2 bookmarks from bookmarks.html.")
  }

  /// Issue 36.17: a file's empty folders come with its bookmarks, are named in the preview
  /// and the message, and `u` takes them back with the import; a folder the list has
  /// already is not the import's.
  func testAnImportBringsEmptyFoldersAndItsUndoTakesThemBack() {
    var model = Fixtures.model()
    _ = model.send(.storeChanged(Fixtures.snapshot(Fixtures.three, folders: [["Kept"]])))
    _ = typedPath(&model)
    var withFolders = file
    withFolders.folders = [["Kept"], ["Projects"], ["Projects", "Someday"]]
    XCTAssertEqual(model.send(.importRead(.success(withFolders))), [])
    XCTAssertTrue(
      BookmarksScreen.render(model.state).text.contains("2 to import · 2 empty folders · 1 already here"),
      BookmarksScreen.render(model.state).text)
    let folders = [["Projects"], ["Projects", "Someday"]]
    XCTAssertEqual(model.press(.enter), [.applyChange(.importAll(imported, folders: folders))])
    _ = model.send(.changeApplied(nil))
    XCTAssertEqual(
      model.state.message?.text,
      "Imported 2 bookmarks and 2 empty folders from bookmarks.html, 1 already here, 2 skipped; u takes it back.")
    _ = model.send(.storeChanged(Fixtures.snapshot(Fixtures.three + imported, folders: [["Kept"]] + folders)))
    XCTAssertEqual(
      model.press(.character("u")),
      [.applyChange(.removeAll(imported, folders: [["Projects", "Someday"], ["Dev"], ["Projects"]]))])
  }

  /// A newcomer run (issue 36.17): the in-app preview didn't say what the command line's report
  /// says of bookmarks with a non-web URL.
  func testThePreviewSaysWhichBookmarksHaveANonWebURL() {
    var model = Fixtures.model()
    _ = typedPath(&model)
    var withScript = file
    withScript.additions.append(Fixtures.bookmark("i-3", "Bookmarklet", "javascript:alert(1)"))
    _ = model.send(.importRead(.success(withScript)))
    let text = BookmarksScreen.render(model.state).text
    XCTAssertTrue(text.contains("1 bookmark with a non-web URL (javascript:, file:, …) kept as text"), text)
  }

  /// One of the imported bookmarks was edited on another device since: the undo asks first.
  func testUndoingAnImportSomeoneChangedSinceAsksFirst() {
    var model = Fixtures.model()
    _ = typedPath(&model)
    _ = model.send(.importRead(.success(file)))
    model.press(.enter)
    _ = model.send(.changeApplied(nil))
    var edited = imported
    edited[1].name = "Swift Forums"
    _ = model.send(.storeChanged(Fixtures.snapshot(Fixtures.three + edited)))
    XCTAssertEqual(model.press(.character("u")), [])
    guard case .confirmUndo = model.state.modal else { return XCTFail("not asked") }
    XCTAssertEqual(model.press(.character("y")), [.applyChange(.removeAll(imported, folders: [["Dev"]]))])
  }

  func testAFileThatCantBeReadIsSaidInThePromptAndNothingChanges() {
    var model = Fixtures.model()
    _ = typedPath(&model)
    let sentence = "There is no file ~/bookmarks.html; nothing was imported."
    XCTAssertEqual(model.send(.importRead(.failure(FailureMessage(sentence)))), [])
    guard case .importPrompt(let prompt) = model.state.modal else { return XCTFail("closed") }
    XCTAssertEqual(prompt.error, sentence)
    XCTAssertFalse(model.state.isWaitingForStore)
    model.press(.escape)
    XCTAssertNil(model.state.modal)
    XCTAssertEqual(model.press(.character("u")), [])
    XCTAssertEqual(model.state.message?.text, "Nothing to undo in this session.")
  }

  func testAFileWithNothingNewSaysSoAndIsNoStep() {
    var model = Fixtures.model()
    _ = typedPath(&model)
    _ = model.send(
      .importRead(.success(ImportedFile(name: "bookmarks.html", additions: [], duplicates: 3, skipped: 0))))
    XCTAssertNil(model.state.modal)
    XCTAssertEqual(model.state.message?.text, "Nothing new in bookmarks.html (3 bookmarks already in the list).")
    XCTAssertEqual(model.press(.character("u")), [])
  }

  /// Given a file with a bookmark already listed and a URL twice in it, when it is imported,
  /// then the message tells the one already here from the repeat in the file.
  func testTheMessageTellsAlreadyHereFromRepeatedInTheFile() {
    var model = Fixtures.model()
    _ = typedPath(&model)
    var repeating = file
    repeating.repeats = 1
    _ = model.send(.importRead(.success(repeating)))
    model.press(.enter)
    _ = model.send(.changeApplied(nil))
    XCTAssertEqual(
      model.state.message?.text,
      "Imported 2 bookmarks from bookmarks.html, 1 already here, 1 repeated in the file, 2 skipped; u takes it back.")
  }

  /// Given a file read with new bookmarks, duplicates and skipped entries, when the reading
  /// arrives, then nothing is imported yet: the prompt shows the counts `cloudy import
  /// --dry-run` gives and the first reasons; Enter imports, as one step.
  func testTheReadFileIsShownBeforeItIsImported() {
    var model = Fixtures.model()
    _ = typedPath(&model)
    var read = file
    read.repeats = 1
    read.skippedReasons = [
      "line 9: “No URL” — it has no URL", "line 12: “Bell” — its URL contains control characters",
    ]
    XCTAssertEqual(model.send(.importRead(.success(read))), [])
    let screen = BookmarksScreen.render(model.state).lines.joined(separator: "\n")
    XCTAssertTrue(screen.contains("2 to import · 1 already here · 1 repeated in the file · 2 skipped"), screen)
    XCTAssertTrue(screen.contains("line 9: “No URL” — it has no URL"), screen)
    XCTAssertTrue(screen.contains("line 12: “Bell” — its URL contains control characters"), screen)
    XCTAssertEqual(model.press(.enter), [.applyChange(.importAll(imported))])
  }

  /// Esc at the preview closes it, and nothing is imported.
  func testEscAtThePreviewImportsNothing() {
    var model = Fixtures.model()
    _ = typedPath(&model)
    XCTAssertEqual(model.send(.importRead(.success(file))), [])
    XCTAssertEqual(model.press(.escape), [])
    XCTAssertNil(model.state.modal)
    XCTAssertEqual(model.state.message?.text, "Nothing was imported.")
    XCTAssertEqual(model.state.bookmarks.count, 3)
  }

  /// Esc while the file is read closes the prompt at once, and the reading's late answer
  /// imports nothing.
  func testEscWhileReadingCancelsTheImport() {
    var model = Fixtures.model()
    _ = typedPath(&model)
    model.press(.escape)
    XCTAssertNil(model.state.modal)
    XCTAssertEqual(model.send(.importRead(.success(file))), [])
    XCTAssertEqual(model.state.bookmarks.count, 3)
    XCTAssertEqual(model.press(.character("u")), [])
  }

  /// An addition whose id the list holds (read against an older list) is left out: the store
  /// would skip it, and undoing the import would take out the bookmark that was there.
  func testAnAdditionWithAListedIdIsLeftOut() {
    var model = Fixtures.model()
    _ = typedPath(&model)
    var colliding = file
    colliding.additions.append(Fixtures.three[0])
    XCTAssertEqual(model.send(.importRead(.success(colliding))), [])
    XCTAssertEqual(model.press(.enter), [.applyChange(.importAll(imported))])
  }

  func testIBeforeTheListHasLoadedSaysSo() {
    var model = BookmarksViewModel(
      state: AppState(backend: .documents, size: ScreenSize(columns: 80, rows: 24)))
    XCTAssertEqual(model.press(.character("I")), [])
    XCTAssertNil(model.state.modal)
    XCTAssertEqual(model.state.message?.text, "The list hasn't loaded; import once it shows.")
  }

  func testAnEmptyPathAsksForOne() {
    var model = Fixtures.model()
    model.press(.character("I"))
    XCTAssertEqual(model.press(.enter), [])
    guard case .importPrompt(let prompt) = model.state.modal else { return XCTFail("closed") }
    XCTAssertEqual(prompt.error, "Type the path of a bookmarks.html or a Cloudy JSON export.")
  }

  /// Undoing an import takes back the folders it made, those still empty, and leaves a folder
  /// that was there before (a real store, driven as the app drives it).
  func testUndoingAnImportTakesBackTheFoldersItMade() async throws {
    let home = try TemporaryFolder()
    defer { home.remove() }
    let store = UserDefaultsStore(path: home.path + "/cloudy.plist")
    try await store.changeFolder(.create(["Kept"]))
    let additions = [
      Fixtures.filed("m-1", "Swift", ["Dev", "Swift"]),
      Fixtures.filed("m-2", "News", ["Kept"]),
      Fixtures.filed("m-3", "Loose", []),
    ]
    var model = Fixtures.model([])
    _ = model.send(.storeChanged(await Self.current(store)))
    _ = typedPath(&model)
    let file = ImportedFile(name: "bookmarks.html", additions: additions, duplicates: 0, skipped: 0)
    // The file read is shown first; Enter imports it.
    _ = model.send(.importRead(.success(file)))
    let importing = model.press(.enter)
    await Self.perform(importing, &model, on: store)
    let afterImport = await Self.current(store)
    XCTAssertEqual(Set(afterImport.folders), [["Kept"], ["Dev"], ["Dev", "Swift"]])
    // When the import is undone
    let undoing = model.press(.character("u"))
    await Self.perform(undoing, &model, on: store)
    XCTAssertEqual(model.state.message?.text, "Undid import of 3 bookmarks from bookmarks.html.")
    // Then the folders it made are gone, in the store and on screen; Kept stays
    let undone = await Self.current(store)
    XCTAssertEqual(undone.folders, [["Kept"]])
    XCTAssertEqual(model.rowNames, ["▸ Kept"])
  }

  /// The store's snapshot now.
  private static func current(_ store: any BookmarkStore) async -> StoreSnapshot {
    for await snapshot in store.changes() { return snapshot }
    fatalError("the store sent no snapshot")
  }

  /// Does the effects on the store as the app does, and what they ask for next, in turn.
  private static func perform(_ effects: [Effect], _ model: inout BookmarksViewModel, on store: any BookmarkStore)
    async
  {
    var queue = effects
    while !queue.isEmpty {
      let effect = queue.removeFirst()
      if case .store(let work) = effect { queue += model.send(await StoreEffects.perform(work, on: store)) }
    }
  }
}
