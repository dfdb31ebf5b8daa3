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
    let help = BookmarksScreen.render(helpModel().state).lines.joined(separator: "\n")
    for binding in KeyBindings.list {
      for key in binding.keys { XCTAssertEqual(KeyBindings.command(for: key), binding.command) }
      XCTAssertTrue(help.contains(binding.label), "help lacks “\(binding.label)”:\n\(help)")
      XCTAssertTrue(help.contains(binding.summary), "help lacks “\(binding.summary)”:\n\(help)")
    }
    for line in KeyBindings.dialogHelp + KeyBindings.filterHelp + KeyBindings.mouseHelp {
      XCTAssertTrue(help.contains(line.label) && help.contains(line.summary), "help lacks \(line):\n\(help)")
    }
  }

  func testTheNewKeysAreInTheTable() {
    XCTAssertEqual(KeyBindings.command(for: .character("/")), .filter)
    XCTAssertEqual(KeyBindings.command(for: .character("o")), .openURL)
    XCTAssertEqual(KeyBindings.command(for: .character("y")), .copyURL)
    XCTAssertEqual(KeyBindings.command(for: .escape), .clear)
  }

  func testTheHelpIsOneColumnInANarrowWindow() {
    var model = Fixtures.model(columns: 60, rows: 44)
    model.press(.character("?"))
    let help = BookmarksScreen.render(model.state).lines.joined(separator: "\n")
    for binding in KeyBindings.list { XCTAssertTrue(help.contains(binding.summary), help) }
    XCTAssertTrue(help.contains("Filter and mouse"), help)
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
    XCTAssertTrue(bottom(model).hasSuffix("any key closes "), bottom(model))
  }

  private func helpModel() -> BookmarksViewModel {
    var model = Fixtures.model()
    model.press(.character("?"))
    return model
  }

  private func bottom(_ model: BookmarksViewModel) -> String {
    BookmarksScreen.render(model.state).lines[23]
  }
}
