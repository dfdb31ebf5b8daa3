import Foundation
import XCTest

/// Wide characters and untrusted text, as the terminal really draws them.
final class UnicodeRenderingTests: EndToEndTestCase {
  func testCJKAndEmojiNamesAreDrawnWithTheirURLsAlignedBeneath() throws {
    let home = try makeHome()
    try home.add("https://tokyo.example", name: "東京タワー")
    try home.add("https://launch.example", name: "🚀 Launch")
    let app = try launch(home)
    try app.waitFor("🚀 Launch")

    let lines = try app.lines()
    assertRow(lines, 1, "  東京タワー")
    assertRow(lines, 2, "  https://tokyo.example")
    assertRow(lines, 3, "  🚀 Launch")
    assertRow(lines, 4, "  https://launch.example")

    let styled = try app.styledScreen()
    // Names and URLs start in the same terminal column.
    for row in 1...4 {
      XCTAssertEqual(styled.visibleCells(row: row).first?.column, 2, "row \(row): \(styled.text(row: row))")
    }
    // The selected bookmark's highlight is one block: both rows reversed over the same
    // 79 columns, so the wide name took exactly the cells the app reserved for it.
    XCTAssertEqual(styled.ranges(row: 1) { $0.reverse }, "0–78", styled.text(row: 1))
    XCTAssertEqual(styled.ranges(row: 2) { $0.reverse }, "0–78", styled.text(row: 2))
    XCTAssertEqual(styled.ranges(row: 3) { $0.reverse }, "none", styled.text(row: 3))
    // The name's bold covers exactly its cells: 東京タワー is five characters in ten columns.
    XCTAssertEqual(styled.ranges(row: 1) { $0.bold }, "2–11", styled.text(row: 1))
    XCTAssertEqual(styled.ranges(row: 3) { $0.bold }, "2–10", styled.text(row: 3))
    // The bars are not pushed out of place: `+` in column 78, the hint ends in column 78.
    XCTAssertEqual(styled.visibleCells(row: 0).last?.column, 78, styled.text(row: 0))
    XCTAssertEqual(styled.visibleCells(row: 23).last?.column, 78, styled.text(row: 23))

    // In the Edit dialog the frame stays straight and the cursor sits right after the
    // name: the field starts in column 13.
    try assertEditDialog(app, name: "東京タワー", nameWidth: 10)
    try app.type("j")
    try app.waitFor("2/2")
    try assertEditDialog(app, name: "🚀 Launch", nameWidth: 9)
  }

  /// Emoji made of a one-cell symbol and U+FE0F, and flags, take two cells in Cloudy's
  /// buffer but one for `wcwidth`: the second cell must be repainted, not keep what the
  /// previous frame had there ("❤️o love"). Scrolling and filtering move them over old text.
  func testEmojiWithVariationSelectorsAndFlagsLeaveNoStaleCellsWhenTheListMoves() throws {
    let home = try makeHome()
    for index in 1...12 { try home.add("https://o\(index).example", name: "oooooooooooooooooooo \(index)") }
    let emoji = ["❤️ love", "☀️ sun", "✔️ done", "✈️ fly", "🇯🇵 Japan"]
    for (index, name) in emoji.enumerated() { try home.add("https://e\(index).example", name: name) }
    // How the pane shows each name: the symbol with its selector, then the cell Cloudy
    // fills with a space; a flag's two indicators in their two cells.
    let shown = ["  ❤️  love", "  ☀️  sun", "  ✔️  done", "  ✈️  fly", "  🇯🇵 Japan"]
    let app = try launch(home)
    try app.waitFor("oooooooooooooooooooo 1")

    try app.type("G")  // the emoji rows now stand where the long names were
    try app.waitFor("17/17")
    var lines = try app.lines()
    for (offset, row) in shown.enumerated() { assertRow(lines, 13 + 2 * offset, row) }

    try app.type("/")
    try app.type("e")  // every name but the flags' has an e somewhere: the rows shift
    try app.waitFor("of 17")
    try app.press("Escape")
    try app.waitFor("17/17")
    try app.type("g")
    try app.waitFor("1/17")
    try app.type("G")
    try app.waitFor("17/17")
    lines = try app.lines()
    for (offset, row) in shown.enumerated() { assertRow(lines, 13 + 2 * offset, row) }
  }

