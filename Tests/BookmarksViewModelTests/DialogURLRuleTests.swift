import BookmarkModel
import XCTest

/// The Add/Edit dialog takes URLs by the one URL rule (issues 16.3 and 14.16), as `add` and
/// `import` do.
final class DialogURLRuleTests: XCTestCase {
  func testTheDialogRefusesBidiAndInvisibleCharactersInAURL() {
    for url in ["https://e.example/\u{202E}gpj.exe", "https://e.example/\u{2066}x", "https://e.example/a\u{200B}b"] {
      var model = Fixtures.model()
      model.press(.character("a"), .tab)
      model.type(url)
      XCTAssertEqual(model.press(.enter), [], "\(url.debugDescription) is not saved")
      XCTAssertEqual(model.state.dialog?.error, "A URL can't contain invisible or formatting characters.")
    }
  }

  func testTheDialogKeepsOtherSchemesAsTextNamedForTheirURL() {
    var model = Fixtures.model()
    model.press(.character("a"), .tab)
    model.type("javascript:void(0)")
    XCTAssertEqual(model.press(.enter), [.add(BookmarkDraft(name: "javascript:void(0)", url: "javascript:void(0)"))])
  }

  func testARenameInTheDialogKeepsTheStoredURLVerbatim() {
    // A URL stored without a scheme (by an older import) is neither refused nor rewritten.
    var model = Fixtures.model([Fixtures.bookmark("old", "Old", "example.com")])
    model.press(.character("e"), .enter)
    XCTAssertEqual(model.state.dialog?.purpose, .edit("old"))
    model.press(.control("u"))
    model.type("Renamed")
    XCTAssertEqual(model.press(.enter), [.update("old", BookmarkDraft(name: "Renamed", url: "example.com"))])
  }
}
