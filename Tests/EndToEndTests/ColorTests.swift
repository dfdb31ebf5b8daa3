import Foundation
import XCTest

/// Colour and attributes: selection is reverse video with or without colour; colour is
/// used when allowed and dropped with `NO_COLOR`.
final class ColorTests: EndToEndTestCase {
  func testWithNoColorTheSelectedRowIsStillReverseVideo() throws {
    let home = try makeHome()
    try home.add("https://one.example", name: "One")
    try home.add("https://two.example", name: "Two")
    let app = try launch(home, environment: ["NO_COLOR": "1"])
    try app.waitFor("Two")

    var styled = try app.styledScreen()
    // The selected bookmark: both its rows reversed across the list (all but the last column).
    XCTAssertEqual(styled.ranges(row: 1) { $0.reverse }, "0–78", "selected name row\n\(styled.raw)")
    XCTAssertEqual(styled.ranges(row: 2) { $0.reverse }, "0–78", "selected URL row\n\(styled.raw)")
    XCTAssertEqual(styled.ranges(row: 3) { $0.reverse }, "none", styled.text(row: 3))
    XCTAssertEqual(styled.ranges(row: 4) { $0.reverse }, "none", styled.text(row: 4))
    XCTAssertTrue(styled.raw.contains("7m"), "an SGR with reverse video (7) was sent")
    // No colour anywhere.
    for (index, cells) in styled.rows.enumerated() {
      for cell in cells where cell.attributes.foreground != nil || cell.attributes.background != nil {
        XCTFail("row \(index) column \(cell.column) “\(cell.character)” is coloured: \(cell.attributes)")
      }
    }
    // Without colour the bars stand apart by bold text; the name is bold, the URL dim.
    for cell in styled.visibleCells(row: 0) {
      XCTAssertTrue(cell.attributes.bold, "top bar “\(cell.character)” at \(cell.column) is \(cell.attributes)")
    }
    XCTAssertEqual(styled.ranges(row: 1) { $0.bold }, "2–4", styled.text(row: 1))
    XCTAssertEqual(styled.ranges(row: 2) { $0.dim }, "2–20", styled.text(row: 2))

    // The highlight follows the selection.
    try app.press("Down")
    try app.waitFor("2/2")
    styled = try app.styledScreen()
    XCTAssertEqual(styled.ranges(row: 1) { $0.reverse }, "none", styled.text(row: 1))
    XCTAssertEqual(styled.ranges(row: 2) { $0.reverse }, "none", styled.text(row: 2))
    XCTAssertEqual(styled.ranges(row: 3) { $0.reverse }, "0–78", styled.text(row: 3))
    XCTAssertEqual(styled.ranges(row: 4) { $0.reverse }, "0–78", styled.text(row: 4))
  }

  func testColourIsUsedWhenAllowed() throws {
    let home = try makeHome()
    try home.add("https://one.example", name: "One")
    let app = try launch(home)
    try app.waitFor("One")

    // The bars are white on blue (colour pair 3).
    var styled = try app.styledScreen()
    let barCell = styled.rows[0].first { $0.character == "E" }
    XCTAssertNotNil(barCell?.attributes.background, "the top bar has a background colour\n\(styled.raw)")
    // The selection is reverse video in colour too.
    XCTAssertEqual(styled.ranges(row: 1) { $0.reverse }, "0–78", styled.text(row: 1))

    // The delete question is red (colour pair 2).
    try app.type("e")
    try app.waitUntil("Edit mode") { try app.lines()[0].hasPrefix(" Done") }
    try app.type("d")
    try app.waitFor("Press y to delete")
    styled = try app.styledScreen()
    let prompt = styled.rows[23].first { $0.character == "D" }
    XCTAssertTrue(
      ["31", "91", "38;5;1", "38;5;9"].contains(prompt?.attributes.foreground ?? "none"),
      "the delete question is red: \(prompt?.attributes.description ?? "no cell")\n\(styled.raw)")
  }
}