  private func assertEditDialog(
    _ app: TmuxSession, name: String, nameWidth: Int, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    try app.press("e", "Enter")  // Enter edits in Edit mode
    let screen = try app.waitFor("Edit Bookmark", file: file, line: line)
    let lines = try app.lines()
    XCTAssertTrue(lines[8].contains("│ Name   \(name)"), screen, file: file, line: line)
    for row in [9, 10] {
      // Columns up to and including the right edge of the frame (column 75).
      let framed = lines[row].trimmingTrailingSpaces
      XCTAssertTrue(framed.hasSuffix("│"), "row \(row): \(framed)", file: file, line: line)
      XCTAssertEqual(TerminalWidth.of(framed), 76, "row \(row): \(framed)", file: file, line: line)
    }
    XCTAssertEqual(
      try app.format("#{cursor_y},#{cursor_x}"), "8,\(13 + nameWidth)", screen, file: file, line: line)
    try app.press("Escape")
    try app.waitForAbsence(of: "Edit Bookmark", file: file, line: line)
    try app.press("e")  // out of Edit mode again
    try app.waitUntil("Edit mode ended", file: file, line: line) { try app.lines()[0].hasPrefix(" Edit") }
  }

  func testEscapeSequencesAndControlsInANameAreShownAsVisiblePlaceholders() throws {
    let home = try makeHome()
    let hostile = "\u{1B}[31mRED\u{1B}]0;pwned\u{07}\r\nX\u{202E}Y"
    try home.add("https://evil.example", name: hostile)
    let app = try launch(home)
    let screen = try app.waitFor("RED")

    let lines = try app.lines()
    let topBar = " Edit" + String(repeating: " ", count: 32) + "Cloudy" + String(repeating: " ", count: 35) + "+"
    assertRow(lines, 0, topBar)
    // One line: every control is a visible picture, the bidi override a replacement character.
    assertRow(lines, 1, "  ␛[31mRED␛]0;pwned␇␍␊X\u{FFFD}Y")
    assertRow(lines, 2, "  https://evil.example")
    assertRow(lines, 3, "")
    let left = " user-defaults · local · 1/1"
    let hint = "Enter open · + add · Tab shelf · ? help · q quit"
    assertRow(lines, 23, left + String(repeating: " ", count: 79 - hint.count - left.count) + hint)
    XCTAssertTrue(lines[1].contains("␛[31mRED"), screen)

    // Nothing reached the terminal as a sequence: no colour, no new title.
    let styled = try app.styledScreen()
    XCTAssertFalse(styled.raw.contains("\u{1B}[31m"), "the name's SGR reached the terminal")
    let nameCells = styled.rows[1].filter { $0.column >= 2 && $0.character != " " }
    XCTAssertFalse(nameCells.isEmpty)
    for cell in nameCells {
      XCTAssertNil(cell.attributes.foreground, "“\(cell.character)” in column \(cell.column) is coloured")
      XCTAssertEqual(cell.attributes, nameCells[0].attributes, "“\(cell.character)” in column \(cell.column)")
    }
    XCTAssertFalse(try app.format("#{pane_title}").contains("pwned"), "the name changed the window title")

    // `cloudy list` prints the same placeholders, never the raw bytes.
    let listed = try home.cli("list")
    XCTAssertTrue(listed.stdout.contains("␛[31mRED␛]0;pwned␇␍␊X"), listed.stdout)
    XCTAssertFalse(listed.stdout.contains("\u{1B}"), listed.stdout)
    XCTAssertEqual(try home.listedBookmarks().map(\.name), [hostile], "the name is stored as given")
  }
}
