import BookmarksDrawing
import BookmarksState
import BookmarksViewModel
import ScreenRendering
import XCTest

/// The key table drives both input and help, so help cannot drift; the bottom line shows
/// the keys of the current mode.
final class KeyTableTests: XCTestCase {
  func testNoKeyIsBoundTwice() {
    let keys = KeyBindings.list.flatMap(\.keys)
    XCTAssertEqual(Set(keys).count, keys.count)
  }

  func testEveryBindingRunsItsCommandAndIsInTheHelp() {
    let help = wholeHelp()
    for binding in KeyBindings.list {
      for key in binding.keys { XCTAssertEqual(KeyBindings.command(for: key), binding.command) }
      XCTAssertTrue(help.contains(binding.label), "help lacks “\(binding.label)”:\n\(help)")
      XCTAssertTrue(help.contains(binding.summary), "help lacks “\(binding.summary)”:\n\(help)")
      // A typed key is named in its label (`Tab 2 p`, not `Tab p`).
      for case .character(let character) in binding.keys {
        XCTAssertTrue(binding.label.contains(character), "“\(binding.label)” does not name \(character)")
      }
    }
  }

  /// Every screen's own table — the dialog's, the filter's (its syntax too), Resolve's,
  /// Recently Deleted's, the shelf's, the mouse's — is in the help, entry by entry, under
  /// its heading.
  func testEveryScreensTableIsInTheHelp() {
    let help = wholeHelp()
    for (heading, table) in KeyBindings.screens {
      XCTAssertTrue(help.contains(heading), "help lacks the heading “\(heading)”:\n\(help)")
      for entry in table {
        XCTAssertTrue(
          help.contains(entry.label + " ") && help.contains(entry.summary), "help lacks \(entry):\n\(help)")
      }
    }
    for syntax in ["\"a phrase\"", "#tag", "in:", "-word", "is:dead"] {
      XCTAssertTrue(help.contains(syntax), "help lacks \(syntax):\n\(help)")
    }
  }

  /// The help read page by page, as a person scrolls it.
  private func wholeHelp(columns: Int = 80, rows: Int = 24) -> String {
    var model = Fixtures.model(columns: columns, rows: rows)
    model.press(.character("?"))
    var pages: [String] = []
    for _ in 0..<20 {
      pages.append(BookmarksScreen.render(model.state).lines.joined(separator: "\n"))
      guard case .help(let before) = model.state.modal else { break }
      model.press(.pageDown)
      guard case .help(let after) = model.state.modal, after != before else { break }
    }
    return pages.joined(separator: "\n")
  }

  func testTheNewKeysAreInTheTable() {
    XCTAssertEqual(KeyBindings.command(for: .character("/")), .filter)
    XCTAssertEqual(KeyBindings.command(for: .character("o")), .openURL)
    XCTAssertEqual(KeyBindings.command(for: .character("y")), .copyURL)
    XCTAssertEqual(KeyBindings.command(for: .escape), .clear)
  }

  func testTheHelpIsOneColumnInANarrowWindow() {
    let help = wholeHelp(columns: 60, rows: 44)
    for binding in KeyBindings.list { XCTAssertTrue(help.contains(binding.summary), help) }
    XCTAssertTrue(help.contains("In the filter"), help)
  }

  func testTheBottomLineHintsFollowTheMode() {
    var model = Fixtures.model()
    XCTAssertTrue(bottom(model).hasSuffix("Enter open · + add · / find · ? help · q quit "), bottom(model))
    model.press(.character("e"))
    XCTAssertTrue(bottom(model).hasSuffix("Enter edit · d delete · e done · ? help · q quit "), bottom(model))
    model.press(.character("e"), .character("/"))
    XCTAssertTrue(bottom(model).hasSuffix("Enter keep · Esc clear · ↑↓ move "), bottom(model))
    model.type("a")
    model.press(.enter)
    XCTAssertTrue(bottom(model).hasSuffix("Enter open · y copy · / change · Esc clear "), bottom(model))
    model.press(.character("+"))
    XCTAssertTrue(bottom(model).hasSuffix("Tab next · Enter save · Esc cancel "), bottom(model))
    model.press(.escape, .character("?"))
    XCTAssertTrue(bottom(model).hasSuffix("↑↓ scroll · any other key closes "), bottom(model))
  }

  private func bottom(_ model: BookmarksViewModel) -> String {
    BookmarksScreen.render(model.state).lines[23]
  }
}
