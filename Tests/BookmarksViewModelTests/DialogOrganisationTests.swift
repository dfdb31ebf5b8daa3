import BookmarkModel
import BookmarksDrawing
import ScreenRendering
import XCTest

/// The dialog's Folder, Tags and Notes fields (issue 18.3): typed in screen order, saved,
/// refused with a sentence on the field at fault, and unchanged fields left alone.
final class DialogOrganisationTests: XCTestCase {
  private let filed = Bookmark(
    id: "f", name: "Forums", url: "https://forums.swift.org", created: Fixtures.date, modified: Fixtures.date,
    folder: ["Toolbar", "Dev"], notes: "Ask here", tags: ["swift", "community"])

  func testAllFiveFieldsTypedInScreenOrderAreSaved() {
    var model = Fixtures.model()
    model.press(.character("+"))
    model.type("Rust Book")
    model.press(.tab)
    model.type("doc.rust-lang.org/book")
    model.press(.tab)
    model.type("Toolbar / Learning/")
    model.press(.tab)
    model.type("rust, #tech  rust")
    model.press(.tab)
    model.type("  Chapter 4 next  ")
    XCTAssertEqual(
      model.press(.enter),
      [
        .add(
          BookmarkDraft(
            name: "Rust Book", url: "https://doc.rust-lang.org/book", folder: ["Toolbar", "Learning"],
            tags: ["rust", "tech"], notes: "Chapter 4 next"))
      ])
  }

  func testEditShowsTheStoredValuesAndSendsOnlyWhatChanged() {
    var model = Fixtures.model([filed])
    model.press(.character("l"), .character("l"))  // into Toolbar, then Dev
    model.press(.character("e"), .enter)
    let dialog = model.state.dialog
    XCTAssertEqual(dialog?.folder.text, "Toolbar/Dev")
    XCTAssertEqual(dialog?.tags.text, "swift community")
    XCTAssertEqual(dialog?.notes.text, "Ask here")
    XCTAssertEqual(model.press(.enter), [], "nothing changed: nothing is written")
    XCTAssertEqual(model.state.message?.text, "No changes to save.")

    model.press(.enter)  // Edit mode is still on: the dialog again
    model.press(.tab, .tab, .tab)
    model.press(.control("u"))
    model.type("forums")
    XCTAssertEqual(
      model.press(.enter),
      [.update("f", BookmarkDraft(name: "Forums", url: "https://forums.swift.org", tags: ["forums"]))],
      "only the tags changed, so only they are sent")
  }

  func testAClearedFolderMovesTheBookmarkToTheTop() {
    var model = Fixtures.model([filed])
    model.press(.character("A"))  // every bookmark in one list
    model.press(.character("e"), .enter, .tab, .tab)
    model.press(.control("u"))
    XCTAssertEqual(
      model.press(.enter), [.update("f", BookmarkDraft(name: "Forums", url: "https://forums.swift.org", folder: []))])
  }

  func testABadTagOrFolderIsRefusedOnItsFieldAndTheTextIsKept() {
    var model = Fixtures.model()
    model.press(.character("+"), .tab)
    model.type("example.org")
    model.press(.tab, .tab)
    model.type(String(repeating: "t", count: 65))
    XCTAssertEqual(model.press(.enter), [])
    XCTAssertEqual(model.state.dialog?.focus, .tags)
    XCTAssertEqual(model.state.dialog?.error, "A tag can be at most 64 characters; this one has 65.")
    model.press(.control("u"), .backTab)
    model.type("Bad\u{7}Folder")
    XCTAssertEqual(model.press(.enter), [])
    XCTAssertEqual(model.state.dialog?.focus, .folder)
    XCTAssertEqual(model.state.dialog?.error, "A folder name can't contain control or invisible characters.")
    XCTAssertEqual(model.state.dialog?.url.text, "example.org", "nothing typed is lost")
  }

  func testTheDialogFitsTheMinimumWindow() {
    var model = Fixtures.model(columns: 40, rows: 10)
    model.press(.character("+"))
    model.type("Name")
    let buffer = BookmarksScreen.render(model.state)
    let text = buffer.lines.joined(separator: "\n")
    for label in ["Name", "URL", "Folder", "Tags", "Notes", "[ Cancel ]", "[ Save ]"] {
      XCTAssertTrue(text.contains(label), "\(label) is drawn:\n\(text)")
    }
    assertScreen(buffer, named: "add-dialog-minimum-size")
  }
}

extension DialogOrganisationTests {
  func testFolderAndTagFieldsSuggestWhatIsInUseAndRightTakesIt() {
    let date = Fixtures.date
    var model = Fixtures.model([
      filed,
      Bookmark(
        id: "g", name: "G", url: "https://g.example", created: date, modified: date, folder: ["Toolbar", "Dev"],
        tags: ["swift"]),
      Bookmark(
        id: "h", name: "H", url: "https://h.example", created: date, modified: date, folder: ["Travel"],
        tags: ["tech"]),
    ])
    model.press(.character("+"), .tab)
    model.type("new.example")
    model.press(.tab)
    model.type("to")
    XCTAssertEqual(model.state.dialog?.suggestion, "olbar", "the most used folder starting with “to”: the parent")
    XCTAssertEqual(BookmarksScreen.keyHints(model.state).first, "→ complete · Tab next · Enter save")
    let screen = BookmarksScreen.render(model.state).lines.joined(separator: "\n")
    XCTAssertTrue(screen.contains("Folder toolbar"), screen)
    model.press(.right)
    XCTAssertEqual(model.state.dialog?.folder.text, "Toolbar", "spelled as stored: no second folder “toolbar”")
    XCTAssertEqual(model.state.dialog?.suggestion, "/Dev", "then the folder inside it")
    model.press(.right)
    XCTAssertEqual(model.state.dialog?.folder.text, "Toolbar/Dev")
    XCTAssertNil(model.state.dialog?.suggestion, "complete: nothing more to suggest")
    model.press(.tab)
    model.type("rust SW")
    XCTAssertEqual(model.state.dialog?.suggestion, "ift", "the word being typed")
    model.press(.right)
    model.type(" ")
    XCTAssertNil(model.state.dialog?.suggestion, "no word being typed")
    model.press(.left, .right)
    XCTAssertEqual(model.state.dialog?.tags.text, "rust swift ", "→ only moves the cursor without a suggestion")
  }
}
