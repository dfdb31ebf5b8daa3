import BookmarkStoreInterface
import BookmarksDrawing
import BookmarksState
import BookmarksViewModel
import ScreenRendering
import XCTest

/// Long text is never cut mid-word with no way to read the rest: boxes wrap at word
/// boundaries, a long bottom-line message takes a second line, and the help wraps its
/// summaries in a narrow window.
final class TextWrapTests: XCTestCase {
  /// Given a folder name with “/”, when it is saved, then the box shows the whole error,
  /// wrapped between words.
  func testTheFolderNameBoxWrapsItsError() {
    var model = Fixtures.model()
    model.press(.character("N"))
    model.type("a/b")
    model.press(.enter)
    let text = flattened(model)
    XCTAssertTrue(
      text.contains("A folder name can't contain “/”; to put a folder inside another, move it."), text)
  }

  /// Given an import of a file that is not there, then the box shows the whole error.
  func testTheImportBoxWrapsItsError() {
    var model = Fixtures.model(columns: 60)
    model.press(.character("I"))
    model.type("/nowhere/bookmarks.html")
    model.press(.enter)
    let message = "Can't read /nowhere/bookmarks.html (there is no such file); nothing was imported."
    _ = model.send(.importRead(.failure(FailureMessage(message))))
    XCTAssertTrue(flattened(model).contains(message), flattened(model))
  }

  /// Given the user-defaults store, which keeps no versions, when `H` is pressed, then
  /// no History box opens and the bottom line says in full why there is none and where
  /// there is.
  func testHistoryInAStoreWithoutVersionsSaysWhyInFull() {
    var model = Fixtures.model()
    XCTAssertEqual(model.press(.character("H")), [])
    XCTAssertNil(model.state.modal)
    XCTAssertTrue(flattened(model).contains(StoreError.noHistory(.userDefaults).description), flattened(model))
  }

  /// A message longer than the bottom line takes the lines above it too (at most two more),
  /// the hint beside its end when it fits.
  func testALongMessageWrapsToASecondLine() {
    var model = Fixtures.model(columns: 40, rows: 10)
    let message = "Copied https://example.com/launch?step=1 to the clipboard (OSC 52 through tmux)."
    _ = model.send(.urlActionFinished(StatusMessage(message)))
    let lines = BookmarksScreen.render(model.state).lines
    let bottom = normalised(lines[7...9].joined(separator: " "))
    XCTAssertTrue(bottom.contains(message), lines.joined(separator: "\n"))
    // The list keeps all but its last line.
    XCTAssertTrue(lines[1].contains("Apple"), lines.joined(separator: "\n"))
  }

  /// At the smallest size the help wraps what a key does instead of cutting it.
  func testTheHelpAtTheSmallestSizeCutsNothing() {
    var model = Fixtures.model(columns: 40, rows: 10)
    model.press(.character("?"))
    var pages: [String] = []
    for _ in 0..<200 {
      pages.append(flattened(model))
      guard case .help(let before) = model.state.modal else { break }
      model.press(.down)
      guard case .help(let after) = model.state.modal, after != before else { break }
    }
    let help = pages.joined(separator: " ")
    for summary in KeyBindings.list.map(\.summary) + KeyBindings.screens.flatMap({ $0.keys.map(\.summary) }) {
      XCTAssertTrue(help.contains(summary), "help cuts “\(summary)”:\n\(help)")
    }
    // Its footer too says in full how to scroll and close it.
    XCTAssertTrue(help.contains("other keys close"), help)
  }

  /// The screen's text with box borders gone and runs of spaces made one, so wrapped text
  /// reads as one sentence.
  private func flattened(_ model: BookmarksViewModel) -> String {
    normalised(BookmarksScreen.render(model.state).lines.joined(separator: " "))
  }

  private func normalised(_ text: String) -> String {
    let plain = text.map { "│┃║".contains($0) ? " " : $0 }
    return String(plain).split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
  }
}
